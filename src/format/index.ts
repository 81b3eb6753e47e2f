// The display formats of spec shell §9 and trading §5, §9: one door for the UI.

export { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';
export { formatBookAmount, formatDepthValue } from './book.ts';
export { formatChangePercent, formatChangeRate, formatPercent, trendDirection } from './change.ts';
export {
  COLLAPSE_MIN_ZEROS,
  type CollapsedZero,
  type CollapseOptions,
  collapseZeros,
  formatCollapsedZero,
  subscript,
} from './collapsed-zero.ts';
export {
  type AssetParts,
  assetTotal,
  CURRENCY_SYMBOLS,
  currencySymbol,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  defaultCurrency,
  formatCurrency,
  isDisplayCurrency,
} from './currency.ts';
export {
  decimalMark,
  formatCount,
  formatDateTime,
  formatMonth,
  groupDigits,
  localeOf,
  setFormatLanguage,
} from './intl.ts';
export { abbreviate, formatMoney, SI_UNITS, type Unit } from './money.ts';
export {
  groupThousands,
  isNumberDirectiveKey,
  type KeyLike,
  NUMBER_DIRECTIVE_DECIMALS,
  type NumberDirectiveOptions,
  sanitizeNumberDirective,
  stripThousands,
} from './number-directive.ts';
export { formatNumericOnBlur, type NumericInputOptions, sanitizeNumericInput } from './numeric-input.ts';
export {
  DEFAULT_FUTURES_DECIMALS,
  DEFAULT_PRICE_SCALE,
  DEFAULT_SPOT_DECIMALS,
  formatNumberText,
  formatPrice,
  formatPriceText,
  formatQuoteTurnover,
  formatTradedAmount,
  formatTurnover,
  tradedAmountDecimals,
} from './price.ts';
