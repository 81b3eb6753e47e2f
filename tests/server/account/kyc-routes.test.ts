import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGES_PER_DAY } from '../../../server/account/kyc-routes.ts';
import { MAX_IMAGE_BYTES } from '../../../server/account/upload.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { JPEG, PNG } from './fixtures.ts';
import { formPost, get, registerByEmail } from './helpers.ts';

function multipart(file: Buffer, name = 'a.png', type = 'image/png') {
  const boundary = '----tickstream';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n`),
    Buffer.from(`Content-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('KYC', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = (headers: Record<string, string>, body: { payload: Buffer; headers: Record<string, string> }) =>
    t.server.inject({
      method: 'POST',
      url: '/uc/upload/oss/image',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });

  it('stores uploaded images under the data folder, by their real type', async () => {
    const user = await registerByEmail(t, 'kyc-upload@example.com');
    const res = await upload(user.headers, multipart(PNG));
    expect(res.json()).toMatchObject({ code: 0, data: { mime: 'image/png', size: PNG.length } });
    const raw = await upload(user.headers, { payload: JPEG, headers: { 'content-type': 'image/jpeg' } });
    expect(raw.json().data.mime).toBe('image/jpeg');
    const file = join(t.dataDir, 'kyc', String(user.id), `${res.json().data.id}.png`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).equals(PNG)).toBe(true);
  });

  it('refuses other types, whatever they claim to be, and images over 5 MB; nothing is stored', async () => {
    const user = await registerByEmail(t, 'kyc-limits@example.com');
    const h = { ...user.headers, lang: 'en_US' };
    const svg = await upload(h, multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png'));
    expect(svg.json()).toMatchObject({ code: 4124, message: 'Only JPG, PNG and WEBP images are accepted' });
    const html = await upload(h, { payload: Buffer.from('<html></html>'), headers: { 'content-type': 'image/png' } });
    expect(html.json().code).toBe(4124);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooBig = await upload(h, multipart(big));
    expect(tooBig.json()).toMatchObject({ code: 4124, message: 'The image must not exceed 5 MB' });
    const huge = await upload(h, {
      payload: Buffer.alloc(MAX_IMAGE_BYTES + 128 * 1024),
      headers: { 'content-type': 'image/png' },
    });
    expect(huge.json().code).not.toBe(0);
    const text = await t.server.inject({
      method: 'POST',
      url: '/uc/upload/oss/image',
      payload: 'hello',
      headers: { ...h, 'content-type': 'text/plain' },
    });
    expect(text.json().code).not.toBe(0);
    expect(existsSync(join(t.dataDir, 'kyc', String(user.id)))).toBe(false);
  });

  it('takes the real-name form with the user’s own images, reports review status, and refuses a second submission', async () => {
    const user = await registerByEmail(t, 'kyc-form@example.com');
    const other = await registerByEmail(t, 'kyc-other@example.com');
    const front = (await upload(user.headers, multipart(PNG))).json().data.id;
    const foreign = (await upload(other.headers, multipart(PNG))).json().data.id;
    expect((await get(t, '/uc/approve/real/name/status', user.headers)).json().data).toEqual({ status: 0 });
    const form = { realName: 'Nguyen Van A', country: 'VN', idType: 1, idCard: '079123456789' };
    const stolen = (await formPost(t, '/uc/approve/real/name', { ...form, frontImage: foreign }, user.headers)).json();
    expect(stolen.code).toBe(4125);
    const sent = (await formPost(t, '/uc/approve/real/name', { ...form, frontImage: front }, user.headers)).json();
    expect(sent).toMatchObject({ code: 0, data: { status: 1 } });
    const status = (await get(t, '/uc/approve/real/name/status', user.headers)).json().data;
    expect(status).toMatchObject({ status: 1, country: 'VN', realName: 'N***********', idCard: '07****89' });
    const twice = (await formPost(t, '/uc/approve/real/name', { ...form, frontImage: front }, user.headers)).json();
    expect(twice.code).toBe(4125);
    // The document is now taken for everyone else.
    const check = (
      await formPost(
        t,
        '/uc/approve/account/check-id',
        { country: 'VN', idType: 1, idCard: '079123456789' },
        other.headers,
      )
    ).json();
    expect(check.data).toEqual({ available: false });
    const otherFront = (await upload(other.headers, multipart(PNG))).json().data.id;
    const dup = (await formPost(t, '/uc/approve/real/name', { ...form, frontImage: otherFront }, other.headers)).json();
    expect(dup.code).toBe(4125);

    // Dev review: approval sets the KYC country and realVerified.
    const review = (await formPost(t, '/dev/kyc/review', { uid: user.uid, approve: 'true' })).json();
    expect(review.code).toBe(0);
    const info = (await get(t, '/uc/member/my-info', user.headers)).json().data;
    expect(info).toMatchObject({ kycTwoCode: 'VN', realVerified: 1 });
  });

  it('lets a rejected applicant submit again', async () => {
    const user = await registerByEmail(t, 'kyc-retry@example.com');
    const front = (await upload(user.headers, multipart(PNG))).json().data.id;
    const form = { realName: 'Tran B', country: 'VN', idCard: 'B1234567', idType: 2, frontImage: front };
    await formPost(t, '/uc/approve/real/name', form, user.headers);
    await formPost(t, '/dev/kyc/review', { uid: user.uid, approve: 'false', reason: 'blurry' });
    expect((await get(t, '/uc/approve/real/name/status', user.headers)).json().data).toMatchObject({
      status: 3,
      reason: 'blurry',
    });
    expect((await formPost(t, '/uc/approve/real/name', form, user.headers)).json().data.status).toBe(1);
  });
});

describe('KYC upload quota', () => {
  it('stops an account after 20 images a day', async () => {
    const t = await buildTestApp();
    try {
      const user = await registerByEmail(t, 'kyc-quota@example.com');
      const send = () =>
        t.server.inject({
          method: 'POST',
          url: '/uc/upload/oss/image',
          payload: PNG,
          headers: { ...user.headers, 'content-type': 'image/png' },
        });
      for (let i = 0; i < MAX_IMAGES_PER_DAY; i++) expect((await send()).json().code).toBe(0);
      expect((await send()).json().code).toBe(429);
      t.advance(24 * 60 * 60 * 1000);
      expect((await send()).json().code).toBe(0);
    } finally {
      await t.close();
    }
  });
});
