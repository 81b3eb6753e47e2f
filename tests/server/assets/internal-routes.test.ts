import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { movesDb } from '../../../server/assets/moves-tables.ts';
import { newTotpSecret, totp } from '../../../server/auth/totp.ts';
import { WALLETS } from '../../../server/ledger/accounts.ts';
import { lastCode, outbox } from '../account/helpers.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, get, sessionFor, T0 } from '../requests.ts';

const DEMO_EMAIL = 'demo@tickstream.local';

/** Internal transfer to another member (spec shell §7: member-exist, fee-info, code, transfer-check, transfer). */
describe('internal transfers', () => {
  let t: TestApp;
  let demoId: number;
  let demo: Record<string, string>;
  let bobId: number;
  let bob: Record<string, string>;
  let bobUid: string;

  const post = (url: string, fields: Record<string, string | number>, headers = demo) =>
    t.server.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US', ...headers },
    });
  const funds = (userId: number, coin: string) =>
    t.server.exchange.accounts.pocketAmount({ userId, wallet: 'funds' }, coin);
  const snapshot = async () => {
    const users = [demoId, bobId].map((id) =>
      WALLETS.map((w) => [...t.server.exchange.accounts.walletBalancesOf(id, w)]),
    );
    const rows = await movesDb(t.db)
      .selectFrom('internal_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return JSON.stringify({ users, rows: rows.n, fees: t.server.exchange.accounts.systemBalance('fees', 'USDT') });
  };
  /** A fresh e-mail code for the demo user's internal transfers (a minute apart: the resend rule). */
  const demoCode = async () => {
    t.advance(61_000);
    expect((await post('/uc/internal-transfer/code', { type: 'email' })).json().code).toBe(0);
    return lastCode(t, DEMO_EMAIL, 'INTERNAL');
  };

  beforeAll(async () => {
    t = await buildTestApp();
    demoId = await demoUserId(t);
    demo = await sessionFor(t, demoId);
    bobId = await createUser(t.db, 'bob');
    bob = await sessionFor(t, bobId);
    bobUid = (await t.server.store.users.findById(bobId))?.uid ?? '';
    // The demo user's money is in spot: move some to funds, where internal transfers start.
    const moved = await post('/uc/asset-transfer/transfer', {
      coin: 'USDT',
      amount: '1000',
      from: 'spot',
      to: 'funds',
    });
    expect(moved.json().code).toBe(0);
  });
  afterAll(() => t.close());

  it('tells whether a member exists with a masked name, and nothing more', async () => {
    const byUid = (await post('/uc/internal-transfer/member-exist', { type: 'uid', value: bobUid })).json();
    expect(byUid).toEqual({ code: 0, message: 'success', data: { exist: true, name: 'b***b', self: false } });
    const byEmail = (
      await post('/uc/internal-transfer/member-exist', { type: 'email', value: 'BOB@example.com' })
    ).json();
    expect(byEmail.data).toEqual({ exist: true, name: 'b***b', self: false });
    const none = (
      await post('/uc/internal-transfer/member-exist', { type: 'email', value: 'nobody@example.com' })
    ).json();
    expect(none.data).toEqual({ exist: false, name: null, self: false });
    const self = (await post('/uc/internal-transfer/member-exist', { type: 'email', value: DEMO_EMAIL })).json();
    expect(self.data).toMatchObject({ exist: true, self: true });
    const badType = (await post('/uc/internal-transfer/member-exist', { type: 'name', value: 'bob' })).json();
    expect(badType.message).toBe('Choose how to name the recipient: UID, e-mail or phone');
    const badUid = (await post('/uc/internal-transfer/member-exist', { type: 'uid', value: '12ab' })).json();
    expect(badUid.message).toBe('The recipient is not written correctly');
  });

  it('finds a member by phone, with or without the area code', async () => {
    await t.db.updateTable('users').set({ mobile: '912345678', area_code: '84' }).where('id', '=', bobId).execute();
    try {
      const withArea = (
        await post('/uc/internal-transfer/member-exist', { type: 'mobile', value: '912345678', areaCode: '+84' })
      ).json();
      expect(withArea.data).toMatchObject({ exist: true, name: 'b***b' });
      const wrongArea = (
        await post('/uc/internal-transfer/member-exist', { type: 'mobile', value: '912345678', areaCode: '1' })
      ).json();
      expect(wrongArea.data.exist).toBe(false);
      const plain = (await post('/uc/internal-transfer/member-exist', { type: 'phone', value: '912345678' })).json();
      expect(plain.data.exist).toBe(true);
    } finally {
      await t.db.updateTable('users').set({ mobile: null, area_code: null }).where('id', '=', bobId).execute();
    }
  });

  it('is free with no minimum by default, and shows the funds available', async () => {
    const info = (await get(t, '/uc/internal-transfer/fee-info?coin=usdt', demo)).json();
    expect(info.data).toEqual({
      coin: 'USDT',
      decimals: 6,
      fee: '0',
      minAmount: '0',
      enabled: true,
      available: '1000',
    });
    const unknown = (await get(t, '/uc/internal-transfer/fee-info?coin=NOPE', { ...demo, lang: 'en_US' })).json();
    expect(unknown.message).toBe('Unknown coin: NOPE');
  });

  it('sends the code to the bound e-mail, once a minute', async () => {
    t.advance(61_000);
    expect((await post('/uc/internal-transfer/code', { type: 'email' })).json().code).toBe(0);
    const sent = (await outbox(t))[0];
    expect(sent).toMatchObject({ channel: 'email', destination: DEMO_EMAIL, purpose: 'INTERNAL' });
    const again = (await post('/uc/internal-transfer/code', { type: 'email' })).json();
    expect(again.code).toBe(ApiCode.codeResendTooSoon);
    const phone = (await post('/uc/internal-transfer/code', { type: 'phone' })).json();
    expect(phone.code).toBe(ApiCode.bindingConflict);
    expect((await post('/uc/internal-transfer/code', { type: 'fax' })).json().message).toBe('Invalid parameter: type');
  });

  it('checks a transfer without moving money or spending the code, then moves it with that code', async () => {
    const code = await demoCode();
    const fields = { coin: 'USDT', amount: '12.5', type: 'uid', value: bobUid, emailCode: code };
    const before = await snapshot();
    const check = (await post('/uc/internal-transfer/transfer-check', fields)).json();
    expect(check.data).toEqual({
      coin: 'USDT',
      amount: '12.5',
      fee: '0',
      arrivedAmount: '12.5',
      recipient: { type: 'uid', name: 'b***b' },
    });
    expect(await snapshot()).toBe(before);
    const demoFunds = funds(demoId, 'USDT');
    const done = (await post('/uc/internal-transfer/transfer', fields)).json();
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({
      coin: 'USDT',
      amount: '12.5',
      fee: '0',
      arrivedAmount: '12.5',
      direction: 'out',
      counterparty: bobUid,
      recipientType: 'uid',
      status: 1,
    });
    expect(funds(demoId, 'USDT')).toBe(demoFunds - 12_500_000);
    expect(funds(bobId, 'USDT')).toBe(12_500_000);
    t.server.exchange.accounts.assertConserved();
    t.server.exchange.sync();
    const lines = await t.db
      .selectFrom('ledger_entries')
      .select(['account', 'amount', 'kind'])
      .where('txn_id', '=', `internal:${done.data.id}`)
      .orderBy('amount')
      .execute();
    expect(lines).toEqual([
      { account: `user:${demoId}:funds`, amount: -12_500_000, kind: 'internal_transfer' },
      { account: `user:${bobId}:funds`, amount: 12_500_000, kind: 'internal_transfer' },
    ]);
    // The code is spent: the same submit again is refused and moves nothing.
    const after = await snapshot();
    const repeat = (await post('/uc/internal-transfer/transfer', fields)).json();
    expect(repeat.code).toBe(ApiCode.codeInvalid);
    expect(await snapshot()).toBe(after);
  });

  it('tells the recipient with an in-site message in their language', async () => {
    const page = (await get(t, '/uc/message/page', { ...bob, lang: 'en_US' })).json().data;
    const message = page.records.find((m: { type: string }) => m.type === 'internalTransferIn');
    expect(message).toMatchObject({
      title: 'Internal transfer received',
      content: 'You received 12.5 USDT from d***o by internal transfer. It is in your funding account.',
    });
  });

  it('lists sent and received transfers to each side, masked, 10 a page', async () => {
    const mine = (await get(t, '/uc/internal-transfer/list', demo)).json().data;
    expect(mine).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 });
    expect(mine.records[0]).toMatchObject({ direction: 'out', counterparty: bobUid });
    const theirs = (await get(t, '/uc/internal-transfer/list?direction=in', bob)).json().data;
    expect(theirs.records).toHaveLength(1);
    expect(theirs.records[0]).toMatchObject({ direction: 'in', counterparty: 'd***o', arrivedAmount: '12.5' });
    expect((await get(t, '/uc/internal-transfer/list?direction=out', bob)).json().data.total).toBe(0);
    const stranger = await sessionFor(t, await createUser(t.db, 'stranger'));
    expect((await get(t, '/uc/internal-transfer/list', stranger)).json().data.total).toBe(0);
    expect((await get(t, '/uc/internal-transfer/list?direction=up', demo)).json().code).toBe(ApiCode.badRequest);
  });

  it.each([
    ['to oneself', { type: 'email', value: DEMO_EMAIL }, 'You cannot transfer to yourself'],
    ['to nobody', { type: 'uid', value: '99999999' }, 'No member matches this recipient'],
    ['a bad e-mail', { type: 'email', value: 'not-an-email' }, 'The e-mail address is invalid'],
    ['a negative amount', { amount: '-1' }, 'Please enter an amount greater than 0'],
    ['too many decimals', { amount: '0.0000001' }, 'USDT allows at most 6 decimals'],
    ['more than the funds wallet holds', { amount: '5000' }, 'Insufficient balance: 987.5 USDT available'],
    ['an unknown coin', { coin: 'NOPE' }, 'Unknown coin: NOPE'],
    ['a missing code', { emailCode: '' }, 'Please enter the e-mail verification code'],
    ['a wrong code', { emailCode: '000000' }, 'The verification code is incorrect'],
  ])('refuses a transfer %s, changing nothing', async (_name, change, message) => {
    const fields = { coin: 'USDT', amount: '1', type: 'uid', value: bobUid, emailCode: '123456', ...change };
    const before = await snapshot();
    const body = (await post('/uc/internal-transfer/transfer', fields)).json();
    expect(body.code).not.toBe(0);
    expect(body.message).toBe(message);
    expect(await snapshot()).toBe(before);
  });

  it('refuses while withdrawals are locked after a password change', async () => {
    await t.server.account.repo.updateSecurity(demoId, { withdraw_locked_until: t.server.clock() + 3_600_000 }, T0);
    try {
      const before = await snapshot();
      const body = (
        await post('/uc/internal-transfer/transfer-check', { coin: 'USDT', amount: '1', type: 'uid', value: bobUid })
      ).json();
      expect(body).toMatchObject({ code: ApiCode.forbidden });
      expect(body.message).toMatch(/suspended for 24 hours/);
      expect(await snapshot()).toBe(before);
    } finally {
      await t.server.account.repo.updateSecurity(demoId, { withdraw_locked_until: 0 }, T0);
    }
  });

  it('moves once for a double submit with the same request id', async () => {
    const code = await demoCode();
    const fields = {
      coin: 'USDT',
      amount: '2',
      type: 'email',
      value: 'bob@example.com',
      emailCode: code,
      requestId: 'r-1',
    };
    const bobFunds = funds(bobId, 'USDT');
    const [a, b] = await Promise.all([
      post('/uc/internal-transfer/transfer', fields),
      post('/uc/internal-transfer/transfer', fields),
    ]);
    expect(a.json().code).toBe(0);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(b.json().data.counterparty).toBe('bo***@example.com');
    expect((await post('/uc/internal-transfer/transfer', fields)).json().data.id).toBe(a.json().data.id);
    expect(funds(bobId, 'USDT')).toBe(bobFunds + 2_000_000);
  });

  it('takes a coin’s fee to the fees account and keeps its minimum', async () => {
    await movesDb(t.db)
      .insertInto('internal_transfer_coins')
      .values({ coin: 'USDT', fee: '0.5', min_amount: '2', enabled: 1 })
      .execute();
    try {
      const info = (await get(t, '/uc/internal-transfer/fee-info?coin=USDT', demo)).json().data;
      expect(info).toMatchObject({ fee: '0.5', minAmount: '2' });
      const base = { coin: 'USDT', type: 'uid', value: bobUid };
      const small = (await post('/uc/internal-transfer/transfer-check', { ...base, amount: '1.999999' })).json();
      expect(small.message).toBe('The minimum amount is 2 USDT');
      const code = await demoCode();
      const fees = t.server.exchange.accounts.systemBalance('fees', 'USDT');
      const bobFunds = funds(bobId, 'USDT');
      const done = (await post('/uc/internal-transfer/transfer', { ...base, amount: '10', emailCode: code })).json();
      expect(done.data).toMatchObject({ amount: '10', fee: '0.5', arrivedAmount: '9.5' });
      expect(funds(bobId, 'USDT')).toBe(bobFunds + 9_500_000);
      expect(t.server.exchange.accounts.systemBalance('fees', 'USDT')).toBe(fees + 500_000);
      t.server.exchange.accounts.assertConserved();
      t.server.exchange.sync();
      const kinds = await t.db
        .selectFrom('ledger_entries')
        .select(['kind', 'amount', 'account'])
        .where('txn_id', '=', `internal:${done.data.id}`)
        .where('kind', '=', 'internal_fee')
        .orderBy('amount')
        .execute();
      expect(kinds).toEqual([
        { kind: 'internal_fee', amount: -500_000, account: `user:${demoId}:funds` },
        { kind: 'internal_fee', amount: 500_000, account: 'fees' },
      ]);
      await movesDb(t.db).updateTable('internal_transfer_coins').set({ fee: '3', min_amount: '0' }).execute();
      const eaten = (await post('/uc/internal-transfer/transfer-check', { ...base, amount: '3' })).json();
      expect(eaten.message).toBe('The amount must be greater than the fee of 3 USDT');
      await movesDb(t.db).updateTable('internal_transfer_coins').set({ enabled: 0 }).execute();
      const off = (await post('/uc/internal-transfer/transfer-check', { ...base, amount: '5' })).json();
      expect(off.message).toBe('Internal transfers of USDT are not available');
    } finally {
      await movesDb(t.db).deleteFrom('internal_transfer_coins').execute();
    }
  });

  it('needs every bound channel’s code and the Google code when it is on', async () => {
    const carolId = await createUser(t.db, 'carol');
    await t.db.updateTable('users').set({ mobile: '987654321', area_code: '84' }).where('id', '=', carolId).execute();
    const secret = newTotpSecret();
    await t.server.account.repo.updateSecurity(carolId, { google_enabled: 1, google_secret: secret }, T0);
    await t.server.exchange.credit(carolId, 'ETH', 100_000_000, 'system:test', 'test:carol', 'test_grant');
    const carol = await sessionFor(t, carolId);
    expect(
      (await post('/uc/asset-transfer/transfer', { coin: 'ETH', amount: '1', from: 'spot', to: 'funds' }, carol)).json()
        .code,
    ).toBe(0);
    t.advance(61_000);
    expect((await post('/uc/internal-transfer/code', { type: 'email' }, carol)).json().code).toBe(0);
    expect((await post('/uc/internal-transfer/code', { type: 'phone' }, carol)).json().code).toBe(0);
    const emailCode = await lastCode(t, 'carol@example.com', 'INTERNAL');
    const phoneCode = await lastCode(t, '+84 987654321', 'INTERNAL');
    const base = { coin: 'ETH', amount: '0.1', type: 'uid', value: bobUid, emailCode };
    const noPhone = (await post('/uc/internal-transfer/transfer', base, carol)).json();
    expect(noPhone.message).toBe('Please enter the SMS verification code');
    const noGoogle = (await post('/uc/internal-transfer/transfer', { ...base, phoneCode }, carol)).json();
    expect(noGoogle.code).toBe(ApiCode.googleCodeInvalid);
    expect(funds(carolId, 'ETH')).toBe(100_000_000);
    const googleCode = totp(secret, t.server.clock());
    const done = (await post('/uc/internal-transfer/transfer', { ...base, phoneCode, googleCode }, carol)).json();
    expect(done.code).toBe(0);
    expect(funds(carolId, 'ETH')).toBe(90_000_000);
    expect(funds(bobId, 'ETH')).toBe(10_000_000);
  });

  it('needs a session', async () => {
    const res = await post(
      '/uc/internal-transfer/transfer',
      { coin: 'USDT', amount: '1', type: 'uid', value: bobUid },
      {},
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ApiCode.notLoggedIn);
  });
});
