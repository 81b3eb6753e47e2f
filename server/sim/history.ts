/**
 * The simulator's markets given a past on a fresh server (issue 19 item 4): the seed of server/marketdata/seed.ts with
 * the walk's volatility and long-run spread, and a day's volume worth about {@link USD_PER_MINUTE} a minute.
 */
import type { SeedMarket } from '../marketdata/seed.ts';
import { LONG_RUN_SPREAD, volatilityOf } from './price-walk.ts';

/** Turnover a minute in USD: the majors trade more. */
const USD_PER_MINUTE: Readonly<Record<string, number>> = { BTC: 60_000, ETH: 30_000 };
const DEFAULT_USD_PER_MINUTE = 4_000;

export interface HistoryMarket {
  symbol: string;
  base: string;
  quote: string;
  priceScale: number;
  amountScale: number;
  /** The live price in ticks. */
  price: number;
  /** USD price of one base coin. */
  baseUsd: number;
  /** Base coin in one lot when lots are contracts (a perpetual's contract size); else 1 ÷ 10^amountScale. */
  lotSize?: number;
}

export function seedMarketOf(m: HistoryMarket): SeedMarket {
  const sigma = Math.hypot(volatilityOf(m.base), volatilityOf(m.quote));
  const lotBase = m.lotSize ?? 10 ** -m.amountScale;
  const usdPerMinute = USD_PER_MINUTE[m.base] ?? DEFAULT_USD_PER_MINUTE;
  const lotsPerMinute = m.baseUsd > 0 ? usdPerMinute / (m.baseUsd * lotBase) : 1;
  return {
    symbol: m.symbol,
    price: m.price,
    sigma,
    spread: LONG_RUN_SPREAD,
    lotsPerMinute,
    quoteUnit: (10 ** m.priceScale * 10 ** m.amountScale) / (m.lotSize ?? 1),
  };
}
