import { describe, expect, it } from 'vitest';
import type { SpotFill } from '../../../../../common/trading.ts';
import { withClosedOrders, withNewFills } from '../../../../../src/features/trade/orders/live-lists.ts';
import { spotFill } from '../../../../common/spot-fill.ts';
import { spotOrder } from '../../../../common/spot-order.ts';

const fill = (tradeId: number, fields: Partial<SpotFill> = {}) => spotFill(tradeId, { orderId: tradeId, ...fields });

describe('the order history with the live orders laid over it', () => {
  it('adds the orders closed since the page was fetched, newest first, and counts them', () => {
    const page = { records: [spotOrder(5, { status: 2 }), spotOrder(4, { status: 1 })], total: 30 };
    const live = [
      spotOrder(9, { status: 2 }),
      spotOrder(8),
      spotOrder(7, { status: 1, symbol: 'ETH/USDT' }),
      // Older than every record fetched: it belongs to a page not shown.
      spotOrder(2, { status: 2 }),
    ];
    const merged = withClosedOrders(page, live, null);
    expect(merged.records.map((o) => o.orderId)).toEqual([9, 7, 5, 4]);
    expect(merged.total).toBe(32);
    // "This market only".
    expect(withClosedOrders(page, live, 'BTC/USDT').records.map((o) => o.orderId)).toEqual([9, 5, 4]);
  });

  it('adds anywhere once every record is shown, and changes nothing when there is no news', () => {
    const page = { records: [spotOrder(5, { status: 2 })], total: 1 };
    expect(withClosedOrders(page, [spotOrder(2, { status: 2 })], null).records.map((o) => o.orderId)).toEqual([5, 2]);
    expect(withClosedOrders(page, [spotOrder(5, { status: 2 }), spotOrder(6)], null)).toBe(page);
  });
});

describe('the trade history with the live fills laid over it', () => {
  it('adds the fills told since the page was fetched, once each', () => {
    const page = { records: [fill(10), fill(9)], total: 2 };
    const merged = withNewFills(page, [fill(12), fill(11, { symbol: 'ETH/USDT' }), fill(10)], null);
    expect(merged.records.map((f) => f.tradeId)).toEqual([12, 11, 10, 9]);
    expect(merged.total).toBe(4);
    expect(withNewFills(page, [fill(12), fill(11, { symbol: 'ETH/USDT' })], 'BTC/USDT').total).toBe(3);
  });
});
