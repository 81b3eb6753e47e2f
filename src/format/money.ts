import { abbreviate, MONEY_DECIMALS, SI_UNITS, type Unit } from '../../common/format/numbers.ts';
import type { Numeric } from '../../common/format/value.ts';
import type { Lang } from '../../common/i18n.ts';
import { groupDigits } from './intl.ts';

export { abbreviate, SI_UNITS, type Unit } from '../../common/format/numbers.ts';

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

/**
 * Money in the user's language (`decimals` other than 2 only for a traded amount in BTC, see formatQuoteTurnover) (spec shell §9, trading §9): 1234567.891 → '1.23M' (en), '123.45万' (zh_CN); what stays
 * in full is grouped as the language groups digits: 999999.99 → '999,999.99' (en_US).
 */
export function formatMoney(value: Numeric, lang: Lang, decimals = MONEY_DECIMALS): string {
  return groupDigits(abbreviate(value, MONEY_UNITS[lang], decimals), lang);
}
