import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, mul, round } from '../../../common/decimal.ts';
import type { Move } from '../../../server/ledger/accounts.ts';
import { shellContentRepository } from '../../../server/shell/repository.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, get, sessionFor } from '../requests.ts';

interface Row {
  coin: { unit: string; name: string; usdRate: string };
  unit: string;
  balance: string;
  frozenBalance: string;
  releaseBalance: string;
  usdRate: string;
  usdtValue: string;
}

const transact = (t: TestApp, txn: string, moves: Move[]) => t.server.exchange.transact(txn, moves, () => undefined);

describe('balances of the header assets dropdown', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  let demoId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    demoId = await demoUserId(t);
    demo = await sessionFor(t, demoId);
  });
  afterAll(() => t.close());

  it('reads the demo account’s spot wallet from the ledger, with USDT values and totals', async () => {
    const body = (await get(t, '/uc/asset/walletBalance', demo)).json();
    expect(body.code).toBe(0);
    const rows: Row[] = body.data.spot.balances;
    expect(rows.map((r) => [r.unit, r.balance, r.frozenBalance])).toEqual([
      ['USDT', '100000', '0'],
      ['USDC', '50000', '0'],
      ['BTC', '2', '0'],
      ['ETH', '30', '0'],
      ['SOL', '500', '0'],
    ]);
    let total = '0';
    for (const r of rows) {
      expect(r.coin.usdRate).toBe(r.usdRate);
      expect(r.releaseBalance).toBe('0');
      expect(r.usdtValue).toBe(mul(add(r.balance, r.frozenBalance), r.usdRate));
      total = add(total, r.usdtValue);
    }
    expect(body.data.spot.totalUsdt).toBe(total);
    expect(body.data.totalUsdt).toBe(total);
    expect(body.data).toMatchObject({
      funds: { balances: [], totalUsdt: '0' },
      contract: { amount: '0', profit: '0', balances: [] },
      financial: { totalAsset: '0', totalInterest: '0', yesterdayInterest: '0', products: 0 },
      follow: { total: '0', usable: '0', balances: [] },
      followEnabled: true,
    });
  });

  it('counts money reserved by an open order as frozen, without changing the total', async () => {
    const before = (await get(t, '/uc/asset/walletBalance', demo)).json().data;
    const order = await formPost(
      t,
      '/exchange/order/add',
      { symbol: 'BTC/USDT', price: '1000', amount: '1', type: 1, direction: 1 },
      demo,
    );
    expect(order.json().code).toBe(0);
    const after = (await get(t, '/uc/asset/walletBalance', demo)).json().data;
    const usdt = after.spot.balances.find((r: Row) => r.unit === 'USDT');
    expect(usdt).toMatchObject({ balance: '99000', frozenBalance: '1000' });
    expect(after.totalUsdt).toBe(before.totalUsdt);
    // Read-only: asking again changes nothing.
    expect((await formPost(t, '/uc/asset/walletBalance', {}, demo)).json().data).toEqual(after);
    await formPost(t, '/exchange/order/cancel-all', {}, demo);
  });

  it('reads the funds, contract and follow wallets from the ledger; the total follows spec §9', async () => {
    const user = await createUser(t.db, 'walleter');
    const headers = await sessionFor(t, user);
    await transact(t, 'deposit:t1', [
      {
        from: { system: 'deposits' },
        to: { userId: user, wallet: 'funds' },
        coin: 'USDT',
        amount: 250_500_000,
        kind: 'deposit',
      },
      {
        from: { system: 'deposits' },
        to: { userId: user, wallet: 'funds' },
        coin: 'BTC',
        amount: 1_000_000,
        kind: 'deposit',
      },
    ]);
    await transact(t, 'transfer:t1', [
      {
        from: { userId: user, wallet: 'funds' },
        to: { userId: user, wallet: 'contract' },
        coin: 'USDT',
        amount: 10_004_999,
        kind: 'transfer',
      },
      {
        from: { userId: user, wallet: 'funds' },
        to: { userId: user, wallet: 'follow' },
        coin: 'USDT',
        amount: 40_000_000,
        kind: 'transfer',
      },
    ]);
    // A pending withdrawal's hold stays in the funds wallet (frozen) and in the total.
    await transact(t, 'withdraw:t1', [
      {
        from: { userId: user, wallet: 'funds' },
        to: { userId: user, wallet: 'funds', frozen: true },
        coin: 'USDT',
        amount: 500_000,
        kind: 'withdraw_freeze',
      },
    ]);
    const d = (await get(t, '/uc/asset/walletBalance', headers)).json().data;
    expect(d.spot).toEqual({ balances: [], totalUsdt: '0' });
    expect(d.funds.balances.map((r: Row) => [r.unit, r.balance, r.frozenBalance])).toEqual([
      ['USDT', '199.995001', '0.5'],
      ['BTC', '0.01', '0'],
    ]);
    const btc = d.funds.balances.find((r: Row) => r.unit === 'BTC') as Row;
    expect(btc.usdtValue).toBe(mul('0.01', btc.usdRate));
    expect(d.funds.totalUsdt).toBe(add('200.495001', btc.usdtValue));
    expect(d.contract).toMatchObject({ amount: '10.004999', profit: '0' });
    expect(d.follow).toMatchObject({ total: '40', usable: '40' });
    // Contract rounded to 2 decimals before it is added (10.004999 → 10).
    expect(d.totalUsdt).toBe(add(add(d.funds.totalUsdt, round('10.004999', 2)), '40'));
  });

  it('leaves the follow wallet out while copy trading is disabled', async () => {
    const content = shellContentRepository(t.db);
    await content.setConfig('index', 'followEnable', false);
    await content.setConfig('follow', 'status', 0);
    try {
      const d = (await get(t, '/uc/asset/walletBalance', demo)).json().data;
      expect(d.followEnabled).toBe(false);
      expect(d.follow).toBeUndefined();
    } finally {
      await content.setConfig('index', 'followEnable', true);
      await content.setConfig('follow', 'status', 1);
    }
  });

  it('answers an empty wallet for a user without money', async () => {
    const headers = await sessionFor(t, await createUser(t.db, 'pauper'));
    const { data } = (await get(t, '/uc/asset/walletBalance', headers)).json();
    expect(data.spot).toEqual({ balances: [], totalUsdt: '0' });
    expect(data.totalUsdt).toBe('0');
  });

  it('needs a session (code 4000)', async () => {
    const res = await get(t, '/uc/asset/walletBalance');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(4000);
  });
});
