import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountRepository } from '../../../server/account/repository.ts';
import { newTotpSecret, totp } from '../../../server/auth/totp.ts';
import { sqliteOf } from '../../../server/db/database.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import type { TestApp } from '../helpers.ts';
import {
  buildDepositApp,
  deposit,
  funds,
  type Member,
  member,
  outboxCode,
  post,
  read,
  withdrawCode,
} from './deposit-helpers.ts';

const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRON_2 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

interface Withdrawal {
  id: number;
  coin: string;
  protocol: string;
  address: string;
  tag: string;
  amount: string;
  fee: string;
  arrivedAmount: string;
  status: number;
  txHash: string | null;
  reason: string | null;
  cancellable: boolean;
}
interface WithdrawPage {
  records: Withdrawal[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** Moves the clock past the code resend wait, so that another code can be sent. */
const nextCode = async (t: TestApp, m: Member) => {
  t.advance(61_000);
  return withdrawCode(t, m);
};

describe('withdrawals', () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  const conserved = () => {
    t.server.exchange.accounts.assertConserved();
    t.server.exchange.sync();
    expect(auditLedger(sqliteOf(t.db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  };
  const count = async (m: Member) => ((await read(t, '/uc/withdraw/list', m.headers)).data as WithdrawPage).total;
  const create = (m: Member, fields: Record<string, string>) =>
    post(t, '/uc/withdraw/create', { coin: 'USDT', protocol: 'TRC20', address: TRON, ...fields }, m.headers);

  beforeAll(async () => {
    t = await buildDepositApp();
    alice = await member(t, 'alice');
    bob = await member(t, 'bob');
    await deposit(t, alice, 'USDT', 'TRC20', '1000');
    await deposit(t, bob, 'USDT', 'TRC20', '50');
  });
  afterAll(() => t.close());

  it('tells the form the funds balance and the factors to confirm with', async () => {
    expect((await read(t, '/uc/withdraw/info?coin=usdt', alice.headers)).data).toEqual({
      coin: 'USDT',
      available: '1000',
      frozen: '0',
      verifyList: ['email'],
      email: 'al***@example.com',
      mobile: null,
      googleStatus: 0,
      lockedUntil: 0,
    });
    expect(await read(t, '/uc/withdraw/info?coin=NOPE', alice.headers)).toMatchObject({
      code: 4501,
      message: 'Unknown coin: NOPE',
    });
  });

  it('sends the withdrawal code to the bound e-mail, and refuses a channel that is not bound', async () => {
    const sent = await post(t, '/uc/withdraw/code', { type: 'email' }, alice.headers);
    expect(sent.code).toBe(0);
    expect(await outboxCode(t, alice.email, 'WITHDRAW')).toMatch(/^\d{6}$/);
    expect((await post(t, '/uc/withdraw/code', { type: 'email' }, alice.headers)).code).toBe(4113);
    expect((await post(t, '/uc/withdraw/code', { type: 'phone' }, alice.headers)).code).toBe(4123);
    expect((await post(t, '/uc/withdraw/code', { type: 'fax' }, alice.headers)).code).toBe(400);
    expect((await post(t, '/uc/withdraw/code', { type: 'email' })).code).toBe(4000);
  });

  it('creates a pending withdrawal with the code: the amount is frozen with the record, in one transaction', async () => {
    t.advance(61_000);
    const code = await withdrawCode(t, alice);
    const r = await create(alice, { amount: '100.5', emailCode: code, requestId: 'first-submit-1' });
    expect(r.code, r.message).toBe(0);
    const w = r.data as Withdrawal;
    expect(w).toMatchObject({
      coin: 'USDT',
      protocol: 'TRC20',
      address: TRON,
      tag: '',
      amount: '100.5',
      fee: '1',
      arrivedAmount: '99.5',
      status: 0,
      txHash: null,
      cancellable: true,
    });
    expect(await funds(t, alice.id, 'USDT')).toEqual({ available: '899.5', frozen: '100.5' });
    t.server.exchange.sync();
    const lines = sqliteOf(t.db)
      .prepare('select kind, account, amount from ledger_entries where txn_id = ? order by id')
      .all(`withdraw:${w.id}`);
    expect(lines).toEqual([
      { kind: 'withdraw_freeze', account: `user:${alice.id}:funds`, amount: -100_500_000 },
      { kind: 'withdraw_freeze', account: `user:${alice.id}:funds:frozen`, amount: 100_500_000 },
    ]);
    // The code is spent.
    expect((await create(alice, { amount: '15', emailCode: code })).code).toBe(4110);
    conserved();
  });

  it('answers a double submit (same key, even at once) with the first withdrawal, freezing once', async () => {
    const code = await nextCode(t, alice);
    const before = await funds(t, alice.id, 'USDT');
    const fields = { amount: '10', emailCode: code, requestId: 'double-click-42' };
    const [a, b] = await Promise.all([create(alice, fields), create(alice, fields)]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect((a.data as Withdrawal).id).toBe((b.data as Withdrawal).id);
    expect((await create(alice, fields)).data).toEqual(a.data);
    expect(await funds(t, alice.id, 'USDT')).toEqual({
      available: String(Number(before.available) - 10),
      frozen: String(Number(before.frozen) + 10),
    });
    conserved();
  });

  it('refuses the same withdrawal again within seconds when no key is sent', async () => {
    const code = await nextCode(t, alice);
    expect((await create(alice, { amount: '11', emailCode: code, address: TRON_2 })).code).toBe(0);
    const again = await nextCode(t, alice);
    // The clock moved a minute for the code: within the window only when it did not.
    const total = await count(alice);
    const sqlite = sqliteOf(t.db);
    sqlite.prepare('update withdrawals set created_at = ? where amount = ?').run(t.server.clock(), '11');
    expect(await create(alice, { amount: '11', emailCode: again, address: TRON_2 })).toMatchObject({
      code: 4512,
      message: 'The same withdrawal was just submitted; check your withdrawal records',
    });
    expect(await count(alice)).toBe(total);
  });

  it('refuses hostile and mistaken input with a clear message, changing nothing', async () => {
    const code = await nextCode(t, alice);
    const before = await funds(t, alice.id, 'USDT');
    const total = await count(alice);
    const cases: [Record<string, string>, number, string][] = [
      [{ amount: '-10' }, 4505, 'Enter a valid amount greater than 0'],
      [{ amount: '0' }, 4505, 'Enter a valid amount greater than 0'],
      [{ amount: '0x10' }, 4505, 'Enter a valid amount greater than 0'],
      [{ amount: '10.1234567' }, 4506, 'USDT amounts have at most 6 decimals'],
      [{ amount: '9.99' }, 4507, 'The minimum withdrawal is 10 USDT'],
      [{ amount: '100000' }, 4306, `Not enough available in your funding account: ${before.available} USDT`],
      [
        { amount: '10', address: '0x0000000000000000000000000000000000000000' },
        4502,
        'This is not a valid TRC20 address',
      ],
      [{ amount: '10', address: `${TRON}x` }, 4502, 'This is not a valid TRC20 address'],
      [{ amount: '10', protocol: 'XRP' }, 4501, 'USDT is not supported on the XRP network'],
      [{ amount: '10', coin: 'USDX' }, 4501, 'USDX is not supported on the TRC20 network'],
      [{ amount: '10' }, 4115, 'Please enter the e-mail verification code'],
      [
        { amount: '10', emailCode: '000000' === code ? '111111' : '000000' },
        4110,
        'The verification code is incorrect',
      ],
      [{ amount: '10', emailCode: code, requestId: 'bad key!' }, 400, ''],
    ];
    for (const [fields, expected, message] of cases) {
      const r = await create(alice, fields);
      expect(r.code, JSON.stringify(fields)).toBe(expected);
      if (message) expect(r.message, JSON.stringify(fields)).toBe(message);
    }
    // A wrong code costs a try, not the right code: it still works after the refusals above.
    expect(await funds(t, alice.id, 'USDT')).toEqual(before);
    expect(await count(alice)).toBe(total);
    expect((await create(alice, { amount: '10', emailCode: code })).code).toBe(0);
    conserved();
  });

  it('refuses a withdrawal to one of the user’s own deposit addresses', async () => {
    const own = (await post(t, '/uc/address/create', { coin: 'USDT', protocol: 'TRC20' }, alice.headers)).data as {
      address: string;
    };
    const code = await nextCode(t, alice);
    expect(await create(alice, { amount: '10', address: own.address, emailCode: code })).toMatchObject({
      code: 4510,
      message: 'This is your own deposit address; use another address',
    });
  });

  it('needs the memo on a memo network and keeps it on the record', async () => {
    await deposit(t, bob, 'XRP', 'XRP', '100');
    const code = await nextCode(t, bob);
    const xrp = { coin: 'XRP', protocol: 'XRP', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', amount: '20' };
    expect((await post(t, '/uc/withdraw/create', { ...xrp, emailCode: code }, bob.headers)).code).toBe(4503);
    expect((await post(t, '/uc/withdraw/create', { ...xrp, tag: 'x1', emailCode: code }, bob.headers)).code).toBe(4504);
    const r = await post(t, '/uc/withdraw/create', { ...xrp, tag: '12345', emailCode: code }, bob.headers);
    expect(r.code, r.message).toBe(0);
    expect(r.data).toMatchObject({ tag: '12345', fee: '0.25', arrivedAmount: '19.75' });
  });

  it('shows the user’s own withdrawals only, 10 a page, newest first', async () => {
    const page = (await read(t, '/uc/withdraw/list', alice.headers)).data as WithdrawPage;
    expect(page.pageSize).toBe(10);
    expect(page.records.map((w) => w.id)).toEqual([...page.records.map((w) => w.id)].sort((a, b) => b - a));
    const bobs = (await read(t, '/uc/withdraw/list', bob.headers)).data as WithdrawPage;
    expect(bobs.records.every((w) => w.coin === 'XRP')).toBe(true);
    const first = page.records[0] as Withdrawal;
    expect((await read(t, `/uc/withdraw/detail?id=${first.id}`, alice.headers)).data).toEqual(first);
    expect(await read(t, `/uc/withdraw/detail?id=${first.id}`, bob.headers)).toMatchObject({
      code: 404,
      message: 'Withdrawal record not found',
    });
    expect((await read(t, '/uc/withdraw/list?status=9', alice.headers)).code).toBe(400);
    const pending = (await read(t, '/uc/withdraw/list?status=0&coin=USDT', alice.headers)).data as WithdrawPage;
    expect(pending.records.every((w) => w.status === 0 && w.coin === 'USDT')).toBe(true);
  });

  it('cancels a pending withdrawal of its owner only: the amount is unfrozen, once', async () => {
    const code = await nextCode(t, alice);
    const w = (await create(alice, { amount: '25', emailCode: code })).data as Withdrawal;
    const before = await funds(t, alice.id, 'USDT');
    expect((await post(t, '/uc/withdraw/cancel', { id: w.id }, bob.headers)).code).toBe(404);
    expect(await funds(t, alice.id, 'USDT')).toEqual(before);
    const cancelled = await post(t, '/uc/withdraw/cancel', { id: w.id }, alice.headers);
    expect(cancelled.data).toMatchObject({ status: 3, reason: 'user', cancellable: false });
    expect(await funds(t, alice.id, 'USDT')).toEqual({
      available: String(Number(before.available) + 25),
      frozen: String(Number(before.frozen) - 25),
    });
    expect(await post(t, '/uc/withdraw/cancel', { id: w.id }, alice.headers)).toMatchObject({
      code: 4511,
      message: 'Only a withdrawal still under review can be cancelled',
    });
    expect(await funds(t, alice.id, 'USDT')).toEqual({
      available: String(Number(before.available) + 25),
      frozen: String(Number(before.frozen) - 25),
    });
    conserved();
  });

  it('takes a withdrawal through processing to done: what arrives leaves, the fee goes to fees', async () => {
    const code = await nextCode(t, alice);
    const w = (await create(alice, { amount: '40', emailCode: code })).data as Withdrawal;
    const before = await funds(t, alice.id, 'USDT');
    const accounts = t.server.exchange.accounts;
    const out = accounts.systemBalance('withdrawals', 'USDT');
    const fees = accounts.systemBalance('fees', 'USDT');
    const processing = await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'processing' });
    expect(processing.data).toMatchObject({ status: 1, cancellable: false });
    expect((await post(t, '/uc/withdraw/cancel', { id: w.id }, alice.headers)).code).toBe(4511);
    expect((await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'processing' })).code).toBe(4519);
    const done = await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'done' });
    expect(done.data).toMatchObject({ status: 2, arrivedAmount: '39' });
    expect((done.data as Withdrawal).txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await funds(t, alice.id, 'USDT')).toEqual({
      available: before.available,
      frozen: String(Number(before.frozen) - 40),
    });
    expect(accounts.systemBalance('withdrawals', 'USDT') - out).toBe(39_000_000);
    expect(accounts.systemBalance('fees', 'USDT') - fees).toBe(1_000_000);
    expect((await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'failed' })).code).toBe(4519);
    conserved();
  });

  it('fails a withdrawal in processing back to the funds (dev switch), unfreezing it', async () => {
    const code = await nextCode(t, alice);
    const w = (await create(alice, { amount: '30', emailCode: code })).data as Withdrawal;
    const before = await funds(t, alice.id, 'USDT');
    await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'processing' });
    const failed = await post(t, '/dev/assets/withdraw/advance', { id: w.id, status: 'failed' });
    expect(failed.data).toMatchObject({ status: 4, reason: 'chain' });
    expect(await funds(t, alice.id, 'USDT')).toEqual({
      available: String(Number(before.available) + 30),
      frozen: String(Number(before.frozen) - 30),
    });
    expect((await post(t, '/dev/assets/withdraw/advance', { id: 999_999, status: 'done' })).code).toBe(404);
    conserved();
  });

  it('refuses withdrawals for 24 hours after a password change', async () => {
    const repo = accountRepository(t.db);
    const until = t.server.clock() + 5 * 3_600_000;
    await repo.updateSecurity(bob.id, { withdraw_locked_until: until }, t.server.clock());
    const code = await nextCode(t, bob);
    const r = await post(
      t,
      '/uc/withdraw/create',
      { coin: 'USDT', protocol: 'TRC20', address: TRON, amount: '10', emailCode: code },
      bob.headers,
    );
    expect(r).toMatchObject({
      code: 4509,
      message: 'Withdrawals are locked for 24 hours after a password change: 5 more hours',
    });
    const info = (await read(t, '/uc/withdraw/info?coin=USDT', bob.headers)).data as { lockedUntil: number };
    expect(info.lockedUntil).toBe(until);
    await repo.updateSecurity(bob.id, { withdraw_locked_until: 0 }, t.server.clock());
  });

  it('asks for the Google code too when the authenticator is on', async () => {
    const repo = accountRepository(t.db);
    const secret = newTotpSecret();
    await repo.updateSecurity(bob.id, { google_secret: secret, google_enabled: 1 }, t.server.clock());
    const code = await nextCode(t, bob);
    const fields = { coin: 'USDT', protocol: 'TRC20', address: TRON, amount: '10', emailCode: code };
    expect((await post(t, '/uc/withdraw/create', fields, bob.headers)).code).toBe(4121);
    const ok = await post(
      t,
      '/uc/withdraw/create',
      { ...fields, googleCode: totp(secret, t.server.clock()) },
      bob.headers,
    );
    expect(ok.code, ok.message).toBe(0);
    await repo.updateSecurity(bob.id, { google_secret: null, google_enabled: 0 }, t.server.clock());
  });

  it('asks for the SMS code as well when a phone is bound', async () => {
    await t.db.updateTable('users').set({ mobile: '912345678', area_code: '84' }).where('id', '=', bob.id).execute();
    const emailCode = await nextCode(t, bob);
    const fields = { coin: 'USDT', protocol: 'TRC20', address: TRON, amount: '10', emailCode };
    expect(await post(t, '/uc/withdraw/create', fields, bob.headers)).toMatchObject({
      code: 4115,
      message: 'Please enter the SMS verification code',
    });
    expect((await post(t, '/uc/withdraw/code', { type: 'phone' }, bob.headers)).code).toBe(0);
    const phoneCode = await outboxCode(t, '+84 912345678', 'WITHDRAW');
    expect((await post(t, '/uc/withdraw/create', { ...fields, phoneCode }, bob.headers)).code).toBe(0);
  });
});

describe('the withdrawal processor', () => {
  it('moves pending → processing after the review time and processing → done after the processing time', async () => {
    const t = await buildDepositApp({ withdrawReviewMs: 200, withdrawProcessMs: 300 });
    try {
      const m = await member(t, 'frank');
      await deposit(t, m, 'USDT', 'TRC20', '100');
      const code = await withdrawCode(t, m);
      const w = (
        await post(
          t,
          '/uc/withdraw/create',
          { coin: 'USDT', protocol: 'TRC20', address: TRON, amount: '60', emailCode: code },
          m.headers,
        )
      ).data as Withdrawal;
      const status = async () =>
        ((await read(t, `/uc/withdraw/detail?id=${w.id}`, m.headers)).data as Withdrawal).status;
      await new Promise((r) => setTimeout(r, 100));
      expect(await status()).toBe(0);
      t.advance(200);
      await vi.waitFor(async () => expect(await status()).toBe(1));
      expect((await post(t, '/uc/withdraw/cancel', { id: w.id }, m.headers)).code).toBe(4511);
      t.advance(299);
      await new Promise((r) => setTimeout(r, 100));
      expect(await status()).toBe(1);
      t.advance(1);
      await vi.waitFor(async () => expect(await status()).toBe(2));
      expect(await funds(t, m.id, 'USDT')).toEqual({ available: '40', frozen: '0' });
      t.server.exchange.accounts.assertConserved();
    } finally {
      await t.close();
    }
  });
});
