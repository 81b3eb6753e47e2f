import { add, mul, round, toFixed } from '../../common/decimal.ts';
import { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';
import type { Lang } from '../../common/i18n.ts';
import { groupDigits } from './intl.ts';
import { formatMoney } from './money.ts';

/** The display currencies (spec shell §1). */
export const DISPLAY_CURRENCIES = ['CNY', 'HKD', 'USD', 'JPY', 'TWD', 'VND', 'USDT'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

/**
 * Symbols exactly as spec shell §9 and trading §9 give them, keyed by their lower-case codes. JPY is 'Ұ' there (not
 * '¥'), which keeps yen apart from yuan; 'kor' (won) has a symbol but is not a display currency.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  cny: '¥',
  hkd: 'HK$',
  jpy: 'Ұ',
  usd: '$',
  kor: '₩',
  twd: 'NT$',
  usdt: '₮',
  vnd: '₫',
};

/** The symbol of a currency code in any case ('USDT', 'usdt'; 'KRW' reads as the spec's 'kor'); '' when unknown. */
export function currencySymbol(code: string | null | undefined): string {
  const key = (code ?? '').trim().toLowerCase();
  return CURRENCY_SYMBOLS[key === 'krw' ? 'kor' : key] ?? '';
}

/** Whether a code names one of the seven display currencies (stored choices and URL values are checked with it). */
export function isDisplayCurrency(code: string | null | undefined): code is DisplayCurrency {
  return (DISPLAY_CURRENCIES as readonly string[]).includes(code ?? '');
}

/** Spec shell §1: usdt by default, CNY for country CN, VND for Vietnam. */
export function defaultCurrency(country: string | null | undefined): DisplayCurrency {
  const code = (country ?? '').trim().toUpperCase();
  if (code === 'CN') return 'CNY';
  if (code === 'VN') return 'VND';
  return 'USDT';
}

/**
 * An amount in a display currency: symbol, then 2 decimals truncated and grouped in the page's language
 * ('$1,234.56', '-₫12.00'); with a language, abbreviated by that language's money rule ('¥1.23万'). '--' when unknown.
 */
export function formatCurrency(value: Numeric, currency: string, lang?: Lang): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  const text = lang === undefined ? groupDigits(toFixed(decimal, 2)) : formatMoney(decimal, lang);
  const symbol = currencySymbol(currency);
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** The balances the asset total adds up, each already valued in USDT (spec shell §9). */
export interface AssetParts {
  spot?: Numeric;
  contract?: Numeric;
  funds?: Numeric;
  follow?: Numeric;
  financial?: Numeric;
}

/**
 * Asset total (spec shell §9): spot + contract + funds + follow wallet + financial, in USDT, times the selected
 * currency's rate; the contract total is first rounded to 2 decimals. A part that did not load counts as 0 (balance
 * failures are only logged, spec shell §8); null when the rate is unknown. Exact; display it with formatCurrency.
 */
export function assetTotal(parts: AssetParts, rate: Numeric): string | null {
  const r = toDecimal(rate);
  if (r === null) return null;
  const contract = round(toDecimal(parts.contract) ?? '0', 2);
  let usdt = contract;
  for (const part of [parts.spot, parts.funds, parts.follow, parts.financial]) usdt = add(usdt, toDecimal(part) ?? '0');
  return mul(usdt, r);
}
