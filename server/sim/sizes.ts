import { valueToQuoteCeil } from '../engine/units.ts';
import type { SpotMarketInfo } from '../exchange/index.ts';

/** A market with the numbers the bots size orders with. */
export interface SizedMarket {
  readonly info: SpotMarketInfo;
  /** priceScale + amountScale − quote decimals (engine units.ts). */
  readonly shift: number;
}

/** The fewest lots an order at `price` ticks may have: the market's minimum amount and minimum value both hold. */
export function minLotsAt(m: SizedMarket, price: number): number {
  const { minLots, minQuote, priceScale, amountScale, quoteDecimals } = m.info;
  // minQuote (quote ledger units) in value units (ticks × lots) is minQuote × 10^shift.
  let lots = Math.max(minLots, Math.ceil((minQuote * 10 ** (priceScale + amountScale - quoteDecimals)) / price), 1);
  while (valueToQuoteCeil(price * lots, m.shift) < minQuote) lots++;
  return lots;
}

/** Lots worth `quote` (an amount of the quote coin) at `price` ticks, never below the market's minimums. */
export function lotsFor(m: SizedMarket, price: number, quote: number): number {
  const lots = Math.round((quote * 10 ** (m.info.priceScale + m.info.amountScale)) / price);
  return Math.max(lots, minLotsAt(m, price));
}

/** Quote ledger units a buy of `lots` at `price` reserves. */
export function quoteUnits(m: SizedMarket, price: number, lots: number): number {
  return valueToQuoteCeil(price * lots, m.shift);
}
