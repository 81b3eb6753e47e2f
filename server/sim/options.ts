/** Market tiers: BTC/USDT and ETH/USDT; the other USDT markets; USDC- and BTC-quoted markets. */
export type MarketTier = 'major' | 'usdt' | 'other';

export const MAJOR_MARKETS: ReadonlySet<string> = new Set(['BTC/USDT', 'ETH/USDT']);

export function tierOf(symbol: string, quote: string): MarketTier {
  if (MAJOR_MARKETS.has(symbol)) return 'major';
  return quote === 'USDT' ? 'usdt' : 'other';
}

/** Something that logs like pino (the Fastify logger fits). */
export interface SimLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SimOptions {
  /** Now in ms; the exchange's clock by default. */
  clock?: () => number;
  /** Seed of the bots' PRNG (mulberry32); a random seed by default. */
  seed?: number;
  /** Uniform [0, 1) source that replaces the seeded PRNG. */
  random?: () => number;
  /** Activity multiplier: the simulated time of the price walk and the order flow runs this many times faster (1). */
  rate?: number;
  /** Markets to run, e.g. `['BTC/USDT']`; all by default. */
  markets?: readonly string[];
  /** Period of the timer (default: {@link stepMs} of the rate); 0 runs no timer and leaves `tick()` to the caller. */
  tickMs?: number;
  /** Levels per side of the maker's ladder, per tier. */
  levels?: Partial<Record<MarketTier, number>>;
  /** Taker orders per second at rate 1, per tier, on average (clusters and bursts included). */
  takerRate?: Partial<Record<MarketTier, number>>;
  /**
   * The maker's quote updates per second at rate 1, per tier, on average: an order added to a level near the touch and
   * taken away again within seconds, as market makers requote all the time (flow.ts, quotes.ts). 0: none.
   */
  quoteRate?: Partial<Record<MarketTier, number>>;
  /** Share of the flow set off by earlier flow, 0 to 0.9 (the Hawkes branching ratio, flow.ts; default 0.5). */
  clustering?: number;
  /** Mean simulated seconds between bursts of a market's flow (default 20); 0: none. */
  burstEveryS?: number;
  /** Maker commands per market per tick at most, so one tick never holds the event loop long (default 50). */
  maxCommandsPerTick?: number;
  /** Relative distance the index may move from the ladder's centre before the ladder follows (default 0.00015). */
  recentreBand?: number;
  /** Finest spacing of the ladder, relative to the price (default 0.00003): see `ladderShape`. */
  minLevelSpacing?: number;
  /** Rejected commands are logged at debug; nothing is logged without it. */
  log?: SimLogger;
}

export const DEFAULT_LEVELS: Readonly<Record<MarketTier, number>> = { major: 1000, usdt: 300, other: 200 };
/**
 * Mean taker orders and quote updates a second at rate 1 (issue 22: Binance's depth stream updates every 100 ms,
 * Bybit's every 20 ms). BTC/USDT's and ETH/USDT's books then change in over half of the simulator's 50 steps a second
 * (≥ 20 depth diffs) and they trade ≥ 5 times a second (a taker fills about two maker orders); the other USDT markets
 * get about a third of that and the rest a fifth. The takers had 3 / 1 / 0.5 before, and there were no quote updates.
 */
export const DEFAULT_TAKER_RATE: Readonly<Record<MarketTier, number>> = { major: 5, usdt: 1, other: 0.5 };
export const DEFAULT_QUOTE_RATE: Readonly<Record<MarketTier, number>> = { major: 30, usdt: 2.5, other: 1.2 };
export const DEFAULT_CLUSTERING = 0.5;
export const DEFAULT_BURST_EVERY_S = 20;
/** The timer's period at rate 1: each step is one event-loop turn, so one journal commit and at most one depth diff. */
export const DEFAULT_TICK_MS = 20;
/**
 * A faster simulator steps more often, so its flow still spreads over as many steps: down to this (each step is a
 * journal commit). At rate 10 BTC/USDT changes in about two thirds of its 333 steps a second: 4 ms (250 steps) gave
 * 178 depth diffs a second where issue 22 asks for ten times the default's 20.
 */
export const MIN_TICK_MS = 3;
export const DEFAULT_MAX_COMMANDS_PER_TICK = 50;
export const DEFAULT_RECENTRE_BAND = 0.00015;
export const DEFAULT_MIN_LEVEL_SPACING = 0.00003;
export const MAX_RATE = 100;

/** The timer's period at `rate`: {@link DEFAULT_TICK_MS} divided by a rate above 1, at least {@link MIN_TICK_MS}. */
export function stepMs(rate: number): number {
  return Math.max(MIN_TICK_MS, Math.round(DEFAULT_TICK_MS / Math.max(1, rate)));
}

// The shape of the bots' flow, the same for the spot and the contract bots.
/** Value of a ladder level at the touch, in USD; levels grow to (1 + LEVEL_GROWTH) times that at the far end. */
export const LEVEL_USD: Readonly<Record<MarketTier, number>> = { major: 600, usdt: 250, other: 150 };
export const LEVEL_GROWTH = 3;
export const LEVEL_NOISE = 0.45;
/** Median taker order in USD. */
export const TAKER_USD: Readonly<Record<MarketTier, number>> = { major: 500, usdt: 180, other: 100 };
export const TAKER_NOISE = 0.9;
/** Every market trades at least this often in simulated time. */
export const MAX_QUIET_MS = 4000;
export const MAX_TAKERS_PER_TICK = 8;
/**
 * A ladder follows the index this often (simulated time below rate 1), as it always did. Each follow replaces the
 * levels at the touch and walks the whole ladder (a thousand levels a side on the majors): following at every step, or
 * faster at a higher rate, cost more than all the other orders for no visible gain.
 */
export const FOLLOW_MS = 250;
/** After a taker, its levels are put back where they were (the best ones only), at most this often. */
export const MIN_RECONCILE_MS = 50;
/** The levels a side a refill looks at: a taker reaches 12 at most (taker.ts). */
export const REFILL_LEVELS = 16;
/** One tick covers this much time at most, so a stalled event loop does not turn into a burst. */
export const MAX_TICK_MS = 1000;
/** How often the bots' wallets are looked at for a top-up. */
export const FUNDING_EVERY_MS = 2000;
