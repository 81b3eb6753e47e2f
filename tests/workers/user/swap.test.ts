import { describe, expect, it } from 'vitest';
import { PositionSchema } from '../../../common/contracts/swap.ts';
import { ClosedPositionNoticeSchema } from '../../../common/contracts/swap-market.ts';
import { ContractOrderStatus } from '../../../common/margin/codes.ts';
import type { UserFrame } from '../../../common/protocol.ts';
import type { SwapUserLoad } from '../../../workers/api.ts';
import { UserChannel } from '../../../workers/user/index.ts';
import { matches } from '../../../workers/user/shapes.ts';
import { SWAP_NOTICES_CAP, SWAP_ORDERS_CAP } from '../../../workers/user/swap.ts';
import {
  closedPosition,
  fundingPayment,
  liquidationNotice,
  swapOrder,
  swapPlan,
  swapPosition,
  swapWallet,
} from '../../common/swap-views.ts';

const EMPTY: SwapUserLoad = { positions: [], orders: [], plans: [], wallets: [] };

/** A live user channel fed frame after frame with seq 1, 2, … */
function channel(swap: SwapUserLoad = EMPTY) {
  const user = new UserChannel();
  user.load({ resyncs: 0, seq: 0, orders: [], balances: [], swap });
  let seq = 0;
  const tell = (kind: UserFrame['kind'], data: object) =>
    user.apply({ kind, seq: ++seq, data: data as Record<string, unknown> });
  return { user, tell, seq: () => seq };
}

describe('the contract shapes', () => {
  it('checks a view against its one schema: every required field, of its type', () => {
    const good = { ...swapPosition(1) } as Record<string, unknown>;
    expect(matches(PositionSchema, good)).toBe(true);
    expect(matches(PositionSchema, { ...good, volume: '10' })).toBe(false);
    expect(matches(PositionSchema, { ...good, entryPrice: 1 })).toBe(false);
    const { adlQuantile: _, ...missing } = good;
    expect(matches(PositionSchema, missing)).toBe(false);
    expect(matches(PositionSchema, { ...good, symbol: 'x'.repeat(100) })).toBe(false);
    // An omitted schema keeps its required fields.
    expect(matches(ClosedPositionNoticeSchema, { ...closedPosition(1), closePnl: null })).toBe(false);
  });
});

describe('the contract state of the user channel', () => {
  it('holds each position at its latest, and drops it when it closes', () => {
    const { user, tell } = channel();
    expect(tell('position', swapPosition(2))).toBe('applied');
    expect(tell('position', swapPosition(1, { direction: 2 }))).toBe('applied');
    expect(tell('position', swapPosition(2, { adlQuantile: 4, volume: 7 }))).toBe('applied');
    expect(user.state().positions.map((p) => [p.positionId, p.volume, p.adlQuantile])).toEqual([
      [1, 10, 1],
      [2, 7, 4],
    ]);
    expect(tell('positionClosed', closedPosition(2))).toBe('applied');
    expect(user.state().positions.map((p) => p.positionId)).toEqual([1]);
    expect(user.state().notices).toEqual([{ kind: 'positionClosed', told: 4, data: closedPosition(2) }]);
  });

  it('keeps open orders and the latest closed, never going back to an older state', () => {
    const { user, tell } = channel();
    tell('swapOrder', swapOrder(1));
    tell('swapOrder', swapOrder(2));
    tell('swapOrder', swapOrder(1, { status: 1, dealVolume: 5, updateTime: 1500 }));
    tell('swapOrder', swapOrder(1, { updateTime: 1200 }));
    expect(user.state().swapOrders.map((o) => [o.orderId, o.status])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    for (let i = 10; i < 10 + SWAP_ORDERS_CAP; i++) tell('swapOrder', swapOrder(i, { status: 2 }));
    const ids = user.state().swapOrders.map((o) => o.orderId);
    expect(ids).toHaveLength(SWAP_ORDERS_CAP);
    expect(ids).toContain(2);
    expect(ids).not.toContain(1);
  });

  it("tells a perpetual's book what rests in it (its market name, in contracts) and when that changed", () => {
    const { user, tell } = channel();
    user.takeChangedMarkets();
    tell(
      'swapOrder',
      swapOrder(1, { entrustPrice: '59000', volume: 5, dealVolume: 2, status: ContractOrderStatus.partlyFilled }),
    );
    // A market order has no price to rest at; another contract's order rests in its own book.
    tell('swapOrder', swapOrder(2, { entrustPrice: '0' }));
    tell('swapOrder', swapOrder(3, { symbol: 'ETH/USDT', direction: 2, entrustPrice: '3100', volume: 4 }));
    expect(user.takeChangedMarkets().sort()).toEqual(['BTC/USDT:USDT', 'ETH/USDT:USDT']);
    expect(user.restingAt('BTC/USDT:USDT')).toEqual([{ direction: 1, price: '59000', amount: '5', filled: '2' }]);
    expect(user.restingAt('ETH/USDT:USDT')).toEqual([{ direction: 2, price: '3100', amount: '4', filled: '0' }]);
    // The spot book of the same coins is another market.
    expect(user.restingAt('BTC/USDT')).toEqual([]);
    tell('swapOrder', swapOrder(1, { status: ContractOrderStatus.cancelled, updateTime: 9000 }));
    expect(user.takeChangedMarkets()).toEqual(['BTC/USDT:USDT']);
    expect(user.restingAt('BTC/USDT:USDT')).toEqual([]);
    // A closed order changing again moves no mark.
    tell('swapOrder', swapOrder(1, { status: ContractOrderStatus.cancelled, updateTime: 9500 }));
    expect(user.takeChangedMarkets()).toEqual([]);
  });

  it('holds waiting plans only, and tells a fired TP/SL leg', () => {
    const { user, tell } = channel();
    tell('swapPlan', swapPlan(1));
    tell('swapPlan', swapPlan(2, { planType: 'stopLoss', triggerPrice: '55000', pairId: 1 }));
    tell('swapPlan', swapPlan(3, { planType: 'open' }));
    expect(user.state().plans.map((p) => p.planId)).toEqual([3, 2, 1]);
    tell('swapPlan', swapPlan(1, { status: 1, orderId: 9 }));
    tell('swapPlan', swapPlan(2, { planType: 'stopLoss', status: 2 }));
    tell('swapPlan', swapPlan(3, { planType: 'open', status: 1 }));
    expect(user.state().plans).toEqual([]);
    expect(user.state().notices.map((n) => [n.kind, n.told])).toEqual([['tpsl', 4]]);
  });

  it('holds the wallet of each settle coin and tells funding, liquidation and ADL, newest first, capped', () => {
    const { user, tell } = channel();
    tell('swapWallet', swapWallet());
    tell('swapWallet', swapWallet({ available: '900' }));
    expect(user.state().wallets).toEqual([swapWallet({ available: '900' })]);
    tell('funding', fundingPayment());
    tell('liquidation', liquidationNotice());
    tell('swapOrder', swapOrder(5, { action: 6, status: 1, dealVolume: 5 }));
    expect(user.state().notices.map((n) => n.kind)).toEqual(['adl', 'liquidation', 'funding']);
    for (let i = 0; i < SWAP_NOTICES_CAP; i++) tell('funding', fundingPayment());
    expect(user.state().notices).toHaveLength(SWAP_NOTICES_CAP);
  });

  it('takes contract data of the wrong shape for a lost frame', () => {
    const { user, tell } = channel();
    expect(tell('position', { ...swapPosition(1), volume: 'ten' })).toBe('stale');
    expect(user.status).toBe('stale');
    expect(user.state().positions).toEqual([]);
    const next = channel();
    expect(next.tell('liquidation', { ...liquidationNotice(), price: 54000 })).toBe('stale');
  });
});

describe('the contract state over a REST load', () => {
  it('becomes the loaded rows, keeping what the channel told after the load was asked for', () => {
    const user = new UserChannel();
    user.apply({ kind: 'position', seq: 1, data: { ...swapPosition(1, { volume: 3 }) } });
    user.apply({ kind: 'position', seq: 2, data: { ...swapPosition(2, { volume: 4 }) } });
    user.apply({ kind: 'positionClosed', seq: 3, data: { ...closedPosition(3) } });
    user.apply({ kind: 'swapPlan', seq: 4, data: { ...swapPlan(7, { status: 2 }) } });
    // Asked for at seq 1: position 1 is the loaded one, 2 was told later, 3 closed later, plan 7 ended later.
    user.load({
      resyncs: 0,
      seq: 1,
      orders: [],
      balances: [],
      swap: {
        positions: [swapPosition(1, { volume: 9 }), swapPosition(2, { volume: 1 }), swapPosition(3)],
        orders: [swapOrder(4), swapOrder(5, { status: 1 })],
        plans: [swapPlan(7), swapPlan(8)],
        wallets: [swapWallet()],
      },
    });
    const state = user.state();
    expect(state.positions.map((p) => [p.positionId, p.volume])).toEqual([
      [1, 9],
      [2, 4],
    ]);
    expect(state.swapOrders.map((o) => o.orderId)).toEqual([4]);
    expect(state.plans.map((p) => p.planId)).toEqual([8]);
    expect(state.wallets).toEqual([swapWallet()]);
    expect(user.status).toBe('live');
  });

  it('after a reconnect, the next load replaces everything: what vanished meanwhile goes', () => {
    const { user, tell } = channel({
      positions: [swapPosition(1)],
      orders: [swapOrder(1)],
      plans: [swapPlan(1)],
      wallets: [swapWallet()],
    });
    tell('position', swapPosition(2));
    user.reset();
    expect(user.status).toBe('stale');
    user.load({
      resyncs: 1,
      seq: 0,
      orders: [],
      balances: [],
      swap: { positions: [swapPosition(2, { volume: 1 })], orders: [], plans: [], wallets: [swapWallet()] },
    });
    const state = user.state();
    expect(state.positions.map((p) => [p.positionId, p.volume])).toEqual([[2, 1]]);
    expect(state.swapOrders).toEqual([]);
    expect(state.plans).toEqual([]);
  });
});
