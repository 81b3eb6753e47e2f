import { describe, expect, it } from 'vitest';
import { USER_FILLS_CAP, USER_ORDERS_CAP, UserChannel } from '../../../workers/user/index.ts';
import { spotOrder } from '../../common/spot-order.ts';

const order = (orderId: number, fields: Record<string, unknown> = {}) => ({
  ...spotOrder(orderId),
  time: 1000,
  updateTime: 1000,
  ...fields,
});

const fill = (tradeId: number, orderId = 1) => ({
  tradeId,
  orderId,
  symbol: 'BTC/USDT',
  direction: 1,
  price: '60000',
  amount: '0.01',
  turnover: '600',
  fee: '0.00001',
  feeCoin: 'BTC',
  maker: false,
  time: 2000 + tradeId,
});

describe('the user channel', () => {
  it('keeps the latest state of each order, most recently changed first, never going back in time', () => {
    const user = new UserChannel();
    expect(user.apply({ kind: 'order', data: order(1) })).toBe(true);
    expect(user.apply({ kind: 'order', data: order(2) })).toBe(true);
    expect(user.apply({ kind: 'order', data: order(1, { status: 1, tradedAmount: '0.1', updateTime: 1500 }) })).toBe(
      true,
    );
    expect(user.state().orders.map((o) => [o.orderId, o.status])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    // A late, older event of order 1 changes nothing.
    expect(user.apply({ kind: 'order', data: order(1, { updateTime: 1200 }) })).toBe(false);
    expect(user.state().orders[0]?.status).toBe(1);
  });

  it('keeps fills newest first, once each, at most the cap', () => {
    const user = new UserChannel();
    for (let i = 1; i <= USER_FILLS_CAP + 5; i++) user.apply({ kind: 'fill', data: fill(i) });
    expect(user.apply({ kind: 'fill', data: fill(USER_FILLS_CAP + 5) })).toBe(false);
    const { fills } = user.state();
    expect(fills).toHaveLength(USER_FILLS_CAP);
    expect(fills[0]?.tradeId).toBe(USER_FILLS_CAP + 5);
  });

  it('drops the oldest orders past the cap', () => {
    const user = new UserChannel();
    for (let i = 1; i <= USER_ORDERS_CAP + 1; i++) user.apply({ kind: 'order', data: order(i) });
    const ids = user.state().orders.map((o) => o.orderId);
    expect(ids).toHaveLength(USER_ORDERS_CAP);
    expect(ids).not.toContain(1);
  });

  it('holds the latest balance of each coin', () => {
    const user = new UserChannel();
    user.apply({ kind: 'balance', data: { coin: 'USDT', available: '10', frozen: '0' } });
    user.apply({ kind: 'balance', data: { coin: 'USDT', available: '4', frozen: '6' } });
    expect(user.state().balances).toEqual([{ coin: 'USDT', available: '4', frozen: '6' }]);
  });

  it('ignores data of the wrong shape', () => {
    const user = new UserChannel();
    const bad: Record<string, unknown>[] = [
      order(0),
      order(1, { price: 1 }),
      order(1, { direction: 3 }),
      order(1, { amount: '1e5' }),
      order(1, { symbol: 'x'.repeat(100) }),
    ];
    for (const data of bad) expect(user.apply({ kind: 'order', data })).toBe(false);
    expect(user.apply({ kind: 'fill', data: { ...fill(1), maker: 'yes' } })).toBe(false);
    expect(user.apply({ kind: 'balance', data: { coin: 'USDT', available: 'NaN', frozen: '0' } })).toBe(false);
    expect(user.state()).toEqual({ orders: [], fills: [], balances: [] });
  });
});
