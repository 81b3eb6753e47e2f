import { describe, expect, it } from 'vitest';
import type { UserFrame } from '../../../common/protocol.ts';
import { USER_FILLS_CAP, USER_ORDERS_CAP, UserChannel } from '../../../workers/user/index.ts';
import { spotFill } from '../../common/spot-fill.ts';
import { spotOrder } from '../../common/spot-order.ts';
import { swapPosition, swapWallet } from '../../common/swap-views.ts';

const order = (orderId: number, fields: Record<string, unknown> = {}) => ({
  ...spotOrder(orderId),
  time: 1000,
  updateTime: 1000,
  ...fields,
});

const fill = (tradeId: number) => ({ ...spotFill(tradeId) });

/** A user channel fed frame after frame with seq 1, 2, … */
function channel() {
  const user = new UserChannel();
  let seq = 0;
  const tell = (kind: UserFrame['kind'], data: Record<string, unknown>) => user.apply({ kind, seq: ++seq, data });
  return { user, tell };
}

describe('the user channel', () => {
  it('keeps the latest state of each order, most recently changed first, never going back in time', () => {
    const { user, tell } = channel();
    expect(tell('order', order(1))).toBe('applied');
    expect(tell('order', order(2))).toBe('applied');
    expect(tell('order', order(1, { status: 1, tradedAmount: '0.1', updateTime: 1500 }))).toBe('applied');
    expect(user.state().orders.map((o) => [o.orderId, o.status])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    // A late, older event of order 1 changes nothing.
    tell('order', order(1, { updateTime: 1200 }));
    expect(user.state().orders[0]?.status).toBe(1);
  });

  it('keeps fills newest first, once each, at most the cap', () => {
    const { user, tell } = channel();
    for (let i = 1; i <= USER_FILLS_CAP + 5; i++) tell('fill', fill(i));
    tell('fill', fill(USER_FILLS_CAP + 5));
    const { fills } = user.state();
    expect(fills).toHaveLength(USER_FILLS_CAP);
    expect(fills[0]?.tradeId).toBe(USER_FILLS_CAP + 5);
    expect(fills[1]?.tradeId).toBe(USER_FILLS_CAP + 4);
  });

  it('drops the closed orders changed longest ago past the cap, and keeps every open order', () => {
    const { user, tell } = channel();
    tell('order', order(1_000));
    for (let i = 1; i <= USER_ORDERS_CAP + 1; i++) tell('order', order(i, { status: 2 }));
    const ids = user.state().orders.map((o) => o.orderId);
    expect(ids).toHaveLength(USER_ORDERS_CAP);
    expect(ids).not.toContain(1);
    expect(ids).toContain(1_000);
  });

  it('holds the latest balance of each coin, with the order in which the channel told it', () => {
    const { user, tell } = channel();
    tell('balance', { coin: 'USDT', available: '10', frozen: '0' });
    tell('balance', { coin: 'USDT', available: '4', frozen: '6' });
    expect(user.state().balances).toEqual([{ coin: 'USDT', available: '4', frozen: '6', told: 2 }]);
  });

  it('takes data of the wrong shape for a lost frame: nothing changes but the state goes stale', () => {
    const bad: Record<string, unknown>[] = [
      order(0),
      order(1, { price: 1 }),
      order(1, { direction: 3 }),
      order(1, { amount: '1e5' }),
      order(1, { symbol: 'x'.repeat(100) }),
    ];
    for (const data of bad) {
      const { user, tell } = channel();
      user.load({ resyncs: 0, seq: 0, orders: [], balances: [] });
      expect(tell('order', data)).toBe('stale');
      expect(user.status).toBe('stale');
    }
    const { user, tell } = channel();
    expect(tell('fill', { ...fill(1), maker: 'yes' })).toBe('stale');
    expect(tell('balance', { coin: 'USDT', available: 'NaN', frozen: '0' })).toBe('stale');
    expect(user.state()).toMatchObject({ orders: [], fills: [], balances: [], positions: [], wallets: [] });
  });
});

describe('the user channel sequence', () => {
  it('drops and counts a frame it already applied, and goes stale on a gap, keeping what the frame said', () => {
    const user = new UserChannel();
    user.load({ resyncs: 0, seq: 0, orders: [], balances: [] });
    expect(user.status).toBe('live');
    expect(user.apply({ kind: 'balance', seq: 1, data: { coin: 'USDT', available: '1', frozen: '0' } })).toBe(
      'applied',
    );
    expect(user.apply({ kind: 'balance', seq: 1, data: { coin: 'USDT', available: '9', frozen: '0' } })).toBe(
      'duplicate',
    );
    expect(user.duplicates).toBe(1);
    expect(user.state().balances[0]?.available).toBe('1');
    // Frame 2 never came.
    expect(user.apply({ kind: 'balance', seq: 3, data: { coin: 'USDT', available: '3', frozen: '0' } })).toBe('stale');
    expect(user).toMatchObject({ status: 'stale', seq: 3, resyncs: 1 });
    expect(user.state().balances[0]?.available).toBe('3');
    // Stale already: a further gap is the same round.
    user.apply({ kind: 'balance', seq: 5, data: { coin: 'USDT', available: '5', frozen: '0' } });
    expect(user.resyncs).toBe(1);
  });

  it('counts the contract events between the spot ones, so they never read as a gap', () => {
    const user = new UserChannel();
    user.load({ resyncs: 0, seq: 0, orders: [], balances: [] });
    expect(user.apply({ kind: 'position', seq: 1, data: swapPosition(1, { adlQuantile: 3 }) })).toBe('applied');
    expect(user.apply({ kind: 'swapWallet', seq: 2, data: swapWallet() })).toBe('applied');
    expect(user.apply({ kind: 'balance', seq: 3, data: { coin: 'USDT', available: '1', frozen: '0' } })).toBe(
      'applied',
    );
    expect(user).toMatchObject({ status: 'live', seq: 3, resyncs: 0 });
    expect(user.state().balances.map((b) => b.coin)).toEqual(['USDT']);
  });

  it('counts again from 1 after a reconnect, stale until the next load', () => {
    const user = new UserChannel();
    user.load({ resyncs: 0, seq: 0, orders: [], balances: [] });
    user.apply({ kind: 'order', seq: 1, data: order(1) });
    user.reset();
    expect(user).toMatchObject({ status: 'stale', seq: 0, resyncs: 1 });
    expect(user.apply({ kind: 'order', seq: 1, data: order(2) })).toBe('applied');
  });
});

describe('a REST load under the user channel', () => {
  it('takes the open orders and balances of the answer, except what the channel told after its seq', () => {
    const user = new UserChannel();
    // Told before the page's fetch began (seq 1, 2) and after it (seq 3, 4).
    user.apply({ kind: 'order', seq: 1, data: order(1) });
    user.apply({ kind: 'balance', seq: 2, data: { coin: 'BTC', available: '1', frozen: '0' } });
    user.apply({ kind: 'order', seq: 3, data: order(2, { status: 2, updateTime: 3000 }) });
    user.apply({ kind: 'balance', seq: 4, data: { coin: 'USDT', available: '50', frozen: '50' } });
    const loaded = user.load({
      resyncs: 0,
      seq: 2,
      // Order 1 was filled before the answer; order 2 was still open when it was read.
      orders: [order(2), order(3, { time: 500 })],
      balances: [
        { coin: 'USDT', available: '100', frozen: '0' },
        { coin: 'ETH', available: '3', frozen: '0' },
      ],
    });
    expect(loaded).toBe(true);
    expect(user.status).toBe('live');
    const { orders, balances } = user.state();
    expect(orders.map((o) => [o.orderId, o.status])).toEqual([
      [3, 0],
      [2, 2],
    ]);
    // BTC is not in the answer: none left. USDT was told after the fetch began: the channel's value stands.
    expect(balances).toEqual([
      { coin: 'USDT', available: '50', frozen: '50', told: 4 },
      { coin: 'ETH', available: '3', frozen: '0', told: 0 },
    ]);
  });

  it('answers only the stale round it was fetched for', () => {
    const user = new UserChannel();
    user.load({ resyncs: 0, seq: 0, orders: [], balances: [] });
    user.apply({ kind: 'order', seq: 2, data: order(1) });
    expect(user.resyncs).toBe(1);
    expect(user.load({ resyncs: 0, seq: 0, orders: [], balances: [] })).toBe(false);
    expect(user.status).toBe('stale');
    expect(user.load({ resyncs: 1, seq: 2, orders: [order(1)], balances: [] })).toBe(true);
    // Live already: a second page's answer changes nothing.
    expect(user.load({ resyncs: 1, seq: 2, orders: [], balances: [] })).toBe(false);
    expect(user.openAt('BTC/USDT').map((o) => o.orderId)).toEqual([1]);
  });

  it('after a reconnect, the answer replaces everything told before it', () => {
    const user = new UserChannel();
    user.apply({ kind: 'order', seq: 1, data: order(1) });
    user.apply({ kind: 'balance', seq: 2, data: { coin: 'USDT', available: '1', frozen: '0' } });
    user.load({ resyncs: 0, seq: 2, orders: [order(1)], balances: [{ coin: 'USDT', available: '1', frozen: '0' }] });
    user.reset();
    user.load({ resyncs: 1, seq: 0, orders: [], balances: [{ coin: 'USDT', available: '7', frozen: '0' }] });
    expect(user.openAt('BTC/USDT')).toEqual([]);
    expect(user.state().balances).toEqual([{ coin: 'USDT', available: '7', frozen: '0', told: 0 }]);
  });

  it('says which markets had their open orders change', () => {
    const user = new UserChannel();
    user.load({ resyncs: 0, seq: 0, orders: [order(1), order(2, { symbol: 'ETH/USDT' })], balances: [] });
    expect(user.takeChangedMarkets().sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(user.takeChangedMarkets()).toEqual([]);
    user.apply({ kind: 'fill', seq: 1, data: fill(1) });
    expect(user.takeChangedMarkets()).toEqual([]);
    user.apply({ kind: 'order', seq: 2, data: order(2, { symbol: 'ETH/USDT', status: 2, updateTime: 5000 }) });
    expect(user.takeChangedMarkets()).toEqual(['ETH/USDT']);
    expect(user.openAt('ETH/USDT')).toEqual([]);
  });
});
