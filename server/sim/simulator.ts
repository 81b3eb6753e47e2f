import { OrderType, Side } from '../../common/trading.ts';
import type { EngineResult, Exchange, Order, SpotMarketInfo } from '../exchange/index.ts';
import { flowsFrom, type MarketFlow } from './flow.ts';
import { Inventory } from './funding.ts';
import { type LadderShape, LadderSide, ladderShape, type Slot } from './ladder.ts';
import {
  DEFAULT_LEVELS,
  DEFAULT_MAX_COMMANDS_PER_TICK,
  DEFAULT_MIN_LEVEL_SPACING,
  DEFAULT_RECENTRE_BAND,
  FOLLOW_MS,
  FUNDING_EVERY_MS,
  LEVEL_GROWTH,
  LEVEL_NOISE,
  LEVEL_USD,
  MAX_QUIET_MS,
  MAX_RATE,
  MAX_TAKERS_PER_TICK,
  MAX_TICK_MS,
  type MarketTier,
  MIN_RECONCILE_MS,
  REFILL_LEVELS,
  type SimLogger,
  type SimOptions,
  stepMs,
  TAKER_NOISE,
  TAKER_USD,
  tierOf,
} from './options.ts';
import { PriceWalk, startingPrices } from './price-walk.ts';
import { QUOTE_SHARE, type Quote, Quotes } from './quotes.ts';
import { mulberry32, Rng } from './random.ts';
import { lotsFor, type SizedMarket } from './sizes.ts';
import { takerCommand } from './taker.ts';
import type { SimUsers } from './users.ts';

/** Share of taker orders that are market orders (the rest are fill-or-kill limits), and of sweeps. */
const MARKET_SHARE = 0.4;
const SWEEP_SHARE = 0.08;
/** Taker money: this many median orders per market and coin. */
const TAKER_ORDERS_FUNDED = 60;
/** Pause of a ladder's new orders after the engine refused one for the open-order limit. */
const HOLD_PLACES_MS = 5000;
/** Commands per event-loop turn while the first ladders go up (the journal commits each turn as one transaction). */
const WARM_UP_CHUNK = 500;

/** Counters since start. */
export interface SimStats {
  placed: number;
  cancelled: number;
  takerOrders: number;
  trades: number;
  /** Commands the engine refused (logged at debug). */
  rejected: number;
  /** Top-ups from the inventory account. */
  credits: number;
  /** Failed commits or ticks (logged at warn). */
  failures: number;
}

export interface Simulator {
  /** Resolves once the first ladders rest on the books and are on disk; never rejects (failures are logged). */
  readonly ready: Promise<void>;
  /** One step: the price walk, index prices, ladders, takers, top-ups. The timer calls it; tests call it directly. */
  tick(): void;
  stats(): SimStats;
  /** Resolves once every command sent so far is acknowledged: a test that steps the clock after it repeats exactly. */
  settled(): Promise<void>;
  /** Stops the timer and waits for every command in flight. The maker's orders stay and are taken up by the next run. */
  stop(): Promise<void>;
}

class SimMarket implements SizedMarket {
  readonly shift: number;
  readonly bids = new LadderSide(Side.buy);
  readonly asks = new LadderSide(Side.sell);
  /** Index (ticks) last given to the exchange. */
  index = 0;
  /** Centre of the ladder (fractional ticks): follows the index once it is more than `band` away. */
  anchor: number;
  /** The anchor the ladder was last placed around: a refill puts back what was taken there, without moving. */
  quoted: number;
  warm = false;
  /** A coming market left out of the warm-up: the first tick after it opens makes it warm. */
  coming = false;
  /** No new maker orders before this time (the open-order limit was hit). */
  holdPlacesUntil = 0;
  /** Time of the last taker order; none yet, so each market trades at its first tick. */
  lastTakerAt = Number.NEGATIVE_INFINITY;
  reconciledAt = Number.NEGATIVE_INFINITY;
  followedAt = Number.NEGATIVE_INFINITY;
  /** Something of the ladder was taken, or the last reconcile ran out of budget: refill it at a next step. */
  refill = false;

  constructor(
    readonly info: SpotMarketInfo,
    readonly tier: MarketTier,
    readonly shape: LadderShape,
    readonly band: number,
    index: number,
    readonly flow: MarketFlow,
    readonly quotes: Quotes,
  ) {
    this.shift = info.priceScale + info.amountScale - info.quoteDecimals;
    this.anchor = index;
    this.quoted = index;
  }
}

/** Starts the bots on `exchange` (call after `ensureSimUsers` and `Exchange.open`). */
export function startSimulator(exchange: Exchange, users: SimUsers, options: SimOptions = {}): Simulator {
  return new Bots(exchange, users, options);
}

class Bots implements Simulator {
  readonly ready: Promise<void>;
  private readonly clock: () => number;
  private readonly rng: Rng;
  private readonly rate: number;
  private readonly budget: number;
  private readonly log: SimLogger | undefined;
  private readonly markets: SimMarket[] = [];
  private readonly bySymbol = new Map<string, SimMarket>();
  private readonly walk: PriceWalk;
  private readonly inventory = new Inventory();
  private readonly counts: SimStats = {
    placed: 0,
    cancelled: 0,
    takerOrders: 0,
    trades: 0,
    rejected: 0,
    credits: 0,
    failures: 0,
  };
  private timer: NodeJS.Timeout | null = null;
  /** performance.now() at which the timer's next step is due. */
  private nextAt = 0;
  private stopped = false;
  private lastTick: number;
  private nextFunding = 0;
  private fundNow = false;
  private inFlight = 0;
  private drained: (() => void)[] = [];
  private warnedLimit = false;

  constructor(
    private readonly exchange: Exchange,
    private readonly users: SimUsers,
    options: SimOptions,
  ) {
    this.clock = options.clock ?? exchange.clock;
    this.rng = new Rng(options.random ?? mulberry32(options.seed ?? Math.floor(Math.random() * 2 ** 32)));
    this.rate = options.rate ?? 1;
    if (!(this.rate > 0 && this.rate <= MAX_RATE)) throw new RangeError(`sim: rate must be in (0, ${MAX_RATE}]`);
    this.budget = Math.ceil(
      (options.maxCommandsPerTick ?? DEFAULT_MAX_COMMANDS_PER_TICK) * Math.min(10, Math.max(1, this.rate)),
    );
    const flowOf = flowsFrom(options);
    this.log = options.log;
    const levels = { ...DEFAULT_LEVELS, ...options.levels };
    const band = options.recentreBand ?? DEFAULT_RECENTRE_BAND;
    const spacing = options.minLevelSpacing ?? DEFAULT_MIN_LEVEL_SPACING;

    const symbols = options.markets ?? [...exchange.markets.keys()];
    const infos: SpotMarketInfo[] = [];
    for (const symbol of new Set(symbols)) {
      const info = exchange.markets.get(symbol);
      if (!info) throw new Error(`sim: unknown market ${symbol}`);
      infos.push(info);
    }
    // Every market informs the starting prices (a coin's last trade may be in a market not simulated now).
    const prices = startingPrices(exchange.markets.values(), (s) => exchange.engine.lastPrice(s));
    const used = new Map<string, { reference: number; start: number }>();
    for (const info of infos) {
      for (const coin of [info.base, info.quote]) {
        const p = prices.get(coin);
        if (p) used.set(coin, p);
      }
    }
    this.walk = new PriceWalk(used);
    const now = this.clock();
    this.lastTick = now;
    for (const info of infos) {
      const tier = tierOf(info.symbol, info.quote);
      const count = levels[tier];
      if (!(Number.isInteger(count) && count >= 1)) throw new RangeError(`sim: levels must be whole numbers ≥ 1`);
      const index = this.walk.index(info);
      const { flow, quoteRate } = flowOf(tier);
      const shape = ladderShape(count, index, spacing);
      const m = new SimMarket(info, tier, shape, band * index, index, flow, new Quotes(quoteRate));
      this.markets.push(m);
      this.bySymbol.set(info.symbol, m);
    }
    this.planInventory();
    this.ready = this.warmUp().catch((error: unknown) => this.failed(error));
    const tickMs = options.tickMs ?? stepMs(this.rate);
    if (tickMs > 0) {
      this.nextAt = performance.now();
      this.schedule(tickMs);
    }
  }

  tick(): void {
    if (this.stopped) return;
    try {
      this.step();
    } catch (error) {
      this.failed(error);
    }
  }

  stats(): SimStats {
    return { ...this.counts };
  }

  settled(): Promise<void> {
    return this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ready;
    await this.drain();
  }

  /**
   * The next step on a fixed grid of `tickMs`: a step that comes late (a busy loop) is followed by the next one at
   * once, where an interval timer waits a whole period after each callback and loses the time every late one took. A
   * long stall is not made up (a step covers its time anyway).
   */
  private schedule(tickMs: number): void {
    const now = performance.now();
    this.nextAt = Math.max(this.nextAt + tickMs, now);
    this.timer = setTimeout(() => {
      this.tick();
      if (!this.stopped) this.schedule(tickMs);
    }, this.nextAt - now);
    this.timer.unref();
  }

  private step(): void {
    const now = this.clock();
    const dt = Math.min(MAX_TICK_MS, Math.max(0, now - this.lastTick));
    this.lastTick = now;
    const seconds = (dt / 1000) * this.rate;
    this.walk.step(seconds, this.rng);
    if (this.fundNow || now >= this.nextFunding) this.fund(now);
    for (const m of this.markets) {
      const index = this.walk.index(m.info);
      this.moveIndex(m, index);
      // A market listed again for later (the dev listing) pauses until it opens.
      const open = this.exchange.openings.isOpen(m.info.symbol, now);
      if (m.coming && open) {
        m.coming = false;
        m.warm = true;
      }
      if (!m.warm || !open) continue;
      const flow = m.flow.step(seconds, this.rng);
      const due = this.ladderDue(m, now);
      if (due !== null) {
        m.reconciledAt = now;
        if (due === 'follow') {
          m.followedAt = now;
          m.quoted = m.anchor;
        }
        const limit = due === 'follow' ? Number.POSITIVE_INFINITY : REFILL_LEVELS;
        m.refill = this.reconcile(m, this.budget, limit) >= this.budget;
      }
      this.requote(m, flow.quotes, now);
      this.takers(m, index, flow.takers, now);
    }
  }

  /**
   * What the ladder is due for: to follow the anchor every {@link FOLLOW_MS}, or a refill of its best levels where it
   * stands after a taker took from them; never twice within {@link MIN_RECONCILE_MS}.
   */
  private ladderDue(m: SimMarket, now: number): 'follow' | 'refill' | null {
    if (now - m.reconciledAt < MIN_RECONCILE_MS) return null;
    if (now - m.followedAt >= FOLLOW_MS / Math.min(1, this.rate)) return 'follow';
    return m.refill ? 'refill' : null;
  }

  /** Places the first ladders, a few markets per event-loop turn, after taking up what an earlier run left. */
  private async warmUp(): Promise<void> {
    const { engine } = this.exchange;
    // A taker never rests an order; anything it holds is left from an older run.
    if (engine.openOrders(this.users.taker).length > 0) this.command(this.exchange.cancelAll(this.users.taker), '*');
    const resting = new Map<string, Order[]>();
    for (const order of engine.openOrders(this.users.maker)) {
      const list = resting.get(order.symbol);
      if (list) list.push(order);
      else resting.set(order.symbol, [order]);
    }
    for (const [symbol, orders] of resting) {
      const m = this.bySymbol.get(symbol);
      if (!m) this.command(this.exchange.cancelAll(this.users.maker, symbol), symbol);
      else {
        m.bids.adopt(orders.filter((o) => o.side === Side.buy));
        m.asks.adopt(orders.filter((o) => o.side === Side.sell));
      }
    }
    this.fund(this.clock());
    let left = WARM_UP_CHUNK;
    for (const m of this.markets) {
      this.moveIndex(m, this.walk.index(m.info));
      m.quoted = m.anchor;
      // A coming market gets no quotes before it opens (its book stays empty until the countdown ends).
      if (!this.exchange.openings.isOpen(m.info.symbol, this.clock())) {
        m.coming = true;
        continue;
      }
      for (;;) {
        if (this.stopped) return;
        const sent = this.reconcile(m, left);
        m.warm = true;
        left -= sent;
        if (left > 0) break;
        // The chunk is spent: let the journal commit it and the server breathe, then go on where this stopped.
        left = WARM_UP_CHUNK;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    await this.drain();
  }

  private moveIndex(m: SimMarket, index: number): void {
    const ticks = Math.max(1, Math.round(index));
    if (ticks !== m.index) {
      m.index = ticks;
      this.command(this.exchange.setIndexPrice(m.info.symbol, ticks), m.info.symbol);
    }
    if (index > m.anchor + m.band) m.anchor = index - m.band;
    else if (index < m.anchor - m.band) m.anchor = index + m.band;
  }

  /**
   * Moves a ladder towards where it should be, within `budget` commands: first away with orders that are now too close
   * or across the anchor (so no new order of ours meets an old one), then the gaps nearest the touch, then prices the
   * ladder no longer wants, then the far end past its slack. Returns the commands sent. With `limit`, only the best
   * `limit` levels a side (a refill: what takers took is at the touch).
   */
  private reconcile(m: SimMarket, budget: number, limit = Number.POSITIVE_INFINITY): number {
    const { bids, asks, shape } = m;
    for (const side of [bids, asks]) {
      side.prune(2 * limit);
      side.fillDesired(shape, m.quoted);
      side.plan(limit);
    }
    let left = budget;
    // Quotes left better than where the ladder now quotes would meet its new levels on the other side.
    left = this.cancelQuotes(m.quotes.takeDue(this.clock(), 0, bids.desired[0], asks.desired[0]), left);
    left = this.cancelSlots(bids.near, 0, bids.near.length, left);
    left = this.cancelSlots(asks.near, 0, asks.near.length, left);

    const askFloor = asks.bestAlive() ?? Number.POSITIVE_INFINITY;
    const bidCeiling = bids.bestAlive() ?? 0;
    const addedBids: Slot[] = [];
    const addedAsks: Slot[] = [];
    const gaps = this.clock() < m.holdPlacesUntil ? 0 : Math.max(bids.missing.length, asks.missing.length);
    for (let i = 0; i < gaps && left > 0; i++) {
      const bid = bids.missing[i];
      if (bid !== undefined) {
        const price = bids.desired[bid] as number;
        if (price < askFloor) {
          addedBids.push(this.placeLevel(m, Side.buy, price, bid));
          left--;
        }
      }
      const ask = asks.missing[i];
      if (ask !== undefined && left > 0) {
        const price = asks.desired[ask] as number;
        if (price > bidCeiling) {
          addedAsks.push(this.placeLevel(m, Side.sell, price, ask));
          left--;
        }
      }
    }
    bids.insert(addedBids);
    asks.insert(addedAsks);

    left = this.cancelSlots(bids.off, 0, bids.off.length, left);
    left = this.cancelSlots(asks.off, 0, asks.off.length, left);
    for (const side of [bids, asks]) {
      // Trim to half the slack, so the far end is not touched again at the next wobble.
      if (side.beyond.length > shape.slack) {
        left = this.cancelSlots(side.beyond, Math.floor(shape.slack / 2), side.beyond.length, left, true);
      }
    }
    return budget - left;
  }

  /** Cancels slots[from, to) (from the far end when `reverse`); pending ones wait for the next tick. */
  private cancelSlots(slots: readonly Slot[], from: number, to: number, left: number, reverse = false): number {
    for (let k = 0; k < to - from && left > 0; k++) {
      const slot = slots[reverse ? to - 1 - k : from + k] as Slot;
      if (slot.pending || !slot.order) continue;
      this.command(this.exchange.cancel(this.users.maker, slot.order.id), slot.order.symbol);
      this.counts.cancelled++;
      left--;
    }
    return left;
  }

  private placeLevel(m: SimMarket, side: Side, price: number, level: number): Slot {
    const usd = LEVEL_USD[m.tier] * (1 + (LEVEL_GROWTH * level) / m.shape.levels) * this.rng.logNormal(LEVEL_NOISE, 3);
    return this.placeOrder(m, side, price, lotsFor(m, price, usd / this.walk.usd(m.info.quote)));
  }

  /** A maker limit order, followed in its slot until the engine has it. */
  private placeOrder(m: SimMarket, side: Side, price: number, quantity: number): Slot {
    const slot: Slot = { price, order: null, pending: true };
    const cmd = { userId: this.users.maker, symbol: m.info.symbol, side, type: OrderType.limit, price, quantity };
    this.counts.placed++;
    this.command(this.exchange.place(cmd), cmd.symbol, (result) => {
      slot.pending = false;
      if (result.ok) slot.order = result.order;
    });
    return slot;
  }

  /** `n` aggressive orders (the flow's), leaning towards where the index pulls the book. */
  private takers(m: SimMarket, index: number, n: number, now: number): void {
    if (n === 0 && (now - m.lastTakerAt) * this.rate > MAX_QUIET_MS) n = 1;
    n = Math.min(n, MAX_TAKERS_PER_TICK);
    const book = this.exchange.engine.book(m.info.symbol);
    if (n === 0 || !book) return;
    const lean = m.band > 0 ? (index - m.anchor) / m.band : 0;
    const pBuy = Math.min(0.85, Math.max(0.15, 0.5 + 0.35 * lean));
    for (let i = 0; i < n; i++) {
      const side = this.rng.chance(pBuy) ? Side.buy : Side.sell;
      const kind = this.rng.chance(MARKET_SHARE) ? 'market' : 'fillOrKill';
      const sweep = this.rng.chance(SWEEP_SHARE) ? this.rng.int(2, 6) : 0;
      const usd = TAKER_USD[m.tier] * this.rng.logNormal(TAKER_NOISE, 5);
      const best = (side === Side.buy ? book.asks : book.bids).best();
      if (!best) continue;
      const lots = lotsFor(m, best.price, usd / this.walk.usd(m.info.quote));
      const cmd = takerCommand(m, book, this.users.taker, { side, kind, lots, sweep });
      if (!cmd) continue;
      m.lastTakerAt = now;
      m.refill = true;
      this.counts.takerOrders++;
      this.command(this.exchange.place(cmd), cmd.symbol);
    }
  }

  /** Takes away the quotes whose time is up and adds `n` new ones (quotes.ts). */
  private requote(m: SimMarket, n: number, now: number): void {
    // A late step's count is bounded like a burst: the oldest quotes make room for the newest.
    const room = this.clock() < m.holdPlacesUntil ? 0 : Math.min(n, m.quotes.max);
    this.cancelQuotes(m.quotes.takeDue(now, room), 0);
    for (let i = 0; i < room; i++) {
      const buy = this.rng.chance(0.5);
      const side = buy ? m.bids : m.asks;
      const price = m.quotes.pickLevel(side.resting(), this.rng);
      if (price === undefined) continue;
      const usd = LEVEL_USD[m.tier] * QUOTE_SHARE * this.rng.logNormal(LEVEL_NOISE, 4);
      const quantity = lotsFor(m, price, usd / this.walk.usd(m.info.quote));
      const until = now + (m.quotes.life(this.rng) * 1000) / this.rate;
      const slot = this.placeOrder(m, side.side, price, quantity);
      m.quotes.add({ side: side.side, slot, until });
    }
  }

  /** Cancels quotes, all of them (they are few): a quote left in place could cross the ladder's next levels. */
  private cancelQuotes(quotes: readonly Quote[], left: number): number {
    for (const { slot } of quotes) {
      if (!slot.order) continue;
      this.command(this.exchange.cancel(this.users.maker, slot.order.id), slot.order.symbol);
      this.counts.cancelled++;
      left--;
    }
    return Math.max(0, left);
  }

  /** What each bot needs of each coin: ladders with their slack and quotes for the maker, some orders for the taker. */
  private planInventory(): void {
    const noise = Math.exp((LEVEL_NOISE * LEVEL_NOISE) / 2);
    const takerScale = Math.max(1, Math.sqrt(this.rate));
    for (const m of this.markets) {
      const { base, quote, baseDecimals, quoteDecimals } = m.info;
      const n = m.shape.levels + m.shape.slack;
      const ladderUsd = LEVEL_USD[m.tier] * noise * n * (1 + (LEVEL_GROWTH * n) / (2 * m.shape.levels));
      const sideUsd = ladderUsd + m.quotes.max * LEVEL_USD[m.tier] * QUOTE_SHARE * noise;
      const takerUsd = TAKER_USD[m.tier] * TAKER_ORDERS_FUNDED * takerScale;
      const baseUnits = (usd: number) => (usd / this.walk.usd(base)) * 10 ** baseDecimals;
      const quoteUnits = (usd: number) => (usd / this.walk.usd(quote)) * 10 ** quoteDecimals;
      this.inventory.add(this.users.maker, quote, quoteUnits(sideUsd));
      this.inventory.add(this.users.maker, base, baseUnits(sideUsd));
      this.inventory.add(this.users.taker, quote, quoteUnits(takerUsd));
      this.inventory.add(this.users.taker, base, baseUnits(takerUsd));
    }
  }

  private fund(now: number): void {
    this.fundNow = false;
    this.nextFunding = now + FUNDING_EVERY_MS;
    for (const credit of this.inventory.topUp(this.exchange, now)) {
      this.counts.credits++;
      this.follow(credit);
    }
  }

  /** Follows a command to its end: counts its trades and a rejection; never throws. */
  private command(promise: Promise<EngineResult>, symbol: string, done?: (result: EngineResult) => void): void {
    this.follow(
      promise.then((result) => {
        this.counts.trades += countTrades(result);
        if (!result.ok) this.rejected(symbol, result.reason);
        done?.(result);
      }),
    );
  }

  /** Counts a promise as in flight until it settles; a failure is logged, never thrown. */
  private follow(promise: Promise<unknown>): void {
    this.inFlight++;
    promise.then(
      () => this.settle(),
      (error: unknown) => {
        this.failed(error);
        this.settle();
      },
    );
  }

  private rejected(symbol: string, reason: string): void {
    this.counts.rejected++;
    if (reason === 'insufficientBalance') this.fundNow = true;
    if (reason === 'tooManyOrders') {
      // The exchange was opened without `isMarketMaker` for the maker: keep the ladder it has, retry later.
      const m = this.bySymbol.get(symbol);
      if (m) m.holdPlacesUntil = this.clock() + HOLD_PLACES_MS;
      if (!this.warnedLimit)
        this.log?.warn({ symbol }, 'sim: the maker hits the open-order limit (isMarketMaker unset)');
      this.warnedLimit = true;
    }
    this.log?.debug({ symbol, reason }, 'sim: command rejected');
  }

  /** A failed commit (the exchange's onFatal stops the process) or a bug in a tick: logged, never thrown. */
  private failed(error: unknown): void {
    // The first, then one in a hundred: a failure that repeats every tick must not flood the log.
    if (this.counts.failures++ % 100 === 0)
      this.log?.warn({ err: error, failures: this.counts.failures }, 'sim: failure');
  }

  private settle(): void {
    this.inFlight--;
    if (this.inFlight > 0) return;
    const waiters = this.drained;
    this.drained = [];
    for (const resolve of waiters) resolve();
  }

  private drain(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }
}

function countTrades(result: EngineResult): number {
  let n = 0;
  for (const event of result.events) if (event.type === 'trade') n++;
  return n;
}
