import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, mul } from '../../../common/decimal.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, get, sessionFor } from './shell-helpers.ts';

interface Row {
  coin: { unit: string; name: string; usdRate: string };
  unit: string;
  balance: string;
  frozenBalance: string;
  releaseBalance: string;
  usdRate: string;
  usdtValue: string;
}

describe('balances of the header assets dropdown', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = await sessionFor(t, await demoUserId(t));
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
      expect(r.usdtValue).toBe(mul(add(r.balance, r.frozenBalance), r.usdRate));
      total = add(total, r.usdtValue);
    }
    expect(body.data.spot.totalUsdt).toBe(total);
    expect(body.data.totalUsdt).toBe(total);
    expect(body.data).toMatchObject({
      funds: { balances: [], totalUsdt: '0' },
      contract: { amount: '0', profit: '0' },
      financial: { totalAsset: '0', totalInterest: '0', yesterdayInterest: '0' },
      follow: { total: '0', usable: '0' },
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
