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
  /** Activity multiplier: simulated time of the price walk and the taker flow run this many times faster (default 1). */
  rate?: number;
  /** Markets to run, e.g. `['BTC/USDT']`; all by default. */
  markets?: readonly string[];
  /** Period of the timer (default 250 ms); 0 runs no timer and leaves `tick()` to the caller (tests). */
  tickMs?: number;
  /** Levels per side of the maker's ladder, per tier. */
  levels?: Partial<Record<MarketTier, number>>;
  /** Taker orders per second at rate 1, per tier. */
  takerRate?: Partial<Record<MarketTier, number>>;
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
export const DEFAULT_TAKER_RATE: Readonly<Record<MarketTier, number>> = { major: 3, usdt: 1, other: 0.5 };
export const DEFAULT_TICK_MS = 250;
export const DEFAULT_MAX_COMMANDS_PER_TICK = 50;
export const DEFAULT_RECENTRE_BAND = 0.00015;
export const DEFAULT_MIN_LEVEL_SPACING = 0.00003;
export const MAX_RATE = 100;

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
/** One tick covers this much time at most, so a stalled event loop does not turn into a burst. */
export const MAX_TICK_MS = 1000;
/** How often the bots' wallets are looked at for a top-up. */
export const FUNDING_EVERY_MS = 2000;
