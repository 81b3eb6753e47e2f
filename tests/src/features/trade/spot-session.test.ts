import { describe, expect, it } from 'vitest';
import type { SpotAccount } from '../../../../src/features/trade/order-entry/math.ts';
import { mergeAccount, mergeOpenOrders } from '../../../../src/features/trade/spot-session.ts';
import { spotOrder } from '../../../common/spot-order.ts';

const order = spotOrder;

describe('the spot session', () => {
  it('lays the live states over the fetched open orders, newest first', () => {
    const fetched = [order(2), order(1)];
    const live = [order(3), order(1, { status: 1, updateTime: 5000 }), order(2, { status: 3, tradedAmount: '0.05' })];
    expect(mergeOpenOrders(fetched, live).map((o) => [o.orderId, o.tradedAmount])).toEqual([
      [3, '0'],
      [2, '0.05'],
    ]);
    // A fetched state newer than the live one wins.
    expect(mergeOpenOrders([order(4, { updateTime: 9000 })], [order(4, { status: 2 })])).toHaveLength(1);
  });

  it('takes the channel balances of the market coins told since the fetch', () => {
    const account = { coinHotMoney: '1', rmb: '100' } as SpotAccount;
    const coins = { base: 'BTC', quote: 'USDT' };
    const told = { coin: 'USDT', available: '50', frozen: '50' };
    expect(mergeAccount(account, [told, { coin: 'ETH', available: '9', frozen: '0' }], [], coins)).toEqual({
      coinHotMoney: '1',
      rmb: '50',
    });
    // Already seen when the account was fetched: the fetched value stands (a deposit may have changed it since).
    expect(mergeAccount(account, [told], [told], coins)).toBe(account);
    expect(mergeAccount(null, [told], [], coins)).toBeNull();
  });
});
