import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_STATUS, QR_TTL_MS } from '../../../common/contracts/qr-login.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, sessionFor } from '../requests.ts';

describe('QR login (/uc/qrcode/*)', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = await sessionFor(t, await demoUserId(t));
    other = await sessionFor(t, await createUser(t.db, 'qr-other'));
  });
  afterAll(() => t.close());

  const generate = async () => {
    const body = (await formPost(t, '/uc/qrcode/generate', {})).json();
    expect(body.code).toBe(0);
    return body.data as { qrcodeId: string; key: string; expireTime: number };
  };
  const status = (qr: { qrcodeId: string; key: string }, extra: Record<string, string> = {}) =>
    formPost(t, '/uc/qrcode/status', { qrcodeId: qr.qrcodeId, key: qr.key, ...extra });
  const scan = (qrcodeId: string, headers = demo) => formPost(t, '/uc/qrcode/scan', { qrcodeId }, headers);
  const confirm = (qrcodeId: string, approve: number, headers = demo) =>
    formPost(t, '/uc/qrcode/confirm', { qrcodeId, approve }, headers);

  it('goes waiting → scanned → approved, and the first poll after approval gets a working session, once', async () => {
    const qr = await generate();
    expect(Buffer.from(qr.qrcodeId, 'base64url')).toHaveLength(32);
    expect((await status(qr)).json().data).toMatchObject({ status: QR_STATUS.waiting });
    const scanned = (await scan(qr.qrcodeId)).json();
    expect(scanned).toMatchObject({ code: 0, data: { status: QR_STATUS.scanned, ip: '127.0.0.1' } });
    expect((await scan(qr.qrcodeId)).json().code).toBe(0);
    expect((await status(qr)).json().data.status).toBe(QR_STATUS.scanned);
    expect((await confirm(qr.qrcodeId, 1)).json().code).toBe(0);

    const res = await status(qr, { deviceCode: 'qr-device-0123456789' });
    const body = res.json();
    expect(body.data.status).toBe(QR_STATUS.approved);
    expect(res.headers['x-auth-token']).toBe(body.data.token);
    const info = (await formPost(t, '/uc/member/my-info', {}, { 'x-auth-token': body.data.token })).json();
    expect(info.data.username).toBe(DEMO_ACCOUNT.username);

    const again = await status(qr);
    expect(again.json().data).toEqual({ status: QR_STATUS.used, expireTime: qr.expireTime });
    expect(again.headers['x-auth-token']).toBeUndefined();
  });

  it('stores only hashes of the id and the key', async () => {
    const qr = await generate();
    const rows = await t.db
      .withTables<{ qr_logins: { id_hash: string; key_hash: string } }>()
      .selectFrom('qr_logins')
      .select(['id_hash', 'key_hash'])
      .execute();
    expect(rows.flatMap((r) => [r.id_hash, r.key_hash])).not.toContain(qr.qrcodeId);
    expect(rows.flatMap((r) => [r.id_hash, r.key_hash])).not.toContain(qr.key);
  });

  it('never gives the session of a rejected request', async () => {
    const qr = await generate();
    await scan(qr.qrcodeId);
    expect((await confirm(qr.qrcodeId, 0)).json().code).toBe(0);
    const res = await status(qr);
    expect(res.json().data).toEqual({ status: QR_STATUS.rejected, expireTime: qr.expireTime });
    expect(res.headers['x-auth-token']).toBeUndefined();
    expect((await confirm(qr.qrcodeId, 1)).json().code).toBe(4129);
  });

  it('refuses a poll without the generating page key, or of an unknown id', async () => {
    const qr = await generate();
    const other = await generate();
    expect((await status({ qrcodeId: qr.qrcodeId, key: other.key }, { lang: 'en_US' })).json()).toMatchObject({
      code: 4129,
    });
    const unknown = await formPost(
      t,
      '/uc/qrcode/status',
      { qrcodeId: 'A'.repeat(43), key: qr.key },
      { lang: 'en_US' },
    );
    expect(unknown.json()).toMatchObject({
      code: 4129,
      message: 'This QR code is not valid or was already used, please refresh it',
    });
    expect((await formPost(t, '/uc/qrcode/status', { qrcodeId: 'x y', key: qr.key })).json().code).not.toBe(0);
  });

  it('needs a signed-in user to scan or confirm, and only the scanning user may confirm', async () => {
    const qr = await generate();
    expect((await scan(qr.qrcodeId, {})).statusCode).toBe(401);
    expect((await confirm(qr.qrcodeId, 1)).json().code).toBe(4129); // not scanned yet
    await scan(qr.qrcodeId);
    expect((await scan(qr.qrcodeId, other)).json().code).toBe(4129);
    expect((await confirm(qr.qrcodeId, 1, other)).json().code).toBe(4129);
    expect((await status(qr)).json().data.status).toBe(QR_STATUS.scanned);
    expect((await confirm(qr.qrcodeId, 2)).statusCode).toBe(400);
  });

  it('expires after its lifetime: no scan, no approval, no session', async () => {
    const qr = await generate();
    await scan(qr.qrcodeId);
    const late = await generate();
    t.advance(QR_TTL_MS);
    expect((await status(qr)).json().data.status).toBe(QR_STATUS.expired);
    expect((await confirm(qr.qrcodeId, 1, demo)).json()).toMatchObject({ code: 4130 });
    expect((await scan(late.qrcodeId)).json()).toMatchObject({ code: 4130 });

    const approved = await generate();
    await scan(approved.qrcodeId);
    await confirm(approved.qrcodeId, 1);
    t.advance(QR_TTL_MS);
    const res = await status(approved);
    expect(res.json().data.status).toBe(QR_STATUS.expired);
    expect(res.headers['x-auth-token']).toBeUndefined();
  });

  it('rate-limits generation like the login', async () => {
    let limited = false;
    for (let i = 0; i < 70 && !limited; i++) {
      limited = (await formPost(t, '/uc/qrcode/generate', {})).statusCode === 429;
    }
    expect(limited).toBe(true);
  });
});
