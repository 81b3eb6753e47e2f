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
