import { mul, toFixed } from '../../common/decimal.ts';
import { formatPrice } from '../../common/format/numbers.ts';
import { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';
import type { Lang } from '../../common/i18n.ts';
import { collapseZeros, formatCollapsedZero } from './collapsed-zero.ts';
import { decimalMark, groupDigits } from './intl.ts';
import { formatMoney } from './money.ts';

// The canvases' price format is shared with the data worker's painter.
export { DEFAULT_PRICE_SCALE, formatPrice } from '../../common/format/numbers.ts';
// Kept here as well: src/features/markets imports it from this file.
export { formatChangePercent } from './change.ts';

/** Spec trading §9: default decimals, spot 4, futures symbol 2 (also keepDecimalForCoin/Currency default 4, §3). */
export const DEFAULT_SPOT_DECIMALS = 4;
export const DEFAULT_FUTURES_DECIMALS = 2;

/**
 * An exact decimal as text outside the canvases, its digits untouched: a very small one in collapsed-zero notation
 * (spec shell §9, trading §9: 0.00000999 → '0.0₅999'), any other grouped in the language ('95,000.12'). For values
 * that come already scaled, as an order's price and amount; '--' when not a number.
 */
export function formatNumberText(value: Numeric, lang?: Lang): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  if (collapseZeros(decimal) === null) return groupDigits(decimal, lang);
  return formatCollapsedZero(decimal).replace('.', decimalMark(lang));
}

/**
 * A price as text outside the canvases (lists, headers, search, order history): formatPrice, then as formatNumberText.
 * The canvases keep formatPrice: grouping there would cost per-frame work.
 */
export function formatPriceText(value: Numeric, priceScale?: number | null, lang?: Lang): string {
  const plain = formatPrice(value, priceScale);
  return plain === PLACEHOLDER ? plain : formatNumberText(plain, lang);
}

/** Decimals of a traded amount (spec shell §9): 5 when the quote coin is BTC, else 2. */
export function tradedAmountDecimals(quote: string | null | undefined): number {
  return quote?.trim().toUpperCase() === 'BTC' ? 5 : 2;
}

/**
 * A traded amount already multiplied (a record's turnover) in `quote`: truncated to 5 decimals for a BTC quote else 2
 * (spec shell §9), grouped in the language.
 */
export function formatTurnover(value: Numeric, quote: string | null | undefined, lang?: Lang): string {
  const decimal = toDecimal(value);
  return decimal === null ? PLACEHOLDER : groupDigits(toFixed(decimal, tradedAmountDecimals(quote)), lang);
}

/**
 * A market's 24 h turnover in its quote coin, abbreviated as money in the language ('1.23M', '123.45万') with the
 * traded-amount decimals: 5 for a BTC quote ('12.34567'), else 2 (spec shell §9).
 */
export function formatQuoteTurnover(value: Numeric, quote: string | null | undefined, lang: Lang): string {
  return formatMoney(value, lang, tradedAmountDecimals(quote));
}

/** Traded amount = price × volume, exact, then as formatTurnover ('117,277.64'; '0.03703' for a BTC quote). */
export function formatTradedAmount(
  price: Numeric,
  volume: Numeric,
  quote: string | null | undefined,
  lang?: Lang,
): string {
  const p = toDecimal(price);
  const v = toDecimal(volume);
  return p === null || v === null ? PLACEHOLDER : formatTurnover(mul(p, v), quote, lang);
}
