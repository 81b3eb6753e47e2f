import { OrderStatus, OrderType, Side, TriggerType } from '../../common/trading.ts';
import type { Accounts } from '../ledger/accounts.ts';
import { type Level, OrderBook } from './book.ts';
import { isPlan, type Order } from './order.ts';
import { Plans, wouldFire } from './plans.ts';
import { mulDivFloor, pow10, quoteToValueFloor, RATE_SCALE, valueToQuote, valueToQuoteCeil } from './units.ts';

/** A spot market in engine units. */
export interface MarketSpec {
  symbol: string;
  base: string;
  quote: string;
  priceScale: number;
  amountScale: number;
  baseDecimals: number;
  quoteDecimals: number;
  /** Smallest order quantity, in lots. */
  minLots: number;
  /** Smallest order value, in quote ledger units. */
  minQuote: number;
  /** Fee rates in 10^-8 (RATE_SCALE). */
  makerRate: number;
  takerRate: number;
}

export interface Trade {
  readonly id: number;
  readonly symbol: string;
  /** Ticks. */
  readonly price: number;
  /** Lots. */
  readonly quantity: number;
  readonly takerSide: Side;
  readonly buyOrder: Order;
  readonly sellOrder: Order;
  /** Ledger units of the quote coin the buyer paid. */
  readonly quoteUnits: number;
  /** Ledger units of the base coin the seller delivered. */
  readonly baseUnits: number;
  /** Fee the buyer paid, in base units. */
  readonly buyFee: number;
  /** Fee the seller paid, in quote units. */
  readonly sellFee: number;
  readonly time: number;
}

export type EngineEvent =
  /** An order was accepted or changed (filled, rested, triggered, cancelled); the object is the live order. */
  | { type: 'order'; order: Order }
  | { type: 'trade'; trade: Trade }
  /** A book level's new total volume in lots (0: gone). */
  | { type: 'level'; symbol: string; side: Side; price: number; volume: number };

export type RejectReason =
  | 'unknownMarket'
  /** A coming market before its online time (refused by the exchange, never by the engine). */
  | 'marketNotOpen'
  /** A side, type or trigger type outside the spec's codes. */
  | 'badOrder'
  | 'badPrice'
  | 'badAmount'
  | 'amountTooLarge'
  | 'belowMinAmount'
  | 'belowMinTurnover'
  | 'insufficientBalance'
  | 'tooManyOrders'
  | 'triggerPriceInvalid'
  | 'orderNotFound';

export type EngineResult =
  | { ok: true; order: Order | null; events: EngineEvent[] }
  | { ok: false; reason: RejectReason; events: EngineEvent[] };

/** What a user asks for, in engine units (the HTTP layer converts decimal strings exactly). */
export interface PlaceCommand {
  userId: number;
  symbol: string;
  side: Side;
  type: OrderType;
  /** Ticks; ignored for market orders. */
  price: number;
  /** Lots; for a market buy, 0 (it spends `budget`). */
  quantity: number;
  /** Market buy: quote ledger units to spend. */
  budget?: number;
  triggerPrice?: number;
  triggerType?: TriggerType;
}

export interface EngineOptions {
  /** Open orders one user may hold in one market (market makers are exempt). */
  maxOpenOrders?: number;
  /** Users with no open-order limit: the simulator's market makers. */
  isMarketMaker?: (userId: number) => boolean;
}

interface MarketState {
  readonly spec: MarketSpec;
  readonly book: OrderBook;
  readonly plans: Plans;
  /** priceScale + amountScale − quote decimals (see units.ts). */
  readonly shift: number;
  /** Base ledger units per lot. */
  readonly baseUnitsPerLot: number;
  lastPrice: number;
  indexPrice: number;
  /** Lowest and highest trade price since triggers were last looked at (Infinity / 0: no trade since). */
  low: number;
  high: number;
}

/** Self-trade prevention: an order that would trade with its owner's resting order cancels that resting order. */
export const SELF_TRADE_PREVENTION = 'cancel-resting' as const;

/** A command's codes are ones the engine knows: side, order type and, when given, trigger type. */
function isWellFormed(cmd: PlaceCommand): boolean {
  if (cmd.side !== Side.buy && cmd.side !== Side.sell) return false;
  if (!Number.isInteger(cmd.type) || cmd.type < OrderType.limit || cmd.type > OrderType.takeProfit) return false;
  return (
    cmd.triggerType === undefined ||
    cmd.triggerType === TriggerType.tradePrice ||
    cmd.triggerType === TriggerType.indexPrice
  );
}

/**
 * The spot matching engine: price-time priority over integer ticks and lots, settling every fill on the in-memory
 * ledger. Pure and deterministic — no I/O, time from the injected clock — and every call returns its effects as values.
 */
export class Engine {
  private readonly markets = new Map<string, MarketState>();
  /** Open orders (resting or waiting for a trigger) by id. */
  private readonly open = new Map<number, Order>();
  private readonly openByUser = new Map<number, Set<Order>>();
  private readonly openCounts = new Map<number, Map<string, number>>();
  private events: EngineEvent[] = [];
  private readonly maxOpenOrders: number;
  /** Bots: no open-order limit, no private events, no messages. */
  readonly isMarketMaker: (userId: number) => boolean;
  nextOrderId = 1;
  nextTradeId = 1;
  nextBookSeq = 1;

  constructor(
    specs: readonly MarketSpec[],
    readonly accounts: Accounts,
    private readonly clock: () => number,
    options: EngineOptions = {},
  ) {
    for (const spec of specs) {
      if (spec.amountScale > spec.baseDecimals) throw new RangeError(`${spec.symbol}: lots finer than the base coin`);
      for (const rate of [spec.makerRate, spec.takerRate]) {
        if (!Number.isSafeInteger(rate) || rate < 0 || rate > RATE_SCALE) {
          throw new RangeError(`${spec.symbol}: fee rate ${rate} is not between 0 and 100 %`);
        }
      }
      this.markets.set(spec.symbol, {
        spec,
        book: new OrderBook(),
        plans: new Plans(),
        shift: spec.priceScale + spec.amountScale - spec.quoteDecimals,
        baseUnitsPerLot: pow10(spec.baseDecimals - spec.amountScale),
        lastPrice: 0,
        indexPrice: 0,
        low: Number.POSITIVE_INFINITY,
        high: 0,
      });
    }
    this.maxOpenOrders = options.maxOpenOrders ?? 500;
    this.isMarketMaker = options.isMarketMaker ?? (() => false);
  }

  spec(symbol: string): MarketSpec | undefined {
    return this.markets.get(symbol)?.spec;
  }

  specs(): MarketSpec[] {
    return [...this.markets.values()].map((m) => m.spec);
  }

  book(symbol: string): OrderBook | undefined {
    return this.markets.get(symbol)?.book;
  }

  lastPrice(symbol: string): number {
    return this.markets.get(symbol)?.lastPrice ?? 0;
  }

  indexPrice(symbol: string): number {
    return this.markets.get(symbol)?.indexPrice ?? 0;
  }

  order(id: number): Order | undefined {
    return this.open.get(id);
  }

  /** A user's open orders (resting or waiting for a trigger), oldest first. */
  openOrders(userId: number, symbol?: string): Order[] {
    const orders = [...(this.openByUser.get(userId) ?? [])];
    return (symbol ? orders.filter((o) => o.symbol === symbol) : orders).sort((a, b) => a.id - b.id);
  }

  allOpenOrders(): IterableIterator<Order> {
    return this.open.values();
  }

  place(cmd: PlaceCommand): EngineResult {
    this.events = [];
    const market = this.markets.get(cmd.symbol);
    if (!market) return this.reject('unknownMarket');
    const { spec } = market;
    // The HTTP layer validates these too; the engine never trusts a caller with its books.
    if (!isWellFormed(cmd)) return this.reject('badOrder');
    const marketBuy = cmd.type === OrderType.market && cmd.side === Side.buy;
    const priced = cmd.type !== OrderType.market;
    const planned = cmd.type === OrderType.stopLoss || cmd.type === OrderType.takeProfit;
    const budget = marketBuy ? (cmd.budget ?? 0) : 0;
    const quantity = marketBuy ? 0 : cmd.quantity;
    const price = priced ? cmd.price : 0;
    const triggerPrice = planned ? (cmd.triggerPrice ?? 0) : 0;
    const triggerType = planned ? (cmd.triggerType ?? TriggerType.tradePrice) : 0;

    if (priced && !positiveInt(price)) return this.reject('badPrice');
    if (planned && !positiveInt(triggerPrice)) return this.reject('triggerPriceInvalid');
    if (marketBuy ? !positiveInt(budget) : !positiveInt(quantity)) return this.reject('badAmount');
    // Values must stay exact integers (units.ts).
    if (price * quantity > Number.MAX_SAFE_INTEGER || quantity * market.baseUnitsPerLot > Number.MAX_SAFE_INTEGER) {
      return this.reject('amountTooLarge');
    }
    if (marketBuy ? quoteToValueFloor(budget, market.shift) > Number.MAX_SAFE_INTEGER : false) {
      return this.reject('amountTooLarge');
    }
    if (!marketBuy && quantity < spec.minLots) return this.reject('belowMinAmount');
    const quoteValue = marketBuy ? budget : priced ? valueToQuoteCeil(price * quantity, market.shift) : 0;
    if ((marketBuy || priced) && quoteValue < spec.minQuote) return this.reject('belowMinTurnover');
    if (
      !this.isMarketMaker(cmd.userId) &&
      this.openCount(cmd.userId, cmd.symbol) >= this.maxOpenOrders &&
      cmd.type !== OrderType.market &&
      cmd.type !== OrderType.fillOrKill
    ) {
      return this.reject('tooManyOrders');
    }
    if (planned) {
      const watched = triggerType === TriggerType.indexPrice ? market.indexPrice : market.lastPrice;
      if (wouldFire(cmd.side, cmd.type, triggerPrice, watched)) return this.reject('triggerPriceInvalid');
    }

    const id = this.nextOrderId;
    const time = this.clock();
    const buy = cmd.side === Side.buy;
    const frozen = buy ? quoteValue : quantity * market.baseUnitsPerLot;
    if (!this.accounts.freeze(cmd.userId, buy ? spec.quote : spec.base, frozen, `order:${id}`, time)) {
      return this.reject('insufficientBalance');
    }
    this.nextOrderId++;
    const order: Order = {
      id,
      userId: cmd.userId,
      symbol: spec.symbol,
      side: cmd.side,
      type: cmd.type,
      price,
      quantity,
      budget,
      triggerPrice,
      triggerType,
      createdAt: time,
      remaining: quantity,
      filled: 0,
      turnover: 0,
      fee: 0,
      frozen,
      status: OrderStatus.open,
      triggered: false,
      bookSeq: 0,
      updatedAt: time,
      prev: null,
      next: null,
    };
    this.events.push({ type: 'order', order });
    if (planned) {
      market.plans.add(order);
      this.track(order);
    } else {
      this.execute(market, order);
      this.runTriggers(market);
    }
    return { ok: true, order, events: this.events };
  }

  /** Cancels one of the user's open orders; another user's order is "not found", never touched. */
  cancel(userId: number, orderId: number): EngineResult {
    this.events = [];
    const order = this.open.get(orderId);
    if (!order || order.userId !== userId) return this.reject('orderNotFound');
    const market = this.markets.get(order.symbol) as MarketState;
    this.cancelOpen(market, order);
    return { ok: true, order, events: this.events };
  }

  /** Cancels every open order of the user, in one market or all. */
  cancelAll(userId: number, symbol?: string): EngineResult {
    this.events = [];
    if (symbol !== undefined && !this.markets.has(symbol)) return this.reject('unknownMarket');
    for (const order of this.openOrders(userId, symbol)) {
      this.cancelOpen(this.markets.get(order.symbol) as MarketState, order);
    }
    return { ok: true, order: null, events: this.events };
  }

  /** The index (reference) price moved: fires the plans that watch it. */
  setIndexPrice(symbol: string, price: number): EngineResult {
    this.events = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownMarket');
    if (!positiveInt(price)) return this.reject('badPrice');
    market.indexPrice = price;
    this.runTriggers(market);
    return { ok: true, order: null, events: this.events };
  }

  /** Recovery: puts a stored open order back. Call in book-sequence order so time priority is what it was. */
  restore(order: Order): void {
    const market = this.markets.get(order.symbol);
    if (!market) throw new Error(`order ${order.id}: unknown market ${order.symbol}`);
    if (isPlan(order)) market.plans.add(order);
    else market.book.sideOf(order.side).add(order);
    this.track(order);
  }

  /** Recovery: the last trade price of a market. */
  restorePrices(symbol: string, lastPrice: number, indexPrice: number): void {
    const market = this.markets.get(symbol);
    if (!market) return;
    market.lastPrice = lastPrice;
    market.indexPrice = indexPrice;
  }

  private reject(reason: RejectReason): EngineResult {
    return { ok: false, reason, events: this.events };
  }

  /** Matches an incoming (or just triggered) order, then rests or finishes what is left. */
  private execute(market: MarketState, order: Order): void {
    const book = market.book;
    const opposite = order.side === Side.buy ? book.asks : book.bids;
    const isMarket = order.type === OrderType.market;
    const marketBuy = isMarket && order.side === Side.buy;

    if (order.type === OrderType.fillOrKill && !this.canFill(opposite.levelsBestFirst(), order)) {
      this.finish(market, order);
      return;
    }
    // A market buy spends a budget: what is left of it (still frozen) in value units bounds each fill. Re-read from
    // `frozen` after each fill, not decremented by the exact value: a fill pays that value rounded down (shift > 0),
    // and the rest of the budget is what was not paid (the same rule `marketBuyStatus` applies).
    let budgetValue = marketBuy ? quoteToValueFloor(order.frozen, market.shift) : 0;
    for (;;) {
      if (!marketBuy && order.remaining === 0) break;
      const level = opposite.best();
      if (!level) break;
      // A limit stops where the opposite side's price is worse than its own.
      if (!isMarket && opposite.better(order.price, level.price)) break;
      let maker = level.head;
      let exhausted = false;
      while (maker) {
        const next = maker.next;
        if (maker.userId === order.userId) {
          this.cancelOpen(market, maker);
        } else {
          let quantity = marketBuy ? Math.floor(budgetValue / level.price) : order.remaining;
          if (quantity > maker.remaining) quantity = maker.remaining;
          if (quantity === 0) {
            exhausted = true;
            break;
          }
          this.fill(market, order, maker, level, quantity);
          if (marketBuy) budgetValue = quoteToValueFloor(order.frozen, market.shift);
          else if (order.remaining === 0) break;
          // A maker left on the book was not taken whole: what the taker does next is with it again, never with an
          // order behind it (a market buy whose budget ran out must not reach, or self-trade-cancel, the next one).
          if (maker.remaining > 0) continue;
        }
        maker = next;
      }
      if (exhausted) break;
    }
    if (order.remaining > 0 && order.type !== OrderType.market && order.type !== OrderType.fillOrKill) {
      this.rest(market, order);
    } else {
      this.finish(market, order);
    }
  }

  /** Whether a fill-or-kill order finds its whole quantity at its price or better (its owner's orders don't count). */
  private canFill(levels: Iterable<Level>, order: Order): boolean {
    let wanted = order.remaining;
    for (const level of levels) {
      if (order.side === Side.buy ? level.price > order.price : level.price < order.price) return false;
      for (let maker = level.head; maker; maker = maker.next) {
        if (maker.userId === order.userId) continue;
        wanted -= maker.remaining;
        if (wanted <= 0) return true;
      }
    }
    return false;
  }

  private fill(market: MarketState, taker: Order, maker: Order, level: Level, quantity: number): void {
    const { spec } = market;
    const time = this.clock();
    const price = level.price;
    const quoteUnits = valueToQuote(price * quantity, market.shift);
    const baseUnits = quantity * market.baseUnitsPerLot;
    const takerBuys = taker.side === Side.buy;
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const buyFee = mulDivFloor(baseUnits, takerBuys ? spec.takerRate : spec.makerRate, RATE_SCALE);
    const sellFee = mulDivFloor(quoteUnits, takerBuys ? spec.makerRate : spec.takerRate, RATE_SCALE);
    const txn = `trade:${this.nextTradeId}`;
    this.accounts.payFromFrozen(buyer.userId, seller.userId, spec.quote, quoteUnits, sellFee, txn, time);
    this.accounts.payFromFrozen(seller.userId, buyer.userId, spec.base, baseUnits, buyFee, txn, time);
    buyer.frozen -= quoteUnits;
    seller.frozen -= baseUnits;
    buyer.turnover += quoteUnits;
    seller.turnover += quoteUnits;
    buyer.fee += buyFee;
    seller.fee += sellFee;
    for (const o of [taker, maker]) {
      o.filled += quantity;
      if (o.remaining > 0) o.remaining -= quantity;
      o.updatedAt = time;
    }
    level.volume -= quantity;
    const trade: Trade = {
      id: this.nextTradeId++,
      symbol: spec.symbol,
      price,
      quantity,
      takerSide: taker.side,
      buyOrder: buyer,
      sellOrder: seller,
      quoteUnits,
      baseUnits,
      buyFee,
      sellFee,
      time,
    };
    market.lastPrice = price;
    if (price < market.low) market.low = price;
    if (price > market.high) market.high = price;
    this.events.push({ type: 'trade', trade });
    const side = market.book.sideOf(maker.side);
    if (maker.remaining === 0) {
      side.remove(maker, 0);
      this.finish(market, maker);
    } else {
      maker.status = OrderStatus.partlyFilled;
      this.events.push({ type: 'order', order: maker });
    }
    this.events.push({ type: 'level', symbol: spec.symbol, side: maker.side, price, volume: level.volume });
  }

  private rest(market: MarketState, order: Order): void {
    if (order.side === Side.buy && order.filled > 0) {
      // Fills below the limit leave more reserved than the rest of the order can cost: that part goes back now.
      const needed = valueToQuoteCeil(order.price * order.remaining, market.shift);
      if (order.frozen > needed) {
        this.accounts.unfreeze(
          order.userId,
          market.spec.quote,
          order.frozen - needed,
          `order:${order.id}`,
          this.clock(),
        );
        order.frozen = needed;
      }
    }
    order.bookSeq = this.nextBookSeq++;
    order.status = order.filled > 0 ? OrderStatus.partlyFilled : OrderStatus.open;
    order.updatedAt = this.clock();
    const volume = market.book.sideOf(order.side).add(order);
    this.track(order);
    this.events.push({ type: 'order', order });
    this.events.push({ type: 'level', symbol: order.symbol, side: order.side, price: order.price, volume });
  }

  /** Ends an order that will not rest: filled, or what is left cancelled; the unused reservation goes back. */
  private finish(market: MarketState, order: Order): void {
    if (order.type === OrderType.market && order.side === Side.buy) {
      order.status = order.filled === 0 ? OrderStatus.cancelled : marketBuyStatus(market, order);
    } else if (order.remaining === 0) order.status = OrderStatus.filled;
    else order.status = order.filled > 0 ? OrderStatus.partlyCancelled : OrderStatus.cancelled;
    this.release(market, order);
    this.untrack(order);
    order.updatedAt = this.clock();
    this.events.push({ type: 'order', order });
  }

  private cancelOpen(market: MarketState, order: Order): void {
    if (isPlan(order)) market.plans.remove(order);
    else {
      const volume = market.book.sideOf(order.side).remove(order, order.remaining);
      this.events.push({ type: 'level', symbol: order.symbol, side: order.side, price: order.price, volume });
    }
    order.status = order.filled > 0 ? OrderStatus.partlyCancelled : OrderStatus.cancelled;
    order.updatedAt = this.clock();
    this.release(market, order);
    this.untrack(order);
    this.events.push({ type: 'order', order });
  }

  private release(market: MarketState, order: Order): void {
    if (order.frozen === 0) return;
    const coin = order.side === Side.buy ? market.spec.quote : market.spec.base;
    this.accounts.unfreeze(order.userId, coin, order.frozen, `order:${order.id}`, this.clock());
    order.frozen = 0;
  }

  /**
   * Fires every plan whose trigger the trades since the last look went through (not only the last price: an order that
   * sweeps past a stop fires it), then those the index reached; a fired order's own trades can fire more.
   */
  private runTriggers(market: MarketState): void {
    for (;;) {
      const plan = market.plans.popFired(market.low, market.high, market.indexPrice);
      if (!plan) {
        market.low = Number.POSITIVE_INFINITY;
        market.high = 0;
        return;
      }
      this.untrack(plan);
      plan.triggered = true;
      plan.updatedAt = this.clock();
      this.events.push({ type: 'order', order: plan });
      this.execute(market, plan);
    }
  }

  /** A user's open orders in one market, counted as they come and go (the limit check runs on every order). */
  private openCount(userId: number, symbol: string): number {
    return this.openCounts.get(userId)?.get(symbol) ?? 0;
  }

  private track(order: Order): void {
    this.open.set(order.id, order);
    let set = this.openByUser.get(order.userId);
    let counts = this.openCounts.get(order.userId);
    if (!set || !counts) {
      set = new Set();
      counts = new Map();
      this.openByUser.set(order.userId, set);
      this.openCounts.set(order.userId, counts);
    }
    set.add(order);
    counts.set(order.symbol, (counts.get(order.symbol) ?? 0) + 1);
  }

  private untrack(order: Order): void {
    this.open.delete(order.id);
    if (this.openByUser.get(order.userId)?.delete(order)) {
      const counts = this.openCounts.get(order.userId) as Map<string, number>;
      counts.set(order.symbol, (counts.get(order.symbol) ?? 1) - 1);
    }
  }
}

/** A market buy is filled when what is left of its budget cannot buy one more lot at the best ask. */
function marketBuyStatus(market: MarketState, order: Order): OrderStatus {
  const best = market.book.asks.best();
  const leftValue = quoteToValueFloor(order.frozen, market.shift);
  return !best || leftValue >= best.price ? OrderStatus.partlyCancelled : OrderStatus.filled;
}

function positiveInt(n: number): boolean {
  return Number.isSafeInteger(n) && n > 0;
}
