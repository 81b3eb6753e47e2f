import { compare, div, toFixed } from '../../common/decimal.ts';
import type { Lang } from '../../common/i18n.ts';
import { groupDigits } from './intl.ts';
import { magnitude, type Numeric, PLACEHOLDER, toDecimal } from './value.ts';

/** A unit of abbreviation: values from 10^power up are divided by it and get the suffix. */
export interface Unit {
  power: number;
  suffix: string;
}

/** Spec shell §9, trading §9: abbreviations K, M, G, T, P, E, steps of 1e3. */
export const SI_UNITS: readonly Unit[] = [
  { power: 18, suffix: 'E' },
  { power: 15, suffix: 'P' },
  { power: 12, suffix: 'T' },
  { power: 9, suffix: 'G' },
  { power: 6, suffix: 'M' },
  { power: 3, suffix: 'K' },
];

/** English and Vietnamese: 1e6 as M and 1e9 as B (spec shell §9, trading §9). */
const MILLION_BILLION: readonly Unit[] = [
  { power: 9, suffix: 'B' },
  { power: 6, suffix: 'M' },
];

/** Chinese and Korean count in 1e4 and 1e8 units (万/亿, 萬/億, 만/억). */
const MONEY_UNITS: Record<Lang, readonly Unit[]> = {
  en_US: MILLION_BILLION,
  vi_VN: MILLION_BILLION,
  zh_CN: [
    { power: 8, suffix: '亿' },
    { power: 4, suffix: '万' },
  ],
  zh_TW: [
    { power: 8, suffix: '億' },
    { power: 4, suffix: '萬' },
  ],
  ko_KR: [
    { power: 8, suffix: '억' },
    { power: 4, suffix: '만' },
  ],
  // The spec names no rule for Japanese and Hindi; they get its generic K, M, G, T, P, E.
  ja: SI_UNITS,
  hi_IN: SI_UNITS,
};

/** Two decimals throughout (spec §9); truncated like prices, so 999,999.999 shows 999999.99, never 1000000.00. */
const MONEY_DECIMALS = 2;

/** Divides by the largest unit the value reaches and appends its suffix; below every unit, plain with 2 decimals. */
export function abbreviate(value: Numeric, units: readonly Unit[] = SI_UNITS, decimals = MONEY_DECIMALS): string {
  const decimal = toDecimal(value);
  if (decimal === null) return PLACEHOLDER;
  const size = magnitude(decimal);
  for (const unit of units) {
    const divisor = `1${'0'.repeat(unit.power)}`;
    if (compare(size, divisor) >= 0) return `${toFixed(div(decimal, divisor, decimals), decimals)}${unit.suffix}`;
  }
  return toFixed(decimal, decimals);
}

/**
 * Money in the user's language (`decimals` other than 2 only for a traded amount in BTC, see formatQuoteTurnover) (spec shell §9, trading §9): 1234567.891 → '1.23M' (en), '123.45万' (zh_CN); what stays
 * in full is grouped as the language groups digits: 999999.99 → '999,999.99' (en_US).
 */
export function formatMoney(value: Numeric, lang: Lang, decimals = MONEY_DECIMALS): string {
  return groupDigits(abbreviate(value, MONEY_UNITS[lang], decimals), lang);
}
