import { mul, toFixed } from '../../common/decimal.ts';
import { type Numeric, PLACEHOLDER, scaleOr, toDecimal } from './value.ts';

// Kept here as well: src/features/markets imports it from this file.
export { formatChangePercent } from './change.ts';

/** Spec shell §9: price shown with priceScale decimals, default 2. */
export const DEFAULT_PRICE_SCALE = 2;
/** Spec trading §9: default decimals, spot 4, futures symbol 2 (also keepDecimalForCoin/Currency default 4, §3). */
export const DEFAULT_SPOT_DECIMALS = 4;
export const DEFAULT_FUTURES_DECIMALS = 2;

/**
 * A price with exactly `priceScale` decimals, truncated downward (spec shell §9, trading §5: price-scale rounding
 * truncates); '--' when unknown. Truncation is toward zero, so a negative value keeps its sign: -1.239 → -1.23.
 */
export function formatPrice(value: Numeric, priceScale?: number | null): string {
  const decimal = toDecimal(value);
  return decimal === null ? PLACEHOLDER : toFixed(decimal, scaleOr(priceScale, DEFAULT_PRICE_SCALE));
}

/** Decimals of a traded amount (spec shell §9): 5 when the quote coin is BTC, else 2. */
export function tradedAmountDecimals(quote: string | null | undefined): number {
  return quote?.trim().toUpperCase() === 'BTC' ? 5 : 2;
}

/** Traded amount = price × volume, exact, truncated to 5 decimals for a BTC quote else 2 (spec shell §9). */
export function formatTradedAmount(price: Numeric, volume: Numeric, quote: string | null | undefined): string {
  const p = toDecimal(price);
  const v = toDecimal(volume);
  if (p === null || v === null) return PLACEHOLDER;
  return toFixed(mul(p, v), tradedAmountDecimals(quote));
}
