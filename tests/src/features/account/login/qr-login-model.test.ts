import { describe, expect, it } from 'vitest';
import { ApiCode } from '../../../../../common/api.ts';
import { QR_STATUS } from '../../../../../common/contracts/qr-login.ts';
import { initialAccount } from '../../../../../src/features/account/form/account-model.ts';
import {
  afterPassword,
  initialLogin,
  type LoginAction,
  loginOutcome,
  planLogin,
  planResend,
  reduceLogin,
} from '../../../../../src/features/account/login/login-model.ts';
import {
  approvalUrl,
  isLive,
  type QrPanel,
  reduceQr,
} from '../../../../../src/features/account/login/qr-login-model.ts';

describe('QR login panel model (spec shell §7 QR login)', () => {
  const live: QrPanel = { phase: 'waiting', qrcodeId: 'id-0123456789abcdef', key: 'key-0123456789abcdef' };

  it('shows the QR once generated, and a failure when generate was refused', () => {
    const loaded = reduceQr({ phase: 'loading' }, { type: 'generated', ok: true, qrcodeId: 'a'.repeat(20), key: 'k' });
    expect(loaded).toEqual({ phase: 'waiting', qrcodeId: 'a'.repeat(20), key: 'k' });
    expect(isLive(loaded)).toBe(true);
    expect(reduceQr({ phase: 'loading' }, { type: 'generated', ok: false })).toEqual({ phase: 'failed' });
  });

  it('follows the status: scanned, rejected, expired; approved only with the session', () => {
    const scanned = reduceQr(live, { type: 'polled', ok: true, status: QR_STATUS.scanned });
    expect(scanned).toMatchObject({ phase: 'scanned', qrcodeId: live.qrcodeId });
    expect(reduceQr(scanned, { type: 'polled', ok: true, status: QR_STATUS.rejected })).toEqual({ phase: 'rejected' });
    expect(reduceQr(live, { type: 'polled', ok: true, status: QR_STATUS.expired })).toEqual({ phase: 'expired' });
    expect(reduceQr(live, { type: 'polled', ok: true, status: QR_STATUS.used })).toEqual({ phase: 'expired' });
    expect(reduceQr(scanned, { type: 'polled', ok: true, status: QR_STATUS.approved })).toBe(scanned);
    expect(reduceQr(scanned, { type: 'polled', ok: true, status: QR_STATUS.approved, token: 't' })).toEqual({
      phase: 'done',
    });
  });

  it('treats a refused poll as a dead QR, ignores late polls, and starts over on refresh', () => {
    expect(reduceQr(live, { type: 'polled', ok: false })).toEqual({ phase: 'expired' });
    const expired: QrPanel = { phase: 'expired' };
    expect(reduceQr(expired, { type: 'polled', ok: true, status: QR_STATUS.waiting })).toBe(expired);
    expect(isLive(expired)).toBe(false);
    expect(reduceQr(expired, { type: 'refresh' })).toEqual({ phase: 'loading' });
  });

  it('encodes only the request id in the approval URL, never the key', () => {
    const url = approvalUrl('https://x.test', live.qrcodeId);
    expect(url).toBe(`https://x.test/qrcode/confirm?qrcodeId=${live.qrcodeId}`);
    expect(url).not.toContain(live.key);
  });
});

describe('device-authorised login model (spec shell §7 /uc/login code)', () => {
  const typed = (...actions: LoginAction[]) => actions.reduce(reduceLogin, initialLogin(initialAccount(null, '84')));
  const filled = typed(
    { type: 'account', patch: { mode: 'email', email: 'a@b.co' } },
    { type: 'password', value: 'P' },
  );

  it('asks for the code when the server answers deviceCodeRequired, and sends it with the login', () => {
    expect(loginOutcome({ code: ApiCode.deviceCodeRequired, ok: false })).toBe('device');
    const asked = afterPassword({ ...filled, busy: true }, 'device', undefined);
    expect(asked).toMatchObject({ deviceStep: true, busy: false });
    const empty = planLogin(asked);
    expect(empty.send).toBeNull();
    expect(empty.state.error).toEqual({ field: 'deviceCode', rule: 'codeRequired' });
    const withCode = reduceLogin(asked, { type: 'deviceCode', value: ' 12a34 56' });
    expect(withCode.deviceCode).toBe('123456');
    expect(planLogin(withCode).send).toMatchObject({ username: 'a@b.co', password: 'P', code: '123456' });
  });

  it('resends without a code, and forgets the step when the account or password changes', () => {
    const asked = reduceLogin(afterPassword(filled, 'device', undefined), { type: 'deviceCode', value: '123456' });
    expect(planResend(asked).send).toMatchObject({ code: '' });
    expect(planResend(filled).send).toBeNull();
    const retyped = reduceLogin(asked, { type: 'password', value: 'Q' });
    expect(retyped).toMatchObject({ deviceStep: false, deviceCode: '' });
    expect(planLogin(retyped).send).toMatchObject({ code: '' });
  });
});
