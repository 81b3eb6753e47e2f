import { describe, expect, it } from 'vitest';
import { OrderStatus, OrderType, Side, TriggerType } from '../../../common/trading.ts';
import {
  Engine,
  type EngineOptions,
  type EngineResult,
  type PlaceCommand,
  SELF_TRADE_PREVENTION,
} from '../../../server/engine/engine.ts';
import type { Order } from '../../../server/engine/order.ts';
import { RATE_SCALE } from '../../../server/engine/units.ts';
import { Accounts, FEES_ACCOUNT } from '../../../server/ledger/accounts.ts';
import { BTC_USDT, bookLevels, deposit, ETH_USDT, FEES, SIMPLE } from './fixtures.ts';

const { buy, sell } = Side;
const A = 1;
const B = 2;
const C = 3;
const D = 4;

/** An engine over SIMPLE (whole numbers, no fees), FEES, BTC_USDT and ETH_USDT, with helpers that read like the rules. */
function exchange(options: EngineOptions = {}) {
  const accounts = new Accounts();
  let now = 1_000;
  const engine = new Engine([SIMPLE, FEES, BTC_USDT, ETH_USDT], accounts, () => now++, options);

  const fund = (userId: number, coin: string, amount: number) => deposit(accounts, userId, coin, amount);
  const balance = (userId: number, coin: string) => {
    const b = accounts.balancesOf(userId).get(coin);
    return { available: b?.available ?? 0, frozen: b?.frozen ?? 0 };
  };
  const place = (cmd: Partial<PlaceCommand> & Pick<PlaceCommand, 'userId' | 'side'>): EngineResult =>
    engine.place({ symbol: SIMPLE.symbol, type: OrderType.limit, price: 0, quantity: 0, ...cmd });
  /** Places an order that must be accepted and returns it. */
  const accepted = (cmd: Parameters<typeof place>[0]): Order => {
    const result = place(cmd);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    if (!result.order) throw new Error('no order');
    return result.order;
  };
  const limit = (userId: number, side: Side, price: number, quantity: number, symbol = SIMPLE.symbol) =>
    accepted({ userId, side, price, quantity, symbol });
  /** `[price, volume]` of each level, best first. */
  const depth = (side: 'bids' | 'asks', symbol = SIMPLE.symbol) =>
    bookLevels(engine, symbol, side).map((l) => [l.price, l.volume]);
  /** Everything a refused command must leave alone. */
  const snapshot = () =>
    JSON.stringify({
      balances: [A, B, C, D].map((u) => [...accounts.balancesOf(u)].map(([coin, b]) => [coin, b.available, b.frozen])),
      entries: accounts.entries.length,
      nextOrderId: engine.nextOrderId,
      nextTradeId: engine.nextTradeId,
      books: engine.specs().map((s) => [bookLevels(engine, s.symbol, 'bids'), bookLevels(engine, s.symbol, 'asks')]),
      open: [...engine.allOpenOrders()].map((o) => [o.id, o.remaining, o.frozen, o.status]),
    });

  return { engine, accounts, fund, balance, place, accepted, limit, depth, snapshot };
}

/** `[price, quantity, buy order id, sell order id]` of each trade of a command. */
function trades(result: EngineResult): number[][] {
  return result.events.flatMap((e) =>
    e.type === 'trade' ? [[e.trade.price, e.trade.quantity, e.trade.buyOrder.id, e.trade.sellOrder.id]] : [],
  );
}

function orderOf(result: EngineResult): Order {
  if (!result.ok || !result.order) throw new Error(result.ok ? 'no order' : `refused: ${result.reason}`);
  return result.order;
}

describe('price-time priority', () => {
  it('fills the best price first, across levels', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const at102 = x.limit(A, sell, 102, 5);
    const at100 = x.limit(A, sell, 100, 5);
    const at101 = x.limit(A, sell, 101, 5);

    const bid = x.place({ userId: B, side: buy, price: 102, quantity: 12 });

    expect(trades(bid)).toEqual([
      [100, 5, 4, at100.id],
      [101, 5, 4, at101.id],
      [102, 2, 4, at102.id],
    ]);
    expect(x.depth('asks')).toEqual([[102, 3]]);
    expect(x.depth('bids')).toEqual([]);
    // 500 + 505 + 204 paid; the 15 reserved beyond that (12 × 102 = 1224) came back when the order filled.
    expect(x.balance(B, 'USD')).toEqual({ available: 10_000 - 1209, frozen: 0 });
    expect(x.balance(B, 'ABC')).toEqual({ available: 12, frozen: 0 });
    expect(x.balance(A, 'USD')).toEqual({ available: 1209, frozen: 0 });
    expect(x.balance(A, 'ABC')).toEqual({ available: 85, frozen: 3 });
  });

  it('fills older orders first within a level', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(C, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const first = x.limit(A, sell, 100, 3);
    const second = x.limit(C, sell, 100, 3);
    const third = x.limit(A, sell, 100, 3);

    const bid = x.place({ userId: B, side: buy, price: 100, quantity: 5 });

    expect(trades(bid)).toEqual([
      [100, 3, 4, first.id],
      [100, 2, 4, second.id],
    ]);
    expect(bookLevels(x.engine, SIMPLE.symbol, 'asks')).toEqual([
      { price: 100, volume: 4, ids: [second.id, third.id] },
    ]);
  });

  it('a partly filled maker keeps its place at the head of its level', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(C, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const head = x.limit(A, sell, 100, 5);
    const behind = x.limit(C, sell, 100, 5);

    x.limit(B, buy, 100, 2);
    expect(head.status).toBe(OrderStatus.partlyFilled);
    expect(head.remaining).toBe(3);
    expect(head.frozen).toBe(3);

    const next = x.place({ userId: B, side: buy, price: 100, quantity: 4 });
    expect(trades(next)).toEqual([
      [100, 3, 4, head.id],
      [100, 1, 4, behind.id],
    ]);
    expect(head.status).toBe(OrderStatus.filled);
    expect(x.engine.order(head.id)).toBeUndefined();
  });

  it('never trades beyond the limit price and rests the remainder', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.fund(C, 'USD', 10_000);
    x.limit(A, sell, 101, 5);

    const low = x.limit(B, buy, 100, 8);
    expect(low.status).toBe(OrderStatus.open);
    expect(low.frozen).toBe(800);
    expect(x.depth('bids')).toEqual([[100, 8]]);

    const crossing = x.limit(C, buy, 101, 8);
    expect(crossing.status).toBe(OrderStatus.partlyFilled);
    expect(crossing.filled).toBe(5);
    expect(crossing.remaining).toBe(3);
    expect(crossing.frozen).toBe(303);
    expect(x.depth('bids')).toEqual([
      [101, 3],
      [100, 8],
    ]);
    expect(x.depth('asks')).toEqual([]);
    expect(x.balance(C, 'USD')).toEqual({ available: 10_000 - 808, frozen: 303 });
    expect(x.engine.book(SIMPLE.symbol)?.crossed()).toBe(false);
  });

  it('a limit buy filled at a better price gives back what the rest of it no longer needs', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.limit(A, sell, 100, 4);
    const bid = x.limit(B, buy, 105, 10);
    // 1050 reserved, 400 paid: the 6 left need only 630, so 20 goes back at once.
    expect(bid.frozen).toBe(630);
    expect(x.balance(B, 'USD')).toEqual({ available: 10_000 - 400 - 630, frozen: 630 });
    x.engine.cancel(B, bid.id);
    expect(x.balance(B, 'USD')).toEqual({ available: 10_000 - 400, frozen: 0 });
  });
});

describe('market orders', () => {
  it('a market buy spends its budget across levels and returns what cannot buy one more lot', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(C, 'ABC', 100);
    x.fund(B, 'USD', 1_000);
    const a = x.limit(A, sell, 100, 2);
    const b = x.limit(A, sell, 101, 3);
    x.limit(C, sell, 110, 5);

    const result = x.place({ userId: B, side: buy, type: OrderType.market, budget: 520 });
    const order = orderOf(result);

    expect(trades(result)).toEqual([
      [100, 2, order.id, a.id],
      [101, 3, order.id, b.id],
    ]);
    // 503 spent; the 17 left cannot buy a lot at 110.
    expect(order.status).toBe(OrderStatus.filled);
    expect(order.turnover).toBe(503);
    expect(order.frozen).toBe(0);
    expect(order.filled).toBe(5);
    expect(x.balance(B, 'USD')).toEqual({ available: 1_000 - 503, frozen: 0 });
    expect(x.balance(B, 'ABC')).toEqual({ available: 5, frozen: 0 });
    expect(x.depth('asks')).toEqual([[110, 5]]);
    expect(x.engine.order(order.id)).toBeUndefined();
  });

  it('a market buy that empties the book is partly cancelled and gets the rest of its budget back', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 1_000);
    x.limit(A, sell, 100, 2);
    const order = orderOf(x.place({ userId: B, side: buy, type: OrderType.market, budget: 1_000 }));
    expect(order.status).toBe(OrderStatus.partlyCancelled);
    expect(x.balance(B, 'USD')).toEqual({ available: 800, frozen: 0 });
  });

  it('a market buy that cannot buy a single lot is cancelled with its whole budget back', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 1_000);
    x.limit(A, sell, 100, 2);
    const result = x.place({ userId: B, side: buy, type: OrderType.market, budget: 99 });
    expect(orderOf(result).status).toBe(OrderStatus.cancelled);
    expect(trades(result)).toEqual([]);
    expect(x.balance(B, 'USD')).toEqual({ available: 1_000, frozen: 0 });

    const empty = exchange();
    empty.fund(B, 'USD', 1_000);
    expect(orderOf(empty.place({ userId: B, side: buy, type: OrderType.market, budget: 500 })).status).toBe(
      OrderStatus.cancelled,
    );
    expect(empty.balance(B, 'USD')).toEqual({ available: 1_000, frozen: 0 });
  });

  it('a market buy whose budget runs out inside a maker leaves the orders behind it alone', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'ABC', 100);
    x.fund(B, 'USD', 1_000);
    const maker = x.limit(A, sell, 10, 5);
    const own = x.limit(B, sell, 10, 1);

    const result = x.place({ userId: B, side: buy, type: OrderType.market, budget: 30 });

    expect(trades(result)).toEqual([[10, 3, orderOf(result).id, maker.id]]);
    // The budget never reached B's own ask, so self-trade prevention has nothing to cancel.
    expect(own.status).toBe(OrderStatus.open);
    expect(bookLevels(x.engine, SIMPLE.symbol, 'asks')).toEqual([{ price: 10, volume: 3, ids: [maker.id, own.id] }]);
  });

  it('a market sell sweeps levels best first', () => {
    const x = exchange();
    x.fund(A, 'USD', 10_000);
    x.fund(C, 'USD', 10_000);
    x.fund(B, 'ABC', 100);
    const a = x.limit(A, buy, 100, 3);
    const c = x.limit(C, buy, 99, 2);
    const d = x.limit(A, buy, 97, 4);

    const result = x.place({ userId: B, side: sell, type: OrderType.market, quantity: 6 });
    const order = orderOf(result);

    expect(trades(result)).toEqual([
      [100, 3, a.id, order.id],
      [99, 2, c.id, order.id],
      [97, 1, d.id, order.id],
    ]);
    expect(order.status).toBe(OrderStatus.filled);
    expect(order.turnover).toBe(300 + 198 + 97);
    expect(x.depth('bids')).toEqual([[97, 3]]);
    expect(x.balance(B, 'USD')).toEqual({ available: 595, frozen: 0 });
    expect(x.balance(B, 'ABC')).toEqual({ available: 94, frozen: 0 });
  });

  it('a market sell larger than the book is partly cancelled and keeps the rest', () => {
    const x = exchange();
    x.fund(A, 'USD', 10_000);
    x.fund(B, 'ABC', 100);
    x.limit(A, buy, 100, 3);
    const order = orderOf(x.place({ userId: B, side: sell, type: OrderType.market, quantity: 10 }));
    expect(order.status).toBe(OrderStatus.partlyCancelled);
    expect(order.filled).toBe(3);
    expect(x.balance(B, 'ABC')).toEqual({ available: 97, frozen: 0 });
  });
});

describe('fill-or-kill', () => {
  function book() {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'ABC', 100);
    x.fund(C, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const a = x.limit(A, sell, 100, 3);
    const own = x.limit(B, sell, 100, 5);
    const c = x.limit(C, sell, 101, 2);
    return { x, a, own, c };
  }

  it("is killed with no fill when the book cannot fill it at its price (its owner's orders don't count)", () => {
    const { x, own } = book();
    const before = x.balance(B, 'USD');
    const asks = x.depth('asks');

    const result = x.place({ userId: B, side: buy, type: OrderType.fillOrKill, price: 100, quantity: 5 });

    expect(result.ok).toBe(true);
    expect(orderOf(result).status).toBe(OrderStatus.cancelled);
    expect(trades(result)).toEqual([]);
    expect(x.balance(B, 'USD')).toEqual(before);
    expect(x.depth('asks')).toEqual(asks);
    expect(own.status).toBe(OrderStatus.open);
  });

  it('fills completely across levels when it can, cancelling its owner’s resting order on the way', () => {
    const { x, a, own, c } = book();
    const result = x.place({ userId: B, side: buy, type: OrderType.fillOrKill, price: 101, quantity: 5 });
    const order = orderOf(result);

    expect(trades(result)).toEqual([
      [100, 3, order.id, a.id],
      [101, 2, order.id, c.id],
    ]);
    expect(order.status).toBe(OrderStatus.filled);
    expect(own.status).toBe(OrderStatus.cancelled);
    expect(x.depth('asks')).toEqual([]);
    expect(x.balance(B, 'USD')).toEqual({ available: 10_000 - 502, frozen: 0 });
    expect(x.balance(B, 'ABC')).toEqual({ available: 105, frozen: 0 });
  });
});

describe('self-trade prevention', () => {
  it('cancels the resting order of the same user and goes on matching', () => {
    expect(SELF_TRADE_PREVENTION).toBe('cancel-resting');
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(A, 'USD', 10_000);
    x.fund(C, 'ABC', 100);
    const own = x.limit(A, sell, 100, 2);
    const other = x.limit(C, sell, 100, 3);

    const result = x.place({ userId: A, side: buy, price: 100, quantity: 4 });
    const bid = orderOf(result);

    expect(own.status).toBe(OrderStatus.cancelled);
    expect(own.frozen).toBe(0);
    expect(trades(result)).toEqual([[100, 3, bid.id, other.id]]);
    expect(bid.status).toBe(OrderStatus.partlyFilled);
    expect(x.depth('asks')).toEqual([]);
    expect(x.depth('bids')).toEqual([[100, 1]]);
    expect(x.balance(A, 'ABC')).toEqual({ available: 103, frozen: 0 });
    expect(x.balance(A, 'USD')).toEqual({ available: 10_000 - 400, frozen: 100 });
  });

  it('leaves the owner’s orders alone where the taker does not reach', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(A, 'USD', 10_000);
    x.fund(C, 'ABC', 100);
    x.limit(C, sell, 100, 3);
    const own = x.limit(A, sell, 100, 2);
    x.limit(A, buy, 100, 3);
    expect(own.status).toBe(OrderStatus.open);
    expect(x.depth('asks')).toEqual([[100, 2]]);
  });
});

describe('stop-loss and take-profit', () => {
  it('stop-loss sells fire on the last trade price, each fired order able to fire the next', () => {
    const x = exchange();
    x.fund(C, 'USD', 10_000);
    for (const u of [A, B, D]) x.fund(u, 'ABC', 100);
    const b100 = x.limit(C, buy, 100, 1);
    const b95 = x.limit(C, buy, 95, 2);
    const b90 = x.limit(C, buy, 90, 10);
    const stopA = x.accepted({
      userId: A,
      side: sell,
      type: OrderType.stopLoss,
      triggerPrice: 96,
      price: 90,
      quantity: 2,
    });
    const stopD = x.accepted({
      userId: D,
      side: sell,
      type: OrderType.stopLoss,
      triggerPrice: 94,
      price: 90,
      quantity: 3,
    });
    // Frozen at placement, off the book.
    expect(x.balance(A, 'ABC')).toEqual({ available: 98, frozen: 2 });
    expect(x.depth('asks')).toEqual([]);

    x.place({ userId: B, side: sell, type: OrderType.market, quantity: 1 });
    expect(x.engine.lastPrice(SIMPLE.symbol)).toBe(100);
    expect(stopA.triggered).toBe(false);

    const result = x.place({ userId: B, side: sell, type: OrderType.market, quantity: 1 });
    const market = orderOf(result);
    // 95 reaches A's trigger (96); A's fill at 90 reaches D's (94).
    expect(trades(result)).toEqual([
      [95, 1, b95.id, market.id],
      [95, 1, b95.id, stopA.id],
      [90, 1, b90.id, stopA.id],
      [90, 3, b90.id, stopD.id],
    ]);
    expect([stopA.triggered, stopA.status, stopD.triggered, stopD.status]).toEqual([
      true,
      OrderStatus.filled,
      true,
      OrderStatus.filled,
    ]);
    expect(b100.status).toBe(OrderStatus.filled);
    expect(x.depth('bids')).toEqual([[90, 6]]);
    expect(x.balance(A, 'USD')).toEqual({ available: 185, frozen: 0 });
    expect(x.balance(D, 'USD')).toEqual({ available: 270, frozen: 0 });
    x.accounts.assertConserved();
  });

  it('a stop fires when one order trades through its trigger, even if the last price ends beyond it', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.fund(C, 'USD', 10_000);
    x.fund(D, 'ABC', 100);
    x.limit(A, sell, 120, 1);
    x.place({ userId: B, side: buy, type: OrderType.market, budget: 120 });
    expect(x.engine.lastPrice(SIMPLE.symbol)).toBe(120);
    x.limit(C, buy, 80, 10);
    const stop = x.accepted({
      userId: D,
      side: sell,
      type: OrderType.stopLoss,
      triggerPrice: 102,
      price: 80,
      quantity: 2,
    });
    // One buy sweeps 100, 105 and 110: the last price ends at 110, but 100 went through the trigger.
    for (const price of [100, 105, 110]) x.limit(A, sell, price, 1);
    const result = x.place({ userId: B, side: buy, type: OrderType.market, budget: 315 });
    // The sweep ends at 110, past the trigger; the stop still fires and sells into the 80 bid.
    expect(trades(result).map(([price, quantity]) => [price, quantity])).toEqual([
      [100, 1],
      [105, 1],
      [110, 1],
      [80, 2],
    ]);
    expect([stop.triggered, stop.status]).toEqual([true, OrderStatus.filled]);
    x.accounts.assertConserved();
  });

  it('a stop-loss buy fires when the trade price rises to its trigger and rests what it cannot fill', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.fund(C, 'USD', 10_000);
    x.limit(A, sell, 100, 1);
    x.limit(A, sell, 105, 1);
    const stop = x.accepted({
      userId: C,
      side: buy,
      type: OrderType.stopLoss,
      triggerPrice: 104,
      price: 106,
      quantity: 3,
    });
    expect(stop.frozen).toBe(318);

    x.limit(B, buy, 100, 1);
    expect(stop.triggered).toBe(false);
    const result = x.place({ userId: B, side: buy, type: OrderType.limit, price: 105, quantity: 1 });
    expect(trades(result)).toEqual([[105, 1, orderOf(result).id, 2]]);
    // 105 ≥ 104 fired it; no ask is left, so it rests at 106 as a limit order.
    expect(stop.triggered).toBe(true);
    expect(stop.status).toBe(OrderStatus.open);
    expect(x.depth('bids')).toEqual([[106, 3]]);
    expect(x.engine.order(stop.id)).toBe(stop);
  });

  it('take-profit orders fire on the index price', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const sellAt = x.accepted({
      userId: A,
      side: sell,
      type: OrderType.takeProfit,
      triggerType: TriggerType.indexPrice,
      triggerPrice: 110,
      price: 108,
      quantity: 2,
    });
    const buyAt = x.accepted({
      userId: B,
      side: buy,
      type: OrderType.takeProfit,
      triggerType: TriggerType.indexPrice,
      triggerPrice: 90,
      price: 92,
      quantity: 1,
    });

    x.engine.setIndexPrice(SIMPLE.symbol, 109);
    expect(sellAt.triggered).toBe(false);
    const up = x.engine.setIndexPrice(SIMPLE.symbol, 110);
    expect(up.ok).toBe(true);
    expect(sellAt.triggered).toBe(true);
    expect(x.depth('asks')).toEqual([[108, 2]]);
    expect(buyAt.triggered).toBe(false);

    x.engine.setIndexPrice(SIMPLE.symbol, 90);
    expect(buyAt.triggered).toBe(true);
    expect(x.depth('bids')).toEqual([[92, 1]]);
    // The trade price does not fire index orders, and the index never fires trade-price ones.
    expect(x.engine.lastPrice(SIMPLE.symbol)).toBe(0);
  });

  it('refuses a trigger that its price has already reached, with no change', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.engine.setIndexPrice(SIMPLE.symbol, 112);
    x.limit(A, sell, 100, 1);
    x.limit(B, buy, 100, 1);
    const before = x.snapshot();
    const tp = { userId: A, side: sell, type: OrderType.takeProfit, price: 108, quantity: 2 } as const;
    for (const cmd of [
      { ...tp, triggerType: TriggerType.indexPrice, triggerPrice: 110 },
      { ...tp, triggerType: TriggerType.indexPrice, triggerPrice: 112 },
      { ...tp, triggerType: TriggerType.tradePrice, triggerPrice: 100 },
      { ...tp, type: OrderType.stopLoss, triggerPrice: 101 },
      { ...tp, side: buy, type: OrderType.stopLoss, triggerPrice: 99 },
      { ...tp, side: buy, triggerPrice: 100 },
    ]) {
      expect(x.place(cmd)).toMatchObject({ ok: false, reason: 'triggerPriceInvalid', events: [] });
    }
    expect(x.snapshot()).toBe(before);
    // Just on the other side of the trigger is fine.
    expect(x.place({ ...tp, triggerType: TriggerType.indexPrice, triggerPrice: 113 }).ok).toBe(true);
  });

  it('fires the nearest trigger first, and the oldest among equal ones', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'ABC', 100);
    x.fund(C, 'USD', 10_000);
    x.fund(D, 'USD', 10_000);
    const stop = (userId: number, side: Side, triggerPrice: number, price: number) =>
      x.accepted({ userId, side, type: OrderType.stopLoss, triggerPrice, price, quantity: 1 });
    x.engine.setIndexPrice(SIMPLE.symbol, 100);
    // Falling: the highest trigger fires first. They rest far from the market, so the ask queue shows the order.
    const s96 = stop(A, sell, 96, 200);
    const s98old = stop(A, sell, 98, 200);
    const s98new = stop(B, sell, 98, 200);
    // Rising: the lowest trigger fires first.
    const b104 = stop(C, buy, 104, 1);
    const b102old = stop(C, buy, 102, 1);
    const b102new = stop(D, buy, 102, 1);
    const watch = { type: OrderType.stopLoss, triggerType: TriggerType.indexPrice, quantity: 1 } as const;
    const i97 = x.accepted({ ...watch, userId: B, side: sell, triggerPrice: 97, price: 201 });

    x.limit(A, sell, 95, 1);
    x.limit(C, buy, 95, 1);
    expect(bookLevels(x.engine, SIMPLE.symbol, 'asks')).toEqual([
      { price: 200, volume: 3, ids: [s98old.id, s98new.id, s96.id] },
    ]);
    expect(i97.triggered).toBe(false);

    x.limit(A, sell, 105, 1);
    x.limit(C, buy, 105, 1);
    // 105 fires the three buy stops, lowest trigger first; they rest at 1.
    expect(bookLevels(x.engine, SIMPLE.symbol, 'bids')).toEqual([
      { price: 1, volume: 3, ids: [b102old.id, b102new.id, b104.id] },
    ]);
  });
});

describe('cancel', () => {
  it('returns exactly what the order still holds frozen', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    x.limit(A, sell, 30, 2);
    const bid = x.limit(B, buy, 33, 7);
    // 2 bought at 30; the 5 left reserve 5 × 33.
    expect(bid.frozen).toBe(165);

    const result = x.engine.cancel(B, bid.id);
    expect(result.ok).toBe(true);
    expect(bid.status).toBe(OrderStatus.partlyCancelled);
    expect(bid.frozen).toBe(0);
    expect(x.balance(B, 'USD')).toEqual({ available: 10_000 - 60, frozen: 0 });
    expect(x.depth('bids')).toEqual([]);
    expect(x.engine.order(bid.id)).toBeUndefined();
  });

  it('returns a rounded-up reservation in a market whose values round (BTC/USDT)', () => {
    const x = exchange();
    x.fund(B, 'USDT', 10_000);
    x.fund(A, 'BTC', 10_000);
    // 3 lots at 19.99: 5997 value units = 599.7 ledger units, reserved as 600.
    const bid = x.limit(B, buy, 1999, 3, BTC_USDT.symbol);
    const ask = x.limit(A, sell, 2500, 4, BTC_USDT.symbol);
    expect([bid.frozen, ask.frozen]).toEqual([600, 4000]);
    expect(x.balance(B, 'USDT')).toEqual({ available: 9_400, frozen: 600 });
    x.engine.cancel(B, bid.id);
    x.engine.cancel(A, ask.id);
    expect(x.balance(B, 'USDT')).toEqual({ available: 10_000, frozen: 0 });
    expect(x.balance(A, 'BTC')).toEqual({ available: 10_000, frozen: 0 });
  });

  it('cancels a waiting stop-loss with its reservation', () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    const stop = x.accepted({
      userId: A,
      side: sell,
      type: OrderType.stopLoss,
      triggerPrice: 90,
      price: 89,
      quantity: 4,
    });
    expect(x.engine.cancel(A, stop.id).ok).toBe(true);
    expect(stop.status).toBe(OrderStatus.cancelled);
    expect(x.balance(A, 'ABC')).toEqual({ available: 100, frozen: 0 });
  });

  it("refuses another user's order id, an unknown id and a finished order, touching nothing", () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(B, 'USD', 10_000);
    const ask = x.limit(A, sell, 100, 5);
    const filled = x.limit(B, buy, 100, 1);
    const before = x.snapshot();

    for (const [userId, id] of [
      [B, ask.id],
      [A, 999],
      [A, 0],
      [B, filled.id],
    ] as const) {
      expect(x.engine.cancel(userId, id)).toMatchObject({ ok: false, reason: 'orderNotFound', events: [] });
    }
    expect(x.snapshot()).toBe(before);
    expect(ask.status).toBe(OrderStatus.partlyFilled);
    expect(x.engine.order(ask.id)).toBe(ask);
  });

  it("cancelAll cancels the user's open orders in one market or all, and nobody else's", () => {
    const x = exchange();
    x.fund(A, 'ABC', 100);
    x.fund(A, 'USD', 10_000);
    x.fund(A, 'USDT', 10_000);
    x.fund(B, 'ABC', 100);
    const a1 = x.limit(A, sell, 110, 2);
    const a2 = x.limit(A, buy, 90, 2);
    const a3 = x.accepted({
      userId: A,
      side: sell,
      type: OrderType.stopLoss,
      triggerPrice: 80,
      price: 79,
      quantity: 1,
    });
    const a4 = x.limit(A, buy, 1000, 2, BTC_USDT.symbol);
    const b1 = x.limit(B, sell, 111, 2);

    expect(x.engine.cancelAll(A, 'NOPE')).toMatchObject({ ok: false, reason: 'unknownMarket' });
    expect(x.engine.cancelAll(A, SIMPLE.symbol).ok).toBe(true);
    expect([a1, a2, a3].map((o) => o.status)).toEqual([
      OrderStatus.cancelled,
      OrderStatus.cancelled,
      OrderStatus.cancelled,
    ]);
    expect(x.engine.openOrders(A)).toEqual([a4]);

    x.engine.cancelAll(A);
    expect(a4.status).toBe(OrderStatus.cancelled);
    expect(x.engine.openOrders(A)).toEqual([]);
    expect(x.engine.openOrders(B)).toEqual([b1]);
    for (const coin of ['ABC', 'USD', 'USDT']) expect(x.balance(A, coin).frozen).toBe(0);
    expect(x.balance(A, 'ABC').available).toBe(100);
  });
});

describe('refusals change nothing', () => {
  function funded(options: EngineOptions = {}) {
    const x = exchange(options);
    for (const u of [A, B]) {
      x.fund(u, 'ABC', 1_000);
      x.fund(u, 'USD', 100_000);
      x.fund(u, 'ETH', 100_000);
      x.fund(u, 'USDT', 100_000_000);
    }
    x.limit(B, sell, 120, 5);
    x.limit(B, buy, 80, 5);
    return x;
  }

  const cases: [string, Parameters<ReturnType<typeof exchange>['place']>[0]][] = [
    ['unknownMarket', { userId: A, side: buy, symbol: 'NOPE_USD', price: 100, quantity: 1 }],
    ['badPrice', { userId: A, side: buy, price: 0, quantity: 1 }],
    ['badPrice', { userId: A, side: buy, price: -100, quantity: 1 }],
    ['badPrice', { userId: A, side: buy, price: 100.5, quantity: 1 }],
    ['badPrice', { userId: A, side: sell, price: Number.NaN, quantity: 1 }],
    ['badPrice', { userId: A, side: sell, price: Number.POSITIVE_INFINITY, quantity: 1 }],
    ['badPrice', { userId: A, side: sell, price: 2 ** 53, quantity: 1 }],
    ['badPrice', { userId: A, side: sell, type: OrderType.fillOrKill, price: 0, quantity: 1 }],
    ['badAmount', { userId: A, side: buy, price: 100, quantity: 0 }],
    ['badAmount', { userId: A, side: buy, price: 100, quantity: -2 }],
    ['badAmount', { userId: A, side: sell, price: 100, quantity: 1.5 }],
    ['badAmount', { userId: A, side: sell, price: 100, quantity: Number.NaN }],
    ['badAmount', { userId: A, side: sell, type: OrderType.market, quantity: 0 }],
    ['badAmount', { userId: A, side: buy, type: OrderType.market, quantity: 5 }],
    ['badAmount', { userId: A, side: buy, type: OrderType.market, budget: 0 }],
    ['badAmount', { userId: A, side: buy, type: OrderType.market, budget: 10.5 }],
    ['triggerPriceInvalid', { userId: A, side: sell, type: OrderType.stopLoss, price: 90, quantity: 1 }],
    [
      'triggerPriceInvalid',
      { userId: A, side: sell, type: OrderType.stopLoss, triggerPrice: -1, price: 90, quantity: 1 },
    ],
    [
      'triggerPriceInvalid',
      { userId: A, side: buy, type: OrderType.takeProfit, triggerPrice: 9.5, price: 9, quantity: 1 },
    ],
    ['amountTooLarge', { userId: A, side: buy, price: 1e9, quantity: 1e8 }],
    ['amountTooLarge', { userId: A, side: buy, type: OrderType.market, budget: 2 ** 52, symbol: BTC_USDT.symbol }],
    ['belowMinAmount', { userId: A, side: buy, symbol: ETH_USDT.symbol, price: 100, quantity: 1 }],
    ['belowMinAmount', { userId: A, side: sell, symbol: ETH_USDT.symbol, type: OrderType.market, quantity: 1 }],
    // 2 lots at 0.01 are worth 20 ledger units; the market wants 100.
    ['belowMinTurnover', { userId: A, side: buy, symbol: ETH_USDT.symbol, price: 1, quantity: 2 }],
    ['belowMinTurnover', { userId: A, side: sell, symbol: ETH_USDT.symbol, price: 4, quantity: 2 }],
    ['belowMinTurnover', { userId: A, side: buy, symbol: ETH_USDT.symbol, type: OrderType.market, budget: 99 }],
    ['insufficientBalance', { userId: A, side: buy, price: 100, quantity: 1_001 }],
    ['insufficientBalance', { userId: A, side: sell, price: 100, quantity: 1_001 }],
    ['insufficientBalance', { userId: A, side: buy, type: OrderType.market, budget: 100_001 }],
    [
      'insufficientBalance',
      { userId: C, side: sell, type: OrderType.stopLoss, triggerPrice: 50, price: 50, quantity: 1 },
    ],
  ];

  it.each(cases)('%s: %j', (reason, cmd) => {
    const x = funded();
    const before = x.snapshot();
    expect(x.place(cmd)).toEqual({ ok: false, reason, events: [] });
    expect(x.snapshot()).toBe(before);
  });

  it('tooManyOrders counts resting and waiting orders per market; market, fill-or-kill and market makers are exempt', () => {
    const x = funded({ maxOpenOrders: 3, isMarketMaker: (u) => u === B });
    x.limit(A, buy, 90, 1);
    x.accepted({ userId: A, side: sell, type: OrderType.stopLoss, triggerPrice: 70, price: 70, quantity: 1 });
    x.limit(A, sell, 130, 1);
    const before = x.snapshot();
    expect(x.place({ userId: A, side: buy, price: 91, quantity: 1 })).toEqual({
      ok: false,
      reason: 'tooManyOrders',
      events: [],
    });
    expect(
      x.place({ userId: A, side: buy, type: OrderType.takeProfit, triggerPrice: 70, price: 70, quantity: 1 }),
    ).toMatchObject({
      reason: 'tooManyOrders',
    });
    expect(x.snapshot()).toBe(before);
    // Orders that never rest, another market, and the market maker still go through.
    expect(x.place({ userId: A, side: buy, type: OrderType.fillOrKill, price: 120, quantity: 1 }).ok).toBe(true);
    expect(x.place({ userId: A, side: buy, type: OrderType.market, budget: 120 }).ok).toBe(true);
    expect(x.place({ userId: A, side: buy, symbol: BTC_USDT.symbol, price: 100, quantity: 1 }).ok).toBe(true);
    for (let i = 0; i < 5; i++) x.limit(B, buy, 70 - i, 1);
    // A cancel makes room.
    x.engine.cancel(A, (x.engine.openOrders(A, SIMPLE.symbol)[0] as Order).id);
    expect(x.place({ userId: A, side: buy, price: 91, quantity: 1 }).ok).toBe(true);
  });

  it('setIndexPrice refuses an unknown market or a bad price', () => {
    const x = funded();
    const before = x.snapshot();
    expect(x.engine.setIndexPrice('NOPE', 100)).toMatchObject({ ok: false, reason: 'unknownMarket' });
    for (const price of [0, -1, 1.5, Number.NaN]) {
      expect(x.engine.setIndexPrice(SIMPLE.symbol, price)).toMatchObject({ ok: false, reason: 'badPrice' });
    }
    expect(x.engine.indexPrice(SIMPLE.symbol)).toBe(0);
    expect(x.snapshot()).toBe(before);
  });
});

describe('fees', () => {
  // FEES: a lot is 100 base units, a tick × lot 100 quote units; maker 0.1 %, taker 0.2 %.
  function trade(takerSide: Side) {
    const x = exchange();
    x.fund(A, 'FEE', 10_000);
    x.fund(A, 'EUR', 1_000_000);
    x.fund(B, 'FEE', 10_000);
    x.fund(B, 'EUR', 1_000_000);
    const makerSide = takerSide === buy ? sell : buy;
    const maker = x.limit(A, makerSide, 50, 10, FEES.symbol);
    const result = x.place({ userId: B, side: takerSide, symbol: FEES.symbol, price: 50, quantity: 10 });
    const event = result.events.find((e) => e.type === 'trade');
    if (event?.type !== 'trade') throw new Error('no trade');
    return { x, maker, taker: orderOf(result), trade: event.trade };
  }

  it('a taker buyer pays the taker rate in base, the maker seller the maker rate in quote', () => {
    const { x, maker, taker, trade: t } = trade(buy);
    expect([t.quoteUnits, t.baseUnits, t.buyFee, t.sellFee, t.takerSide]).toEqual([50_000, 1_000, 2, 50, buy]);
    expect([taker.fee, maker.fee]).toEqual([2, 50]);
    expect(x.balance(B, 'FEE')).toEqual({ available: 10_000 + 998, frozen: 0 });
    expect(x.balance(B, 'EUR')).toEqual({ available: 1_000_000 - 50_000, frozen: 0 });
    expect(x.balance(A, 'FEE')).toEqual({ available: 9_000, frozen: 0 });
    expect(x.balance(A, 'EUR')).toEqual({ available: 1_000_000 + 49_950, frozen: 0 });
    expect([x.accounts.systemBalance(FEES_ACCOUNT, 'FEE'), x.accounts.systemBalance(FEES_ACCOUNT, 'EUR')]).toEqual([
      2, 50,
    ]);
    x.accounts.assertConserved();
  });

  it('a maker buyer pays the maker rate in base, the taker seller the taker rate in quote', () => {
    const { x, maker, taker, trade: t } = trade(sell);
    expect([t.buyFee, t.sellFee, t.takerSide]).toEqual([1, 100, sell]);
    expect([maker.fee, taker.fee]).toEqual([1, 100]);
    expect(x.balance(A, 'FEE')).toEqual({ available: 10_000 + 999, frozen: 0 });
    expect(x.balance(B, 'EUR')).toEqual({ available: 1_000_000 + 49_900, frozen: 0 });
    expect([x.accounts.systemBalance(FEES_ACCOUNT, 'FEE'), x.accounts.systemBalance(FEES_ACCOUNT, 'EUR')]).toEqual([
      1, 100,
    ]);
    x.accounts.assertConserved();
  });

  it('rounds fees down to whole ledger units', () => {
    const x = exchange();
    x.fund(A, 'FEE', 10_000);
    x.fund(B, 'EUR', 1_000_000);
    x.limit(A, sell, 7, 3, FEES.symbol);
    const result = x.place({ userId: B, side: buy, symbol: FEES.symbol, price: 7, quantity: 3 });
    const event = result.events.find((e) => e.type === 'trade');
    // 300 base × 0.2 % = 0.6 → 0; 2100 quote × 0.1 % = 2.1 → 2.
    expect(event?.type === 'trade' && [event.trade.buyFee, event.trade.sellFee]).toEqual([0, 2]);
  });
});

describe('values that do not divide evenly (BTC/USDT: price 2 decimals, amount 5, USDT 6 → shift 1)', () => {
  it('the buyer reserves rounded up, pays each fill rounded down, and gets the difference back', () => {
    const x = exchange();
    x.fund(A, 'BTC', 1_000_000);
    x.fund(B, 'USDT', 1_000_000);
    x.limit(A, sell, 1999, 7, BTC_USDT.symbol);
    // 7 lots at 20.03 = 14021 value units = 1402.1 USDT units: 1403 reserved.
    const bid = x.limit(B, buy, 2003, 7, BTC_USDT.symbol);
    const t = bid.turnover;
    // Filled at 19.99: 13993 value units = 1399.3 → 1399 paid; seller fee 0.1 % of 1399 = 1; buyer fee 0.2 % of 7000 = 14.
    expect(t).toBe(1399);
    expect(bid.status).toBe(OrderStatus.filled);
    expect(x.balance(B, 'USDT')).toEqual({ available: 1_000_000 - 1399, frozen: 0 });
    expect(x.balance(B, 'BTC')).toEqual({ available: 7_000 - 14, frozen: 0 });
    expect(x.balance(A, 'USDT')).toEqual({ available: 1399 - 1, frozen: 0 });
    expect(x.balance(A, 'BTC')).toEqual({ available: 1_000_000 - 7_000, frozen: 0 });
    const totals = x.accounts.totals();
    expect(totals.get('USDT')).toEqual({ available: 999_999, frozen: 0, fees: 1, external: 1_000_000 });
    expect(totals.get('BTC')).toEqual({ available: 1_000_000 - 14, frozen: 0, fees: 14, external: 1_000_000 });
    x.accounts.assertConserved();
  });

  it('rounds each fill on its own and never pays more than was reserved', () => {
    const x = exchange();
    x.fund(A, 'BTC', 1_000_000);
    x.fund(B, 'USDT', 1_000_000);
    x.limit(A, sell, 1999, 1, BTC_USDT.symbol);
    x.limit(A, sell, 1999, 2, BTC_USDT.symbol);
    const result = x.place({ userId: B, side: buy, symbol: BTC_USDT.symbol, price: 1999, quantity: 3 });
    const paid = result.events.flatMap((e) => (e.type === 'trade' ? [e.trade.quoteUnits] : []));
    // 199.9 → 199 and 399.8 → 399, against 600 reserved (599.7 rounded up): 2 come back.
    expect(paid).toEqual([199, 399]);
    expect(x.balance(B, 'USDT')).toEqual({ available: 1_000_000 - 598, frozen: 0 });
    x.accounts.assertConserved();
  });

  it('a market buy spends what is left of its budget after rounding, and stops when that cannot buy a lot', () => {
    const x = exchange();
    x.fund(A, 'BTC', 1_000_000);
    x.fund(B, 'USDT', 1_000);
    // A lot at 0.19 is worth 1.9 USDT units; each fill pays it rounded down.
    const ask = x.limit(A, sell, 19, 3, BTC_USDT.symbol);
    const result = x.place({ userId: B, side: buy, symbol: BTC_USDT.symbol, type: OrderType.market, budget: 3 });
    const order = orderOf(result);
    // 3 units = 30 value units: one lot (pays 1), then 2 units = 20 value units buy another (pays 1); 1 unit
    // (10 value units) cannot buy a lot at 19, so the order is filled and that unit comes back.
    expect(trades(result)).toEqual([
      [19, 1, order.id, ask.id],
      [19, 1, order.id, ask.id],
    ]);
    expect(order.status).toBe(OrderStatus.filled);
    expect(order.turnover).toBe(2);
    expect(x.balance(B, 'USDT')).toEqual({ available: 998, frozen: 0 });
    expect(ask.remaining).toBe(1);
    x.accounts.assertConserved();
  });

  it('conserves funds over many odd fills', () => {
    const x = exchange();
    x.fund(A, 'BTC', 10_000_000);
    x.fund(A, 'USDT', 10_000_000);
    x.fund(B, 'BTC', 10_000_000);
    x.fund(B, 'USDT', 10_000_000);
    for (let i = 0; i < 40; i++) {
      const maker = i % 2 === 0 ? A : B;
      const taker = maker === A ? B : A;
      const price = 1990 + ((i * 7) % 23);
      x.limit(maker, i % 3 === 0 ? buy : sell, price, 1 + (i % 5), BTC_USDT.symbol);
      x.place({
        userId: taker,
        side: i % 3 === 0 ? sell : buy,
        symbol: BTC_USDT.symbol,
        type: i % 4 === 0 ? OrderType.market : OrderType.limit,
        price: price + (i % 3 === 0 ? -3 : 3),
        quantity: 1 + (i % 3),
        budget: 37 + i,
      });
      x.accounts.assertConserved();
    }
    const usdt = x.accounts.totals().get('USDT');
    expect(usdt && usdt.available + usdt.frozen + usdt.fees).toBe(20_000_000);
  });
});

describe('results', () => {
  it('an accepted order uses the next id; a refusal does not', () => {
    const x = exchange();
    x.fund(A, 'ABC', 10);
    expect(x.limit(A, sell, 100, 1).id).toBe(1);
    expect(x.place({ userId: A, side: sell, price: 100, quantity: 100 }).ok).toBe(false);
    expect(x.limit(A, sell, 100, 1).id).toBe(2);
  });

  it('reports level changes with the new volume', () => {
    const x = exchange();
    x.fund(A, 'ABC', 10);
    x.fund(B, 'USD', 1_000);
    x.limit(A, sell, 100, 3);
    const result = x.place({ userId: B, side: buy, price: 100, quantity: 3 });
    expect(result.events.filter((e) => e.type === 'level')).toEqual([
      { type: 'level', symbol: SIMPLE.symbol, side: sell, price: 100, volume: 0 },
    ]);
  });
});

describe('defence of the engine', () => {
  it('refuses a side, type or trigger type outside the spec codes, changing nothing', () => {
    const x = exchange();
    x.fund(A, 'USD', 1_000);
    const next = x.engine.nextOrderId;
    const base = { userId: A, symbol: SIMPLE.symbol, price: 10, quantity: 1 };
    for (const cmd of [
      { ...base, side: 3, type: OrderType.limit },
      { ...base, side: buy, type: 9 },
      { ...base, side: buy, type: OrderType.stopLoss, triggerPrice: 5, triggerType: 7 },
    ]) {
      const result = x.engine.place(cmd as never);
      expect(result).toMatchObject({ ok: false, reason: 'badOrder' });
    }
    expect(x.engine.nextOrderId).toBe(next);
    expect(x.balance(A, 'USD')).toEqual({ available: 1_000, frozen: 0 });
  });

  it('refuses a market whose fee rate is above 100 %', () => {
    expect(() => new Engine([{ ...SIMPLE, takerRate: RATE_SCALE + 1 }], new Accounts(), () => 0)).toThrow(RangeError);
  });
});
