// Intl formats in the page's language, in one place (DESIGN §3 format/): dates and times, month names, counts. The
// spec's own number formats (prices, amounts, money, percents, currencies, §9) keep their fixed rules in the files
// beside this one; what the spec leaves open follows the language through Intl.
import { DEFAULT_LANG, type Lang } from '../../common/i18n.ts';
import { HTML_LANG } from '../i18n/languages.ts';

let language: Lang = DEFAULT_LANG;

/** The page's language, told by src/i18n on every change (a change reloads the page, spec shell §4). */
export function setFormatLanguage(lang: Lang): void {
  language = lang;
}

/** The BCP 47 tag of a language (the page's when none is given): 'zh-CN', 'en-US'… */
export function localeOf(lang: Lang = language): string {
  return HTML_LANG[lang];
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A moment in local time as the language writes it, to the minute (with seconds when asked): '2026/11/22 16:30'
 * (zh_CN), '11/22/2026, 16:30' (en_US), '16:30 22/11/2026' (vi_VN); '--' without one.
 */
export function formatDateTime(ms: number | null | undefined, withSeconds = false, lang: Lang = language): string {
  if (!ms) return '--';
  const format = cached(`dt:${lang}:${withSeconds}`, () =>
    withSeconds
      ? new Intl.DateTimeFormat(localeOf(lang), { ...DATE_TIME, second: '2-digit' })
      : new Intl.DateTimeFormat(localeOf(lang), DATE_TIME),
  );
  return format.format(ms);
}

/**
 * A month's short name in a locale ('Nov' in en-US, '11月' in zh-CN; the page's by default); `utc` for the calendar
 * months of day and longer candles. A RangeError for a tag Intl does not know.
 */
export function formatMonth(ms: number, utc: boolean, locale: string = localeOf()): string {
  const format = cached(
    `month:${locale}:${utc}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', ...(utc ? { timeZone: 'UTC' } : {}) }),
  );
  return format.format(ms);
}

/** A count with the language's grouping: 1,234,567 (en_US), 1.234.567 (vi_VN), 12,34,567 (hi_IN). */
export function formatCount(value: number, lang: Lang = language): string {
  return cached(`count:${lang}`, () => new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 })).format(
    value,
  );
}

/**
 * How each language writes a plain number (CLDR, as Intl has it: tests/src/format/intl.test.ts checks every language
 * against Intl): its group separator and decimal mark, and whether it groups in twos above the thousands (hi_IN,
 * 12,34,567). Written out because a page's first Intl.NumberFormat loads the locale's data, 60–140 ms of a cold load
 * at 4× CPU throttle, inside the terminal's first render (issue 22 item 1).
 */
const NUMBERS: Record<Lang, { group: string; decimal: string; indian: boolean }> = {
  zh_CN: { group: ',', decimal: '.', indian: false },
  zh_TW: { group: ',', decimal: '.', indian: false },
  en_US: { group: ',', decimal: '.', indian: false },
  ko_KR: { group: ',', decimal: '.', indian: false },
  ja: { group: ',', decimal: '.', indian: false },
  vi_VN: { group: '.', decimal: ',', indian: false },
  hi_IN: { group: ',', decimal: '.', indian: true },
};

/** The language's decimal mark: '.' in most, ',' in Vietnamese (a grouped number must not read '1.234.567.89'). */
export function decimalMark(lang: Lang = language): string {
  return NUMBERS[lang].decimal;
}

/** A run of digits with the language's grouping: '1234567' → '1,234,567', '1.234.567' (vi_VN), '12,34,567' (hi_IN). */
function groupWhole(digits: string, lang: Lang): string {
  const { group, indian } = NUMBERS[lang];
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const step = indian ? 2 : 3;
  const parts: string[] = [];
  for (let end = head.length; end > 0; end -= step) parts.unshift(head.slice(Math.max(0, end - step), end));
  return `${parts.join(group)}${group}${digits.slice(-3)}`;
}

const PLAIN_NUMBER = /^([+-]?)(\d+)(?:\.(\d+))?(\D*)$/;

/**
 * An exact decimal text with the language's digit grouping and decimal mark: '13603948080.00' → '13,603,948,080.00'
 * (en_US), '13.603.948.080,00' (vi_VN), '13,60,39,48,080.00' (hi_IN). Digits are regrouped as text, so money never
 * passes through a float. A unit suffix stays ('1234.56B' → '1,234.56B'); any other text ('--', '0.0₅12') comes back
 * unchanged.
 */
export function groupDigits(text: string, lang: Lang = language): string {
  const match = PLAIN_NUMBER.exec(text);
  if (!match) return text;
  const [, sign = '', digits = '0', fraction, suffix = ''] = match;
  const whole = digits.replace(/^0+(?=\d)/, '');
  const tail = fraction === undefined ? '' : `${decimalMark(lang)}${fraction}`;
  return `${sign}${groupWhole(whole, lang)}${tail}${suffix}`;
}

// ─── Fixed clock and chart labels ───────────────────────────────────────────────────────────────────────────────────
// The trades tape and the chart write times the same way in every language (digits and dashes), so these do not go
// through Intl; they live here so that every date a screen shows is written in this file.

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** HH:MM:SS in the browser's time zone (the trades tape; allocation-light, it runs per repainted row). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

function partsOf(ms: number, utc: boolean): DateParts {
  const d = new Date(ms);
  return utc
    ? {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
      }
    : {
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        day: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
      };
}

/** A chart label to the minute, the day or the month: `2026-11-22 16:30`, `2026-11-22`, `2026-11`; `utc` or local. */
export function formatChartTime(ms: number, utc: boolean, unit: 'minute' | 'day' | 'month'): string {
  const p = partsOf(ms, utc);
  if (unit === 'month') return `${p.year}-${pad2(p.month)}`;
  const date = `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
  return unit === 'minute' ? `${date} ${pad2(p.hours)}:${pad2(p.minutes)}` : date;
}

/** A time-axis mark: the year, the month's short name in `locale`, the day of the month, or the clock time. */
export function formatChartTick(ms: number, utc: boolean, mark: 'year' | 'month' | 'day' | 'time', locale: string) {
  const p = partsOf(ms, utc);
  switch (mark) {
    case 'year':
      return String(p.year);
    case 'month':
      try {
        return formatMonth(ms, utc, locale);
      } catch {
        return pad2(p.month);
      }
    case 'day':
      return String(p.day);
    case 'time':
      return `${pad2(p.hours)}:${pad2(p.minutes)}`;
  }
}
