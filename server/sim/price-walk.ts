import { coins as catalogueCoins } from '../db/seed/catalogue.ts';
import type { SpotMarketInfo } from '../exchange/index.ts';
import type { Rng } from './random.ts';

/** Coins pinned near one dollar. */
export const STABLECOINS: ReadonlySet<string> = new Set(['USDT', 'USDC']);

/** Volatility of ln(USD price) per √second at rate 1: majors ~0.02–0.025 %/√s, the rest a little wilder. */
const VOLATILITY: Readonly<Record<string, number>> = { BTC: 0.0002, ETH: 0.00025 };
const DEFAULT_VOLATILITY = 0.00035;
/** Spread of ln(price) around the catalogue rate in the long run: ±6 % (1σ), so hours of walking stay plausible. */
export const LONG_RUN_SPREAD = 0.06;
/** Stablecoins wobble by about ±0.005 % around 1 and return within a minute or so. */
const STABLE_VOLATILITY = 0.00001;
const STABLE_REVERSION = 0.02;
/** A restart continues from the last trade, unless that is absurdly far from the catalogue. */
const START_RANGE = 2;
const STABLE_START_RANGE = 1.005;
const NUMERAIRE = 'USDT';

/** A coin's volatility of ln(USD price) per √second at rate 1. */
export function volatilityOf(coin: string): number {
  return STABLECOINS.has(coin) ? STABLE_VOLATILITY : (VOLATILITY[coin] ?? DEFAULT_VOLATILITY);
}

interface CoinWalk {
  /** ln of the catalogue USD rate: where the walk is pulled back to. */
  readonly reference: number;
  /** ln of the current USD price. */
  x: number;
  readonly sigma: number;
  /** Pull back towards the reference, per second (Ornstein–Uhlenbeck). */
  readonly reversion: number;
}

/**
 * One random walk per coin in USD; every market's index is base ÷ quote, so BTC/USDT, BTC/USDC and ETH/BTC agree
 * with each other the way arbitrage keeps real markets in line.
 */
export class PriceWalk {
  private readonly coins = new Map<string, CoinWalk>();

  constructor(prices: ReadonlyMap<string, { reference: number; start: number }>) {
    for (const [coin, { reference, start }] of prices) {
      const stable = STABLECOINS.has(coin);
      const sigma = volatilityOf(coin);
      const reversion = stable ? STABLE_REVERSION : (sigma * sigma) / (2 * LONG_RUN_SPREAD * LONG_RUN_SPREAD);
      this.coins.set(coin, { reference: Math.log(reference), x: Math.log(start), sigma, reversion });
    }
  }

  /** Moves every coin by `seconds` of simulated time. */
  step(seconds: number, rng: Rng): void {
    if (seconds <= 0) return;
    const root = Math.sqrt(seconds);
    for (const c of this.coins.values()) {
      c.x += -c.reversion * (c.x - c.reference) * seconds + c.sigma * root * rng.gaussian();
    }
  }

  usd(coin: string): number {
    const c = this.coins.get(coin);
    return c ? Math.exp(c.x) : Number.NaN;
  }

  /** A market's index in (fractional) ticks. */
  index(market: SpotMarketInfo): number {
    return (this.usd(market.base) / this.usd(market.quote)) * 10 ** market.priceScale;
  }
}

/**
 * Reference (catalogue) and starting USD prices of every coin of `markets`. The start follows the last trades (a
 * restart continues where the market was), resolved quote before base in catalogue order; without trades it is the
 * catalogue rate. A coin the catalogue lacks gets its rate from its market's reference price.
 */
export function startingPrices(
  markets: Iterable<SpotMarketInfo>,
  lastPrice: (symbol: string) => number,
): Map<string, { reference: number; start: number }> {
  const list = [...markets];
  const reference = new Map<string, number>();
  for (const c of catalogueCoins) reference.set(c.unit, Number(c.usdRate));
  resolve(list, reference, (m) => Number(m.referencePrice));

  // USDT is the numeraire: every other start is learned from trades against it (USDC through USDC/USDT, …).
  const start = new Map<string, number>();
  const usdt = reference.get(NUMERAIRE);
  if (usdt !== undefined) start.set(NUMERAIRE, usdt);
  resolve(list, start, (m) => lastPrice(m.symbol) / 10 ** m.priceScale);

  const prices = new Map<string, { reference: number; start: number }>();
  for (const m of list) {
    for (const coin of [m.base, m.quote]) {
      if (prices.has(coin)) continue;
      const r = reference.get(coin);
      if (r === undefined || !(r > 0)) throw new Error(`sim: no USD rate for ${coin}`);
      const range = STABLECOINS.has(coin) ? STABLE_START_RANGE : START_RANGE;
      const s = start.get(coin) ?? r;
      prices.set(coin, { reference: r, start: Math.min(r * range, Math.max(r / range, s)) });
    }
  }
  return prices;
}

/** Fills in base prices from quote prices through each market's price, until nothing new is learned. */
function resolve(markets: readonly SpotMarketInfo[], usd: Map<string, number>, price: (m: SpotMarketInfo) => number) {
  for (let changed = true; changed; ) {
    changed = false;
    for (const m of markets) {
      const quote = usd.get(m.quote);
      const p = price(m);
      if (usd.has(m.base) || quote === undefined || !(p > 0)) continue;
      usd.set(m.base, p * quote);
      changed = true;
    }
  }
}
