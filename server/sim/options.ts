import { ConfigError } from '../config.ts';

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

const SYMBOL = /^[A-Z0-9]+\/[A-Z0-9]+$/;

/**
 * Reads TICKSTREAM_SIM_RATE (a number > 0 and ≤ 100) and TICKSTREAM_SIM_MARKETS (comma-separated symbols such as
 * `BTC/USDT,ETH/BTC`; empty for all). With `symbols`, an unknown market is an error too. Errors are ConfigErrors
 * that name the variable.
 */
export function simOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  symbols?: Iterable<string>,
): Pick<SimOptions, 'rate' | 'markets'> {
  const options: Pick<SimOptions, 'rate' | 'markets'> = {};
  const rateText = env.TICKSTREAM_SIM_RATE?.trim();
  if (rateText) {
    const rate = Number(rateText);
    if (!Number.isFinite(rate) || rate <= 0 || rate > MAX_RATE) {
      throw new ConfigError(`TICKSTREAM_SIM_RATE must be a number above 0 and at most ${MAX_RATE}, got "${rateText}"`);
    }
    options.rate = rate;
  }
  const marketsText = env.TICKSTREAM_SIM_MARKETS?.trim();
  if (marketsText) {
    const known = symbols ? new Set(symbols) : null;
    const markets: string[] = [];
    for (const part of marketsText.split(',')) {
      const symbol = part.trim().toUpperCase();
      if (!SYMBOL.test(symbol)) {
        throw new ConfigError(`TICKSTREAM_SIM_MARKETS must list symbols like BTC/USDT,ETH/BTC, got "${part.trim()}"`);
      }
      if (known && !known.has(symbol)) throw new ConfigError(`TICKSTREAM_SIM_MARKETS: unknown market ${symbol}`);
      if (!markets.includes(symbol)) markets.push(symbol);
    }
    options.markets = markets;
  }
  return options;
}
