import { MarginModel } from '../../../common/margin/codes.ts';
import { OrderType, Side } from '../../../common/trading.ts';
import type { SwapEngine } from '../../engine/contracts/engine.ts';
import type { SwapResult } from '../../engine/contracts/types.ts';
import type { Exchange } from '../../exchange/index.ts';
import { type FlowOf, flowsFrom } from '../flow.ts';
import { Inventory } from '../funding.ts';
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
  type SimOptions,
  stepMs,
  TAKER_NOISE,
  TAKER_USD,
  tierOf,
} from '../options.ts';
import { QUOTE_SHARE, type Quote, Quotes } from '../quotes.ts';
import { mulberry32, Rng } from '../random.ts';
import { type ContractLadder, type ContractSlot, contractsFor, desiredPrices } from './ladder.ts';
import { SimContract } from './market.ts';
import type { SwapSimUsers } from './users.ts';

/*
 * The contract bots step at the spot bots' pace (issue 22 item 4: every 20 ms at rate 1), with the same flow: clustered
 * takers and short-lived quotes near the touch (flow.ts, quotes.ts). The ladder itself follows its anchor every
 * FOLLOW_MS as before: a contract's index moves once a second, so walking it more often finds nothing to do.
 */
/** The position, in median taker orders, at which the taker leans fully towards closing. */
const TAKER_POSITION_ORDERS = 40;
const MAKER_LEVERAGE = 5;
const TAKER_LEVERAGE = 10;
/** A punt: this much notional at the contract's highest leverage, isolated, held this long unless liquidated first. */
const PUNT_USD = 2_000;
const PUNT_HOLD_MS = 10 * 60 * 1000;
/** Punts opened per second and market at rate 1 when none is open. */
const DEFAULT_PUNT_RATE = 1 / 120;
/** Commands per tick, over all markets, while their first ladders go up. */
const WARM_UP_BUDGET = 500;
/** The seed of the contract bots is the spot bots' seed mixed with this, so the two do not draw the same numbers. */
const SEED_SALT = 0x5eed_c0de;

export type SwapSimOptions = Omit<SimOptions, 'recentreBand'> & {
  recentreBand?: number;
  /** Punts opened per second and market at rate 1 (default one in two minutes). */
  puntRate?: number;
};

export interface SwapSimStats {
  placed: number;
  cancelled: number;
  takerOrders: number;
  trades: number;
  rejected: number;
  credits: number;
  failures: number;
  punts: number;
  /** Bot positions the engine liquidated. */
  liquidations: number;
}

export interface SwapSimulator {
  /** Resolves once every market's first ladder rests on its book (or the simulator stops). */
  readonly ready: Promise<void>;
  tick(): void;
  stats(): SwapSimStats;
  /** The basis each contract's ladder follows now (relative to the index), by symbol. */
  basis(): Map<string, number>;
  stop(): Promise<void>;
}

/** Starts the contract bots on `exchange` (its contract markets, or those of `options.markets`). */
export function startSwapSimulator(exchange: Exchange, users: SwapSimUsers, options: SwapSimOptions = {}) {
  return new ContractBots(exchange, users, options) as SwapSimulator;
}

class ContractBots implements SwapSimulator {
  readonly ready: Promise<void>;
  private readonly clock: () => number;
  private readonly rng: Rng;
  private readonly rate: number;
  private readonly budget: number;
  private readonly flowOf: FlowOf;
  private readonly puntRate: number;
  private readonly markets: SimContract[] = [];
  private readonly inventory = new Inventory('contract');
  private readonly counts: SwapSimStats = {
    placed: 0,
    cancelled: 0,
    takerOrders: 0,
    trades: 0,
    rejected: 0,
    credits: 0,
    failures: 0,
    punts: 0,
    liquidations: 0,
  };
  private readonly unlisten: () => void;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastTick: number;
  private nextFunding = 0;
  private inFlight = 0;
  private drained: (() => void)[] = [];
  private warmed: (() => void) | null = null;

  constructor(
    private readonly exchange: Exchange,
    private readonly users: SwapSimUsers,
    private readonly options: SwapSimOptions,
  ) {
    this.clock = options.clock ?? exchange.clock;
    const seed = ((options.seed ?? Math.floor(Math.random() * 2 ** 32)) ^ SEED_SALT) >>> 0;
    this.rng = new Rng(options.random ?? mulberry32(seed));
    this.rate = options.rate ?? 1;
    if (!(this.rate > 0 && this.rate <= MAX_RATE)) throw new RangeError(`sim: rate must be in (0, ${MAX_RATE}]`);
    const perTick = options.maxCommandsPerTick ?? DEFAULT_MAX_COMMANDS_PER_TICK;
    this.budget = Math.ceil(perTick * Math.min(10, Math.max(1, this.rate)));
    this.flowOf = flowsFrom(options);
    this.puntRate = options.puntRate ?? DEFAULT_PUNT_RATE;
    this.addMarkets();
    this.lastTick = this.clock();
    this.unlisten = exchange.swap.listen({
      market: (event) => {
        if (event.type === 'liquidation' && users.ids.has(event.userId)) this.counts.liquidations++;
      },
    });
    this.ready = new Promise<void>((resolve) => {
      this.warmed = resolve;
    });
    this.fund(this.lastTick);
    const tickMs = options.tickMs ?? stepMs(this.rate);
    if (tickMs > 0) {
      this.timer = setInterval(() => this.tick(), tickMs);
      this.timer.unref();
    }
  }

  private addMarkets(): void {
    const { options, exchange } = this;
    const levels = { ...DEFAULT_LEVELS, ...options.levels };
    const spacing = options.minLevelSpacing ?? DEFAULT_MIN_LEVEL_SPACING;
    const band = options.recentreBand ?? DEFAULT_RECENTRE_BAND;
    const only = options.markets ? new Set(options.markets) : null;
    for (const market of exchange.swap.engine.allMarkets()) {
      const { symbol, settle } = market.contract;
      if (only && !only.has(symbol)) continue;
      const tier = tierOf(symbol, settle);
      const count = levels[tier];
      if (!(Number.isInteger(count) && count >= 1)) throw new RangeError('sim: levels must be whole numbers ≥ 1');
      const { flow, quoteRate } = this.flowOf(tier);
      const quotes = new Quotes<ContractSlot>(quoteRate, (slot) => this.isOpen(slot.id));
      const m = new SimContract(market, tier, count, spacing, band, flow, quotes);
      this.adopt(m);
      this.markets.push(m);
      this.planInventory(m, count, settle, exchange.coinDecimals(settle));
    }
  }

  /**
   * Takes up what an earlier run left on a market: the maker's resting orders become its ladder (a duplicate price is
   * cancelled), the taker never rests an order, and a punt still open is held to its time as if opened now.
   */
  private adopt(m: SimContract): void {
    const { engine } = this.exchange.swap;
    const { maker, taker, punter } = this.users;
    for (const order of engine.openOrders(maker, m.symbol)) {
      const ladder = order.side === Side.buy ? m.bids : m.asks;
      if (ladder.orders.has(order.price)) this.run((e) => e.cancel(maker, order.id), m.symbol);
      else ladder.orders.set(order.price, order.id);
    }
    for (const userId of [taker, punter]) {
      if (engine.openOrders(userId, m.symbol).length > 0) this.run((e) => e.cancelAll(userId, m.symbol), m.symbol);
    }
    const held = engine.holdings.find(punter, m.symbol, 'both');
    if (held?.position) {
      m.punterReady = true;
      m.punt = { openedAt: this.clock(), positionId: held.id };
    }
  }

  /**
   * Contract-wallet needs: the maker's ladders and quotes at its leverage (twice, for the positions it takes on), the
   * others'.
   */
  private planInventory(m: SimContract, levels: number, coin: string, decimals: number): void {
    const { tier } = m;
    const units = (usd: number) => usd * 10 ** decimals;
    const noise = Math.exp((LEVEL_NOISE * LEVEL_NOISE) / 2);
    const n = levels * 1.1;
    const sideUsd = LEVEL_USD[tier] * noise * n * (1 + (LEVEL_GROWTH * n) / (2 * levels));
    const quotesUsd = m.quotes.max * LEVEL_USD[tier] * QUOTE_SHARE * noise;
    this.inventory.add(this.users.maker, coin, units((2 * (2 * sideUsd + quotesUsd)) / MAKER_LEVERAGE));
    const takerUsd = TAKER_USD[tier] * TAKER_POSITION_ORDERS * Math.max(1, Math.sqrt(this.rate));
    this.inventory.add(this.users.taker, coin, units((2 * takerUsd) / TAKER_LEVERAGE));
    this.inventory.add(this.users.punter, coin, units(PUNT_USD / 10));
  }

  tick(): void {
    if (this.stopped) return;
    try {
      this.step();
    } catch (error) {
      this.failed(error);
    }
  }

  stats(): SwapSimStats {
    return { ...this.counts };
  }

  basis(): Map<string, number> {
    return new Map(this.markets.map((m) => [m.symbol, m.basis.value]));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unlisten();
    this.warmed?.();
    // Quotes live seconds: none outlives the bots (a restart would find them doubling its ladder's levels).
    for (const m of this.markets) this.cancelQuotes(m.quotes.takeDue(Number.POSITIVE_INFINITY, 0));
    await this.drain();
  }

  private step(): void {
    const now = this.clock();
    const dt = Math.min(MAX_TICK_MS, Math.max(0, now - this.lastTick));
    this.lastTick = now;
    const seconds = (dt / 1000) * this.rate;
    if (now >= this.nextFunding) this.fund(now);
    // The first ladders share one budget per tick, so a start with every contract does not hold the loop for long.
    let warmUp = WARM_UP_BUDGET;
    for (const m of this.markets) {
      m.basis.step(seconds, this.rng);
      if (!m.follow()) continue;
      if (!m.warm) {
        if (warmUp <= 0) continue;
        if (!m.configured) m.punterReady = this.setUp(m) || m.punterReady;
        m.configured = true;
        const left = this.quote(m, warmUp, now);
        m.warm = left > 0;
        warmUp = left;
        continue;
      }
      if (now - m.followedAt >= FOLLOW_MS / Math.min(1, this.rate)) this.quote(m, this.budget, now);
      const flow = m.flow.step(seconds, this.rng);
      this.requote(m, flow.quotes, now);
      this.takers(m, flow.takers, now);
      this.punt(m, dt, now);
    }
    if (this.warmed && this.markets.every((m) => m.warm)) {
      this.warmed();
      this.warmed = null;
    }
  }

  /** Leverage and margin model of each bot on a market (refused while a position or order is open: kept as it is). */
  private setUp(m: SimContract): boolean {
    const { symbol } = m;
    const { contract } = m.market;
    const { maker, taker, punter } = this.users;
    this.run((e) => e.setLeverage(maker, symbol, Math.min(MAKER_LEVERAGE, contract.maxLeverage)), symbol);
    this.run((e) => e.setLeverage(taker, symbol, Math.min(TAKER_LEVERAGE, contract.maxLeverage)), symbol);
    const flat = !this.exchange.swap.engine.holdings.find(punter, symbol, 'both')?.position;
    if (!flat) return false;
    this.run((e) => e.setMarginModel(punter, symbol, MarginModel.isolated), symbol);
    this.run((e) => e.setLeverage(punter, symbol, contract.maxLeverage), symbol);
    return true;
  }

  /**
   * Moves both sides of the ladder towards where they should be within `budget` commands: what is in the way first,
   * then the missing levels nearest the touch (never crossing the other side of the book), then the rest. Returns the
   * budget left.
   */
  private quote(m: SimContract, budget: number, now: number): number {
    const shape = m.shape;
    if (!shape) return budget;
    m.followedAt = now;
    const plans = [m.bids, m.asks].map((side) => {
      side.prune(this.isOpen);
      return side.plan(desiredPrices(shape, m.anchor, side.side), shape.slack);
    });
    // Quotes left better than where the ladder now quotes would meet its new levels on the other side.
    this.cancelQuotes(m.quotes.takeDue(now, 0, m.bids.desired[0], m.asks.desired[0]));
    let left = budget;
    for (const plan of plans) left = this.cancel(plan.cancel, left);
    const [bidPlan, askPlan] = plans as [(typeof plans)[0], (typeof plans)[0]];
    const most = Math.max(bidPlan.place.length, askPlan.place.length);
    for (let i = 0; i < most && left > 0; i++) {
      for (const [side, plan] of [
        [m.bids, bidPlan],
        [m.asks, askPlan],
      ] as const) {
        const price = plan.place[i];
        if (price !== undefined && left > 0 && this.placeLevel(m, side, price, i)) left--;
      }
    }
    return left;
  }

  private cancel(ids: readonly number[], left: number): number {
    for (const id of ids) {
      if (left <= 0) break;
      this.run((e) => e.cancel(this.users.maker, id), '');
      this.counts.cancelled++;
      left--;
    }
    return left;
  }

  /** One maker level; false when it would cross the other side of the book (it would take, not make). */
  private placeLevel(m: SimContract, ladder: ContractLadder, price: number, level: number): boolean {
    const book = m.market.book;
    const other = ladder.side === Side.buy ? book.asks.best()?.price : book.bids.best()?.price;
    if (other !== undefined && !ladder.better(other, price)) return false;
    const levels = m.shape?.levels ?? 1;
    const usd = LEVEL_USD[m.tier] * (1 + (LEVEL_GROWTH * level) / levels) * this.rng.logNormal(LEVEL_NOISE, 3);
    const volume = contractsFor(m.market.contract, price, usd);
    const cmd = { userId: this.users.maker, symbol: m.symbol, side: ladder.side, type: OrderType.limit, price, volume };
    this.counts.placed++;
    const result = this.run((e) => e.place(cmd), m.symbol);
    if (result.ok && result.order && result.order.remaining > 0) ladder.orders.set(price, result.order.id);
    return true;
  }

  /**
   * Takes away the quotes whose time is up and adds `n` new ones (quotes.ts) on resting ladder levels near the touch:
   * on a price the maker's own ladder rests at, a quote never crosses the book.
   */
  private requote(m: SimContract, n: number, now: number): void {
    const room = Math.min(n, m.quotes.max);
    this.cancelQuotes(m.quotes.takeDue(now, room));
    for (let i = 0; i < room; i++) {
      const ladder = this.rng.chance(0.5) ? m.bids : m.asks;
      const price = m.quotes.pickLevel(ladder.resting(this.isOpen), this.rng);
      if (price === undefined) continue;
      const usd = LEVEL_USD[m.tier] * QUOTE_SHARE * this.rng.logNormal(LEVEL_NOISE, 4);
      const volume = contractsFor(m.market.contract, price, usd);
      const { side } = ladder;
      const cmd = { userId: this.users.maker, symbol: m.symbol, side, type: OrderType.limit, price, volume };
      this.counts.placed++;
      const result = this.run((e) => e.place(cmd), m.symbol);
      if (!(result.ok && result.order && result.order.remaining > 0)) continue;
      const until = now + (m.quotes.life(this.rng) * 1000) / this.rate;
      m.quotes.add({ side, slot: { price, pending: false, id: result.order.id }, until });
    }
  }

  /** Whether an order rests on a contract book (filled, cancelled or taken by a liquidation: gone). */
  private readonly isOpen = (orderId: number) => this.exchange.swap.engine.order(orderId) !== undefined;

  private cancelQuotes(quotes: readonly Quote<ContractSlot>[]): void {
    for (const { slot } of quotes) {
      this.run((e) => e.cancel(this.users.maker, slot.id), '');
      this.counts.cancelled++;
    }
  }

  /** `n` market orders (the flow's), leaning towards closing what the taker holds, so positions open and close. */
  private takers(m: SimContract, flowTakers: number, now: number): void {
    let n = flowTakers;
    if (n === 0 && (now - m.lastTakerAt) * this.rate > MAX_QUIET_MS) n = 1;
    n = Math.min(n, MAX_TAKERS_PER_TICK);
    const ticks = m.market.mark || m.market.index;
    for (let i = 0; i < n; i++) {
      const held = this.exchange.swap.engine.holdings.find(this.users.taker, m.symbol, 'both')?.position;
      const contracts = held ? held.sign * held.contracts : 0;
      const limit = contractsFor(m.market.contract, ticks, TAKER_USD[m.tier] * TAKER_POSITION_ORDERS);
      const lean = Math.max(-1, Math.min(1, contracts / limit));
      const side = this.rng.chance(0.5 - 0.4 * lean) ? Side.buy : Side.sell;
      const volume = contractsFor(m.market.contract, ticks, TAKER_USD[m.tier] * this.rng.logNormal(TAKER_NOISE, 5));
      m.lastTakerAt = now;
      this.counts.takerOrders++;
      const type = OrderType.market;
      this.run((e) => e.place({ userId: this.users.taker, symbol: m.symbol, side, type, price: 0, volume }), m.symbol);
    }
  }

  /** Now and then a bet at the highest leverage: held until it is liquidated or has lasted its time, then closed. */
  private punt(m: SimContract, dt: number, now: number): void {
    if (!m.punterReady) return;
    const holding = this.exchange.swap.engine.holdings.find(this.users.punter, m.symbol, 'both');
    const position = holding?.position;
    if (m.punt && (!position || holding.id !== m.punt.positionId)) m.punt = null;
    if (m.punt && position) {
      if ((now - m.punt.openedAt) * this.rate < PUNT_HOLD_MS) return;
      const side = position.sign > 0 ? Side.sell : Side.buy;
      const close = { side, type: OrderType.market, price: 0, volume: position.contracts, reduceOnly: true };
      this.run((e) => e.place({ userId: this.users.punter, symbol: m.symbol, ...close }), m.symbol);
      return;
    }
    if (!this.rng.chance((this.puntRate * this.rate * dt) / 1000)) return;
    const side = this.rng.chance(0.5) ? Side.buy : Side.sell;
    const volume = contractsFor(m.market.contract, m.market.mark || m.market.index, PUNT_USD);
    const cmd = { userId: this.users.punter, symbol: m.symbol, side, type: OrderType.market, price: 0, volume };
    const result = this.run((e) => e.place(cmd), m.symbol);
    const opened = this.exchange.swap.engine.holdings.find(this.users.punter, m.symbol, 'both');
    if (result.ok && opened?.position) {
      m.punt = { openedAt: now, positionId: opened.id };
      this.counts.punts++;
    }
  }

  private fund(now: number): void {
    this.nextFunding = now + FUNDING_EVERY_MS;
    for (const credit of this.inventory.topUp(this.exchange, now)) {
      this.counts.credits++;
      this.follow(credit);
    }
  }

  /** Runs a command now (the engine is synchronous) and follows its commit; a refusal is counted and logged. */
  private run(command: (engine: SwapEngine) => SwapResult, symbol: string): SwapResult {
    let result: SwapResult | undefined;
    this.follow(
      this.exchange.swap.run((engine) => {
        result = command(engine);
        return result;
      }),
    );
    const done = result as SwapResult | undefined;
    if (!done) throw new Error('sim: the contract exchange did not run the command at once');
    if (!done.ok) {
      this.counts.rejected++;
      this.options.log?.debug({ symbol, reason: done.reason }, 'sim: contract command rejected');
    } else for (const event of done.events) if (event.type === 'trade') this.counts.trades++;
    return done;
  }

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

  private failed(error: unknown): void {
    if (this.counts.failures++ % 100 === 0)
      this.options.log?.warn({ err: error, failures: this.counts.failures }, 'sim: contract failure');
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
