import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add } from '../../../common/decimal.ts';
import type { Move } from '../../../server/ledger/accounts.ts';
import { shellContentRepository } from '../../../server/shell/repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, get, sessionFor, T0 } from '../requests.ts';

interface WalletRow {
  unit: string;
  balance: string;
  frozenBalance: string;
  total: string;
  usdRate: string;
  usdtValue: string;
  coin: { unit: string; logoUrl: string; market: string | null; canDeposit: boolean };
}
interface Wallet {
  type: string;
  balances: WalletRow[];
  totalUsdt: string;
  usableUsdt: string;
}
interface Bill {
  id: number;
  txnId: string;
  type: number;
  typeName: string;
  kind: string;
  coin: string;
  amount: string;
  wallet: string;
  frozen: boolean;
  time: number;
}

const EN = { lang: 'en_US' };
const transact = (t: TestApp, txn: string, moves: Move[]) => t.server.exchange.transact(txn, moves, () => undefined);
const deposit = (userId: number, coin: string, amount: number): Move => ({
  from: { system: 'deposits' },
  to: { userId, wallet: 'funds' },
  coin,
  amount,
  kind: 'deposit',
});

describe('wallet and bill routes (spec shell §7 "Assets")', () => {
  let t: TestApp;
  let alice: number;
  let bob: number;
  let aliceH: Record<string, string>;
  let bobH: Record<string, string>;
  let demo: Record<string, string>;

  const bills = async (headers: Record<string, string>, query = '') => {
    const body = (await get(t, `/uc/member-bill/bill-list${query}`, { ...headers, ...EN })).json();
    expect(body.code, body.message).toBe(0);
    return body.data as { records: Bill[]; total: number; pageNo: number; pageSize: number };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await createUser(t.db, 'alice');
    bob = await createUser(t.db, 'bob');
    aliceH = await sessionFor(t, alice);
    bobH = await sessionFor(t, bob);
    demo = await sessionFor(t, await demoUserId(t));
    // Alice's history, one step a minute: a deposit, a transfer to spot, a withdrawal done and one cancelled,
    // an internal transfer to Bob, a convert on spot.
    await transact(t, 'deposit:1', [deposit(alice, 'USDT', 1_000_000_000)]);
    t.advance(60_000);
    await transact(t, 'deposit:2', [deposit(alice, 'BTC', 50_000_000)]);
    t.advance(60_000);
    await transact(t, 'transfer:1', [
      {
        from: { userId: alice, wallet: 'funds' },
        to: { userId: alice, wallet: 'spot' },
        coin: 'USDT',
        amount: 300_000_000,
        kind: 'transfer',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'withdraw:1', [
      {
        from: { userId: alice, wallet: 'funds' },
        to: { userId: alice, wallet: 'funds', frozen: true },
        coin: 'USDT',
        amount: 100_000_000,
        kind: 'withdraw_freeze',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'withdraw:1:done', [
      {
        from: { userId: alice, wallet: 'funds', frozen: true },
        to: { system: 'withdrawals' },
        coin: 'USDT',
        amount: 99_000_000,
        kind: 'withdraw',
      },
      {
        from: { userId: alice, wallet: 'funds', frozen: true },
        to: { system: 'fees' },
        coin: 'USDT',
        amount: 1_000_000,
        kind: 'withdraw_fee',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'withdraw:2', [
      {
        from: { userId: alice, wallet: 'funds' },
        to: { userId: alice, wallet: 'funds', frozen: true },
        coin: 'USDT',
        amount: 20_000_000,
        kind: 'withdraw_freeze',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'withdraw:2:cancel', [
      {
        from: { userId: alice, wallet: 'funds', frozen: true },
        to: { userId: alice, wallet: 'funds' },
        coin: 'USDT',
        amount: 20_000_000,
        kind: 'withdraw_unfreeze',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'internal:1', [
      {
        from: { userId: alice, wallet: 'funds' },
        to: { userId: bob, wallet: 'funds' },
        coin: 'USDT',
        amount: 12_345_678,
        kind: 'internal_transfer',
      },
    ]);
    t.advance(60_000);
    await transact(t, 'convert:1', [
      {
        from: { userId: alice, wallet: 'spot' },
        to: { system: 'quick-exchange' },
        coin: 'USDT',
        amount: 100_000_000,
        kind: 'quick_exchange',
      },
      {
        from: { system: 'quick-exchange' },
        to: { userId: alice, wallet: 'spot' },
        coin: 'ETH',
        amount: 300_000_000,
        kind: 'quick_exchange',
      },
    ]);
    t.advance(60_000);
  });
  afterAll(() => t.close());

  describe('POST /uc/asset/wallet', () => {
    it('answers every wallet with every coin of the catalogue, valued in USDT', async () => {
      const body = (await formPost(t, '/uc/asset/wallet', {}, aliceH)).json();
      expect(body.code).toBe(0);
      const wallets: Wallet[] = body.data.wallets;
      expect(wallets.map((w) => w.type)).toEqual(['funds', 'spot', 'contract', 'follow']);
      expect(body.data.followEnabled).toBe(true);
      const coins = (await t.server.store.markets.coins()).map((c) => c.unit);
      for (const w of wallets) expect(w.balances.map((r) => r.unit)).toEqual(coins);
      const funds = wallets[0] as Wallet;
      const usdt = funds.balances.find((r) => r.unit === 'USDT') as WalletRow;
      // 1000 − 300 − 100 − 12.345678
      expect(usdt).toMatchObject({
        balance: '587.654322',
        frozenBalance: '0',
        total: '587.654322',
        usdtValue: '587.654322',
      });
      expect(usdt.coin).toMatchObject({ logoUrl: '/coins/usdt.svg', market: 'BTC/USDT', canDeposit: true });
      const btc = funds.balances.find((r) => r.unit === 'BTC') as WalletRow;
      expect(btc.balance).toBe('0.5');
      expect(btc.coin.market).toBe('BTC/USDT');
      expect(funds.totalUsdt).toBe(add('587.654322', btc.usdtValue));
      const spot = wallets[1] as Wallet;
      expect(spot.balances.filter((r) => r.total !== '0').map((r) => [r.unit, r.total])).toEqual([
        ['USDT', '200'],
        ['ETH', '3'],
      ]);
      let total = '0';
      for (const w of wallets) total = add(total, w.totalUsdt);
      expect(body.data.totalUsdt).toBe(total);
    });

    it('answers one wallet by type, and the same over GET', async () => {
      const body = (await formPost(t, '/uc/asset/wallet', { type: 'spot' }, aliceH)).json();
      expect(body.data.wallets.map((w: Wallet) => w.type)).toEqual(['spot']);
      const again = (await get(t, '/uc/asset/wallet?type=spot', aliceH)).json();
      expect(again.data).toEqual(body.data);
    });

    it('refuses an unknown wallet and the follow wallet while copy trading is disabled', async () => {
      const bad = await formPost(t, '/uc/asset/wallet', { type: 'bank' }, { ...aliceH, ...EN });
      expect(bad.json()).toMatchObject({ code: 400, message: 'Invalid parameter: type' });
      const content = shellContentRepository(t.db);
      await content.setConfig('index', 'followEnable', false);
      await content.setConfig('follow', 'status', 0);
      try {
        const follow = (await formPost(t, '/uc/asset/wallet', { type: 'follow' }, { ...aliceH, ...EN })).json();
        expect(follow).toMatchObject({ code: 404, message: 'The copy trading account is not available' });
        const all = (await formPost(t, '/uc/asset/wallet', {}, aliceH)).json().data;
        expect(all.wallets.map((w: Wallet) => w.type)).toEqual(['funds', 'spot', 'contract']);
        expect(all.followEnabled).toBe(false);
      } finally {
        await content.setConfig('index', 'followEnable', true);
        await content.setConfig('follow', 'status', 1);
      }
    });

    it('needs a session', async () => {
      const res = await formPost(t, '/uc/asset/wallet', {});
      expect(res.json().code).toBe(4000);
    });
  });

  describe('GET /uc/asset/wallet/{coin}', () => {
    it('answers one coin across the wallets, case-insensitively', async () => {
      const body = (await get(t, '/uc/asset/wallet/usdt', aliceH)).json();
      expect(body.code).toBe(0);
      expect(body.data.coin).toMatchObject({ unit: 'USDT', decimals: 6, usdRate: '1' });
      expect(body.data.wallets.map((w: { type: string; total: string }) => [w.type, w.total])).toEqual([
        ['funds', '587.654322'],
        ['spot', '200'],
        ['contract', '0'],
        ['follow', '0'],
      ]);
      expect(body.data.total).toBe('787.654322');
      expect(body.data.totalUsdt).toBe('787.654322');
    });

    it('refuses an unknown or malformed coin', async () => {
      const unknown = (await get(t, '/uc/asset/wallet/NOPE', { ...aliceH, ...EN })).json();
      expect(unknown).toMatchObject({ code: 400, message: 'Unknown coin: NOPE' });
      const malformed = (await get(t, '/uc/asset/wallet/B%20TC', { ...aliceH, ...EN })).json();
      expect(malformed.code).toBe(400);
    });
  });

  describe('/uc/member-bill/bill-type', () => {
    it('lists the types with names in the request language, the contract ones flagged', async () => {
      const en = (await get(t, '/uc/member-bill/bill-type', { ...aliceH, ...EN })).json().data;
      expect(en).toContainEqual({ type: 3, name: 'Transfer in', contract: false });
      expect(en).toContainEqual({ type: 4, name: 'Transfer out', contract: false });
      expect(en).toContainEqual({ type: 9, name: 'Trading fee', contract: false });
      expect(en).toContainEqual({ type: 207, name: 'Liquidation', contract: true });
      const zh = (await formPost(t, '/uc/member-bill/bill-type', {}, { ...aliceH, lang: 'zh_CN' })).json().data;
      expect(zh).toContainEqual({ type: 1, name: '充值', contract: false });
      expect(zh).toHaveLength(en.length);
    });
  });

  describe('/uc/member-bill/bill-list', () => {
    it('lists every move of the user, newest first, with signed exact amounts, types and txn ids', async () => {
      const page = await bills(aliceH, '?pageSize=100');
      const lines = page.records.map((b) => [b.txnId, b.type, b.kind, b.coin, b.amount, b.wallet, b.frozen]);
      expect(lines).toEqual([
        ['convert:1', 12, 'quick_exchange', 'ETH', '3', 'spot', false],
        ['convert:1', 12, 'quick_exchange', 'USDT', '-100', 'spot', false],
        ['internal:1', 8, 'internal_transfer', 'USDT', '-12.345678', 'funds', false],
        ['withdraw:1:done', 10, 'withdraw_fee', 'USDT', '-1', 'funds', true],
        ['withdraw:1:done', 2, 'withdraw', 'USDT', '-99', 'funds', true],
        ['transfer:1', 3, 'transfer', 'USDT', '300', 'spot', false],
        ['transfer:1', 4, 'transfer', 'USDT', '-300', 'funds', false],
        ['deposit:2', 1, 'deposit', 'BTC', '0.5', 'funds', false],
        ['deposit:1', 1, 'deposit', 'USDT', '1000', 'funds', false],
      ]);
      expect(page).toMatchObject({ total: 9, pageNo: 1, pageSize: 100 });
      expect(page.records[0]?.typeName).toBe('Convert');
      expect(page.records.at(-1)?.time).toBe(T0);
      expect(page.records[0]?.time).toBe(T0 + 8 * 60_000);
    });

    it('pages by 10 by default, or by the size asked', async () => {
      const first = await bills(aliceH);
      expect(first).toMatchObject({ total: 9, pageNo: 1, pageSize: 10 });
      expect(first.records).toHaveLength(9);
      const third = await bills(aliceH, '?pageSize=4&pageNo=3');
      expect(third.records.map((b) => b.txnId)).toEqual(['deposit:1']);
      const beyond = await bills(aliceH, '?pageNo=2');
      expect(beyond).toMatchObject({ records: [], total: 9 });
    });

    it('filters by type (sign-split types included), coin, wallet and time', async () => {
      const transferIn = await bills(aliceH, '?type=3');
      expect(transferIn.records.map((b) => [b.txnId, b.amount, b.wallet])).toEqual([['transfer:1', '300', 'spot']]);
      const transferOut = await bills(aliceH, '?type=4');
      expect(transferOut.records.map((b) => [b.amount, b.wallet])).toEqual([['-300', 'funds']]);
      expect((await bills(aliceH, '?type=201')).records).toEqual([]);
      expect((await bills(aliceH, '?type=0')).records).toEqual([]);
      const btc = await bills(aliceH, '?coin=btc');
      expect(btc.records.map((b) => b.txnId)).toEqual(['deposit:2']);
      const spot = await bills(aliceH, '?wallet=spot');
      expect(spot.records.map((b) => b.amount)).toEqual(['3', '-100', '300']);
      const window = await bills(aliceH, `?startTime=${T0 + 3 * 60_000}&endTime=${T0 + 4 * 60_000}`);
      expect(window.records.map((b) => b.txnId)).toEqual(['withdraw:1:done', 'withdraw:1:done']);
      const combined = (
        await formPost(t, '/uc/member-bill/bill-list', { type: 2, wallet: 'funds', pageSize: 1 }, aliceH)
      ).json();
      expect(combined.data).toMatchObject({ total: 1, pageSize: 1 });
      expect(combined.data.records[0].txnId).toBe('withdraw:1:done');
      // The withdrawal hold and its release are moves inside the wallet: no bill type names them any more.
      const retired = (await get(t, '/uc/member-bill/bill-list?type=5', { ...aliceH, ...EN })).json();
      expect(retired).toMatchObject({ code: 400, message: 'Unknown bill type: 5' });
    });

    it('shows each user only their own lines', async () => {
      const bob = await bills(bobH);
      expect(bob.records.map((b) => [b.txnId, b.type, b.amount, b.typeName])).toEqual([
        ['internal:1', 7, '12.345678', 'Internal transfer in'],
      ]);
      const demoBills = await bills(demo);
      expect(demoBills.records.every((b) => b.kind === 'demo_grant')).toBe(true);
      expect(demoBills.records.map((b) => b.type)).toEqual([14, 14, 14, 14, 14]);
    });

    it('lists a trade paid out of an order’s reservation, but not the reservation itself', async () => {
      await transact(t, 'transfer:2', [
        {
          from: { userId: bob, wallet: 'funds' },
          to: { userId: bob, wallet: 'spot' },
          coin: 'USDT',
          amount: 12_345_678,
          kind: 'transfer',
        },
      ]);
      const sell = await formPost(
        t,
        '/exchange/order/add',
        { symbol: 'BTC/USDT', price: '1000', amount: '0.01', type: 1, direction: 2 },
        demo,
      );
      expect(sell.json().code).toBe(0);
      const buy = await formPost(
        t,
        '/exchange/order/add',
        { symbol: 'BTC/USDT', price: '1000', amount: '0.01', type: 1, direction: 1 },
        bobH,
      );
      expect(buy.json().code).toBe(0);
      const page = await bills(bobH, '?wallet=spot');
      const kinds = page.records.map((b) => [b.kind, b.type, b.coin, b.frozen, Math.sign(Number(b.amount))]);
      expect(kinds).toContainEqual(['trade', 13, 'USDT', true, -1]);
      expect(kinds).toContainEqual(['trade', 13, 'BTC', false, 1]);
      expect(kinds.some(([kind]) => kind === 'freeze' || kind === 'unfreeze')).toBe(false);
      const usdtOut = page.records.find((b) => b.kind === 'trade' && b.coin === 'USDT');
      expect(usdtOut?.amount).toBe('-10');
      expect((await bills(bobH, '?type=13')).total).toBe(2);
    });

    it('refuses bad parameters with a clear message', async () => {
      const headers = { ...aliceH, ...EN };
      const cases: [string, number, string][] = [
        ['?type=208', 400, 'Unknown bill type: 208'],
        ['?type=abc', 400, 'Invalid parameter: type'],
        ['?type=-1', 400, 'Invalid parameter: type'],
        ['?coin=NOPE', 400, 'Unknown coin: NOPE'],
        ['?wallet=bank', 400, 'Invalid parameter: wallet'],
        ['?pageSize=101', 400, 'Invalid parameter: pageSize'],
        ['?pageNo=0', 400, 'Invalid parameter: pageNo'],
        [`?startTime=${T0 + 1}&endTime=${T0}`, 400, 'The start time must not be after the end time'],
      ];
      for (const [query, code, message] of cases) {
        const body = (await get(t, `/uc/member-bill/bill-list${query}`, headers)).json();
        expect({ query, code: body.code, message: body.message }).toEqual({ query, code, message });
      }
      expect((await get(t, '/uc/member-bill/bill-list')).json().code).toBe(4000);
    });
  });

  describe('/exchange/spot-bill/type', () => {
    it('names the ledger kinds the spot bill list filters by', async () => {
      const body = (await get(t, '/exchange/spot-bill/type', { ...aliceH, ...EN })).json();
      expect(body.data).toEqual([
        { type: 'trade', name: 'Spot trade' },
        { type: 'fee', name: 'Trading fee' },
        { type: 'transfer', name: 'Transfer' },
        { type: 'quick_exchange', name: 'Convert' },
        { type: 'demo_grant', name: 'Demo funds' },
      ]);
      const listed = (await get(t, '/exchange/spot-bill/list?type=quick_exchange', aliceH)).json();
      expect(listed.data.records.map((r: { amount: string }) => r.amount)).toEqual(['3', '-100']);
    });
  });
});
