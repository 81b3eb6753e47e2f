/**
 * A deliberately simple reference exchange for the engine's property tests. Orders live in plain arrays that are
 * filtered and sorted again at every step, balances in a map, and every unit conversion goes through BigInt. It is
 * slow and obvious on purpose and shares no code with `server/engine` (only its types): it restates the semantics —
 * price-time priority, self-trade prevention that cancels the resting order, fill-or-kill, market buy by budget,
 * stop-loss / take-profit triggers and their firing order, fees and rounding — so the engine can be checked against it.
 */
import { OrderStatus, OrderType, Side, TriggerType } from '../../../common/trading.ts';
import type { MarketSpec, PlaceCommand, RejectReason } from '../../../server/engine/engine.ts';

const RATE = 100_000_000n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export interface NaiveOrder {
  readonly id: number;
  readonly userId: number;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly price: number;
  readonly quantity: number;
  readonly budget: number;
  readonly triggerPrice: number;
  readonly triggerType: TriggerType | 0;
  remaining: number;
  filled: number;
  frozen: number;
  status: OrderStatus;
  triggered: boolean;
  /** Time priority on the book; 0 until the order rests. */
  restSeq: number;
}

export interface NaiveTrade {
  price: number;
  quantity: number;
  buyOrderId: number;
  sellOrderId: number;
  takerSide: Side;
  quoteUnits: number;
  baseUnits: number;
  buyFee: number;
  sellFee: number;
}

export type NaiveResult =
  | { ok: true; orderId: number | null; trades: NaiveTrade[] }
  | { ok: false; reason: RejectReason; trades: NaiveTrade[] };

export interface NaiveLevel {
  price: number;
  volume: number;
  /** Order ids in time priority. */
  ids: number[];
}

export interface NaiveOptions {
  maxOpenOrders: number;
  marketMakers: readonly number[];
}

interface Market {
  spec: MarketSpec;
  /** priceScale + amountScale − quote decimals. */
  shift: number;
  baseUnitsPerLot: number;
  lastPrice: number;
  indexPrice: number;
  /** Trade prices since triggers were last looked at. */
  traded: number[];
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

function isPositiveInt(n: number | undefined): n is number {
  return n !== undefined && Number.isSafeInteger(n) && n > 0;
}

/** Value units (ticks × lots) → quote ledger units, rounded down. */
function valueToQuoteFloor(value: bigint, shift: number): number {
  return Number(shift >= 0 ? value / pow10(shift) : value * pow10(-shift));
}

/** Value units → quote ledger units, rounded up. */
function valueToQuoteCeil(value: bigint, shift: number): number {
  if (shift <= 0) return Number(value * pow10(-shift));
  const d = pow10(shift);
  return Number((value + d - 1n) / d);
}

/** Quote ledger units → value units, rounded down. */
function quoteToValue(quote: number, shift: number): bigint {
  return shift >= 0 ? BigInt(quote) * pow10(shift) : BigInt(quote) / pow10(-shift);
}

/** Spelled out rather than derived: stop-loss buys and take-profit sells fire on a rising price. */
function firesOnRise(order: { side: Side; type: OrderType }): boolean {
  if (order.type === OrderType.stopLoss) return order.side === Side.buy;
  return order.side === Side.sell;
}

export class NaiveExchange {
  private readonly markets = new Map<string, Market>();
  /** Every order ever accepted, by id. */
  readonly orders = new Map<number, NaiveOrder>();
  /** Orders on a book. */
  private resting: NaiveOrder[] = [];
  /** Stop-loss / take-profit orders waiting for their trigger. */
  private plans: NaiveOrder[] = [];
  private readonly balances = new Map<string, { available: number; frozen: number }>();
  readonly fees = new Map<string, number>();
  nextOrderId = 1;
  private nextRestSeq = 1;
  private trades: NaiveTrade[] = [];

  constructor(
    specs: readonly MarketSpec[],
    private readonly options: NaiveOptions,
  ) {
    for (const spec of specs) {
      this.markets.set(spec.symbol, {
        spec,
        shift: spec.priceScale + spec.amountScale - spec.quoteDecimals,
        baseUnitsPerLot: 10 ** (spec.baseDecimals - spec.amountScale),
        lastPrice: 0,
        traded: [],
        indexPrice: 0,
      });
    }
  }

  balance(userId: number, coin: string): { available: number; frozen: number } {
    const key = `${userId} ${coin}`;
    let b = this.balances.get(key);
    if (!b) {
      b = { available: 0, frozen: 0 };
      this.balances.set(key, b);
    }
    return b;
  }

  credit(userId: number, coin: string, amount: number): void {
    this.balance(userId, coin).available += amount;
  }

  lastPrice(symbol: string): number {
    return this.markets.get(symbol)?.lastPrice ?? 0;
  }

  /** A side of a book, best price first, each level's orders in time priority. */
  levels(symbol: string, side: Side): NaiveLevel[] {
    const levels: NaiveLevel[] = [];
    for (const order of this.sorted(symbol, side)) {
      const last = levels[levels.length - 1];
      if (last && last.price === order.price) {
        last.volume += order.remaining;
        last.ids.push(order.id);
      } else levels.push({ price: order.price, volume: order.remaining, ids: [order.id] });
    }
    return levels;
  }

  openOrders(): NaiveOrder[] {
    return [...this.resting, ...this.plans].sort((a, b) => a.id - b.id);
  }

  place(cmd: PlaceCommand): NaiveResult {
    this.trades = [];
    const market = this.markets.get(cmd.symbol);
    if (!market) return this.reject('unknownMarket');
    const { spec } = market;
    const isMarket = cmd.type === OrderType.market;
    const marketBuy = isMarket && cmd.side === Side.buy;
    const planned = cmd.type === OrderType.stopLoss || cmd.type === OrderType.takeProfit;
    const price = isMarket ? 0 : cmd.price;
    const quantity = marketBuy ? 0 : cmd.quantity;
    const budget = marketBuy ? (cmd.budget ?? 0) : 0;
    const triggerPrice = planned ? (cmd.triggerPrice ?? 0) : 0;
    const triggerType = planned ? (cmd.triggerType ?? TriggerType.tradePrice) : 0;

    // The same checks in the same order as the engine, so the first failing one names the reason.
    if (!isMarket && !isPositiveInt(price)) return this.reject('badPrice');
    if (planned && !isPositiveInt(triggerPrice)) return this.reject('triggerPriceInvalid');
    if (!isPositiveInt(marketBuy ? budget : quantity)) return this.reject('badAmount');
    if (
      BigInt(price) * BigInt(quantity) > MAX_SAFE ||
      BigInt(quantity) * BigInt(market.baseUnitsPerLot) > MAX_SAFE ||
      (marketBuy && quoteToValue(budget, market.shift) > MAX_SAFE)
    ) {
      return this.reject('amountTooLarge');
    }
    if (!marketBuy && quantity < spec.minLots) return this.reject('belowMinAmount');
    const quoteValue = marketBuy
      ? budget
      : isMarket
        ? 0
        : valueToQuoteCeil(BigInt(price) * BigInt(quantity), market.shift);
    if (!(isMarket && !marketBuy) && quoteValue < spec.minQuote) return this.reject('belowMinTurnover');
    const limited = cmd.type !== OrderType.market && cmd.type !== OrderType.fillOrKill;
    if (limited && !this.options.marketMakers.includes(cmd.userId)) {
      const open = this.openOrders().filter((o) => o.userId === cmd.userId && o.symbol === cmd.symbol).length;
      if (open >= this.options.maxOpenOrders) return this.reject('tooManyOrders');
    }
    if (planned) {
      const watched = triggerType === TriggerType.indexPrice ? market.indexPrice : market.lastPrice;
      const rise = firesOnRise(cmd);
      if (watched > 0 && (rise ? watched >= triggerPrice : watched <= triggerPrice)) {
        return this.reject('triggerPriceInvalid');
      }
    }
    const buy = cmd.side === Side.buy;
    const reserve = buy ? quoteValue : quantity * market.baseUnitsPerLot;
    const account = this.balance(cmd.userId, buy ? spec.quote : spec.base);
    if (account.available < reserve) return this.reject('insufficientBalance');
    account.available -= reserve;
    account.frozen += reserve;

    const order: NaiveOrder = {
      id: this.nextOrderId++,
      userId: cmd.userId,
      symbol: cmd.symbol,
      side: cmd.side,
      type: cmd.type,
      price,
      quantity,
      budget,
      triggerPrice,
      triggerType,
      remaining: quantity,
      filled: 0,
      frozen: reserve,
      status: OrderStatus.open,
      triggered: false,
      restSeq: 0,
    };
    this.orders.set(order.id, order);
    if (planned) this.plans.push(order);
    else {
      this.execute(market, order);
      this.runTriggers(market);
    }
    return { ok: true, orderId: order.id, trades: this.trades };
  }

  cancel(userId: number, orderId: number): NaiveResult {
    this.trades = [];
    const order = this.openOrders().find((o) => o.id === orderId);
    if (!order || order.userId !== userId) return this.reject('orderNotFound');
    this.cancelOpen(order);
    return { ok: true, orderId, trades: this.trades };
  }

  cancelAll(userId: number, symbol?: string): NaiveResult {
    this.trades = [];
    if (symbol !== undefined && !this.markets.has(symbol)) return this.reject('unknownMarket');
    for (const order of this.openOrders()) {
      if (order.userId === userId && (symbol === undefined || order.symbol === symbol)) this.cancelOpen(order);
    }
    return { ok: true, orderId: null, trades: this.trades };
  }

  setIndexPrice(symbol: string, price: number): NaiveResult {
    this.trades = [];
    const market = this.markets.get(symbol);
    if (!market) return this.reject('unknownMarket');
    if (!isPositiveInt(price)) return this.reject('badPrice');
    market.indexPrice = price;
    this.runTriggers(market);
    return { ok: true, orderId: null, trades: this.trades };
  }

  private reject(reason: RejectReason): NaiveResult {
    return { ok: false, reason, trades: [] };
  }

  /** Resting orders of one side of a market, best price first, then oldest first. */
  private sorted(symbol: string, side: Side): NaiveOrder[] {
    return this.resting
      .filter((o) => o.symbol === symbol && o.side === side)
      .sort((a, b) =>
        a.price === b.price ? a.restSeq - b.restSeq : side === Side.buy ? b.price - a.price : a.price - b.price,
      );
  }

  private execute(market: Market, order: NaiveOrder): void {
    const buy = order.side === Side.buy;
    const oppositeSide = buy ? Side.sell : Side.buy;
    const isMarket = order.type === OrderType.market;
    const marketBuy = isMarket && buy;
    const reachable = (price: number) => isMarket || (buy ? price <= order.price : price >= order.price);

    if (order.type === OrderType.fillOrKill) {
      const available = this.sorted(order.symbol, oppositeSide)
        .filter((m) => m.userId !== order.userId && reachable(m.price))
        .reduce((sum, m) => sum + m.remaining, 0);
      if (available < order.quantity) {
        this.finish(order, false);
        return;
      }
    }
    let bookRanOut = false;
    for (;;) {
      if (!marketBuy && order.remaining === 0) break;
      const maker = this.sorted(order.symbol, oppositeSide)[0];
      if (!maker) {
        bookRanOut = true;
        break;
      }
      if (!reachable(maker.price)) break;
      if (maker.userId === order.userId) {
        // Self-trade prevention: the resting order goes, the incoming one goes on.
        this.cancelOpen(maker);
        continue;
      }
      // A market buy can afford what the rest of its budget (what it still holds frozen) pays for at this price.
      const affordable = marketBuy
        ? Number(quoteToValue(order.frozen, market.shift) / BigInt(maker.price))
        : order.remaining;
      const quantity = Math.min(affordable, maker.remaining);
      if (quantity === 0) break;
      this.fill(market, order, maker, quantity);
    }
    if (order.remaining > 0 && order.type !== OrderType.market && order.type !== OrderType.fillOrKill) {
      if (order.side === Side.buy && order.filled > 0) {
        // Fills below the limit: the reservation beyond what the rest can cost goes back.
        const value = BigInt(order.price) * BigInt(order.remaining);
        const scale = BigInt(10) ** BigInt(Math.abs(market.shift));
        const needed = Number(market.shift <= 0 ? value * scale : (value + scale - 1n) / scale);
        if (order.frozen > needed) {
          const b = this.balance(order.userId, market.spec.quote);
          b.frozen -= order.frozen - needed;
          b.available += order.frozen - needed;
          order.frozen = needed;
        }
      }
      order.restSeq = this.nextRestSeq++;
      order.status = order.filled > 0 ? OrderStatus.partlyFilled : OrderStatus.open;
      this.resting.push(order);
    } else this.finish(order, bookRanOut);
  }

  private fill(market: Market, taker: NaiveOrder, maker: NaiveOrder, quantity: number): void {
    const { spec } = market;
    const price = maker.price;
    const takerBuys = taker.side === Side.buy;
    const buyer = takerBuys ? taker : maker;
    const seller = takerBuys ? maker : taker;
    const quoteUnits = valueToQuoteFloor(BigInt(price) * BigInt(quantity), market.shift);
    const baseUnits = quantity * market.baseUnitsPerLot;
    const buyRate = BigInt(takerBuys ? spec.takerRate : spec.makerRate);
    const sellRate = BigInt(takerBuys ? spec.makerRate : spec.takerRate);
    const buyFee = Number((BigInt(baseUnits) * buyRate) / RATE);
    const sellFee = Number((BigInt(quoteUnits) * sellRate) / RATE);

    this.move(buyer.userId, seller.userId, spec.quote, quoteUnits, sellFee);
    this.move(seller.userId, buyer.userId, spec.base, baseUnits, buyFee);
    buyer.frozen -= quoteUnits;
    seller.frozen -= baseUnits;
    if (buyer.frozen < 0 || seller.frozen < 0) throw new Error('naive: an order paid more than it reserved');
    for (const o of [taker, maker]) {
      o.filled += quantity;
      if (o.remaining > 0) o.remaining -= quantity;
    }
    market.lastPrice = price;
    market.traded.push(price);
    this.trades.push({
      price,
      quantity,
      buyOrderId: buyer.id,
      sellOrderId: seller.id,
      takerSide: taker.side,
      quoteUnits,
      baseUnits,
      buyFee,
      sellFee,
    });
    if (maker.remaining === 0) {
      this.resting = this.resting.filter((o) => o !== maker);
      this.finish(maker, false);
    } else maker.status = OrderStatus.partlyFilled;
  }

  /** From a payer's frozen balance to a payee's available one, less the fee. */
  private move(payer: number, payee: number, coin: string, amount: number, fee: number): void {
    const from = this.balance(payer, coin);
    if (from.frozen < amount) throw new Error('naive: frozen balance overdrawn');
    from.frozen -= amount;
    this.balance(payee, coin).available += amount - fee;
    this.fees.set(coin, (this.fees.get(coin) ?? 0) + fee);
  }

  /** An order that does not rest ends here; `bookRanOut`: a market buy stopped for want of asks, not of budget. */
  private finish(order: NaiveOrder, bookRanOut: boolean): void {
    if (order.filled === 0) order.status = OrderStatus.cancelled;
    else if (order.type === OrderType.market && order.side === Side.buy) {
      order.status = bookRanOut ? OrderStatus.partlyCancelled : OrderStatus.filled;
    } else order.status = order.remaining === 0 ? OrderStatus.filled : OrderStatus.partlyCancelled;
    this.release(order);
  }

  private cancelOpen(order: NaiveOrder): void {
    this.resting = this.resting.filter((o) => o !== order);
    this.plans = this.plans.filter((o) => o !== order);
    order.status = order.filled > 0 ? OrderStatus.partlyCancelled : OrderStatus.cancelled;
    this.release(order);
  }

  private release(order: NaiveOrder): void {
    const spec = (this.markets.get(order.symbol) as Market).spec;
    const b = this.balance(order.userId, order.side === Side.buy ? spec.quote : spec.base);
    b.frozen -= order.frozen;
    b.available += order.frozen;
    order.frozen = 0;
  }

  /**
   * Fires plans until none is due; after each fired order executes, prices may have moved, so look again. A trade-price
   * plan is due when any trade since the last look reached its trigger.
   */
  private runTriggers(market: Market): void {
    for (;;) {
      const plan = this.nextFired(market);
      if (!plan) {
        market.traded = [];
        return;
      }
      this.plans = this.plans.filter((o) => o !== plan);
      plan.triggered = true;
      this.execute(market, plan);
    }
  }

  /** Trade-price rise, trade-price fall, index rise, index fall; rising fires the lowest trigger first, falling the highest. */
  private nextFired(market: Market): NaiveOrder | undefined {
    const queues: [TriggerType, boolean][] = [
      [TriggerType.tradePrice, true],
      [TriggerType.tradePrice, false],
      [TriggerType.indexPrice, true],
      [TriggerType.indexPrice, false],
    ];
    for (const [watch, rise] of queues) {
      const traded = market.traded;
      const price =
        watch === TriggerType.indexPrice
          ? market.indexPrice
          : traded.length === 0
            ? 0
            : rise
              ? Math.max(...traded)
              : Math.min(...traded);
      if (price <= 0) continue;
      const due = this.plans
        .filter(
          (o) =>
            o.symbol === market.spec.symbol &&
            o.triggerType === watch &&
            firesOnRise(o) === rise &&
            (rise ? price >= o.triggerPrice : price <= o.triggerPrice),
        )
        .sort((a, b) =>
          a.triggerPrice === b.triggerPrice
            ? a.id - b.id
            : rise
              ? a.triggerPrice - b.triggerPrice
              : b.triggerPrice - a.triggerPrice,
        );
      if (due[0]) return due[0];
    }
    return undefined;
  }
}
