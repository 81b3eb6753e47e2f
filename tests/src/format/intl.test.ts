import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import {
  decimalMark,
  formatChartTick,
  formatChartTime,
  formatClock,
  formatCount,
  formatDateTime,
  formatMonth,
  groupDigits,
  localeOf,
  setFormatLanguage,
} from '../../../src/format/intl.ts';

// 2026-11-22 16:05:09 local time.
const moment = new Date(2026, 10, 22, 16, 5, 9).getTime();

describe('Intl formats per language (src/format/intl.ts)', () => {
  afterEach(() => setFormatLanguage('zh_CN'));

  it('writes a moment in each language, 24-hour, to the minute or the second', () => {
    for (const lang of LANGS) {
      const text = formatDateTime(moment, false, lang);
      expect(text).toMatch(/2026/);
      expect(text).toMatch(/16:05/);
      expect(text).not.toMatch(/16:05:09/);
      expect(formatDateTime(moment, true, lang)).toMatch(/16:05:09/);
    }
    expect(formatDateTime(moment, false, 'zh_CN')).toBe('2026/11/22 16:05');
    expect(formatDateTime(moment, false, 'en_US')).toBe('11/22/2026, 16:05');
    expect(formatDateTime(moment, false, 'vi_VN')).not.toBe(formatDateTime(moment, false, 'en_US'));
  });

  it('follows the page language it is told, and shows -- without a time', () => {
    setFormatLanguage('en_US');
    expect(formatDateTime(moment)).toBe('11/22/2026, 16:05');
    expect(localeOf()).toBe('en-US');
    setFormatLanguage('zh_CN');
    expect(formatDateTime(moment)).toBe('2026/11/22 16:05');
    expect(formatDateTime(0)).toBe('--');
    expect(formatDateTime(null)).toBe('--');
  });

  it('groups counts the language’s way', () => {
    expect(formatCount(1234567, 'en_US')).toBe('1,234,567');
    expect(formatCount(1234567, 'vi_VN')).toBe('1.234.567');
    expect(formatCount(1234567, 'hi_IN')).toBe('12,34,567');
    expect(formatCount(42, 'ja')).toBe('42');
  });

  it('names months in the given locale', () => {
    const nov = Date.UTC(2026, 10, 2);
    expect(formatMonth(nov, true, 'en-US')).toBe('Nov');
    expect(formatMonth(nov, true, 'zh-CN')).toBe('11月');
    expect(() => formatMonth(nov, true, 'not a locale!')).toThrow(RangeError);
  });
});

describe('fixed clock and chart labels (the same in every language)', () => {
  it('writes the tape’s clock and the chart’s times with zero-padded digits', () => {
    expect(formatClock(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe('03:04:05');
    const utc = Date.UTC(2026, 10, 2, 7, 9);
    expect(formatChartTime(utc, true, 'minute')).toBe('2026-11-02 07:09');
    expect(formatChartTime(utc, true, 'day')).toBe('2026-11-02');
    expect(formatChartTime(utc, true, 'month')).toBe('2026-11');
    expect(formatChartTick(utc, true, 'time', 'en-US')).toBe('07:09');
    expect(formatChartTick(utc, true, 'month', 'en-US')).toBe('Nov');
    expect(formatChartTick(utc, true, 'month', 'not a tag!')).toBe('11');
  });
});

describe('groupDigits (issue 19 item 7: full amounts grouped as the language groups them)', () => {
  afterEach(() => setFormatLanguage('zh_CN'));

  it('groups the whole part and keeps every decimal of the exact text', () => {
    expect(groupDigits('13603948080.00', 'en_US')).toBe('13,603,948,080.00');
    expect(groupDigits('13603948080.00', 'vi_VN')).toBe('13.603.948.080,00');
    expect(groupDigits('13603948080.00', 'hi_IN')).toBe('13,60,39,48,080.00');
    expect(groupDigits('123456789012345678901.123456789', 'ja')).toBe('123,456,789,012,345,678,901.123456789');
    expect(groupDigits('-1234.5', 'ko_KR')).toBe('-1,234.5');
    expect(groupDigits('999.99', 'en_US')).toBe('999.99');
    expect(groupDigits('1234', 'zh_TW')).toBe('1,234');
  });

  it('keeps a unit suffix and leaves other text alone', () => {
    expect(groupDigits('1234.56B', 'en_US')).toBe('1,234.56B');
    expect(groupDigits('123.45万', 'zh_CN')).toBe('123.45万');
    expect(groupDigits('--', 'en_US')).toBe('--');
    expect(groupDigits('0.0₅12', 'en_US')).toBe('0.0₅12');
  });

  it("uses the page's language by default", () => {
    setFormatLanguage('vi_VN');
    expect(groupDigits('533488.16')).toBe('533.488,16');
    setFormatLanguage('en_US');
    expect(groupDigits('533488.16')).toBe('533,488.16');
  });

  it('groups and marks decimals as Intl does in every language, without asking Intl on the page', () => {
    for (const lang of LANGS) {
      const intl = new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 });
      const mark = new Intl.NumberFormat(localeOf(lang)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
      expect(decimalMark(lang), lang).toBe(mark);
      expect(groupDigits('000123456', lang)).toBe(intl.format(123456n));
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.stringMatching(/^\d{0,8}$/), (whole, fraction) => {
          const tail = fraction ? `${mark}${fraction}` : '';
          expect(groupDigits(`${whole}${fraction ? `.${fraction}` : ''}`, lang)).toBe(`${intl.format(whole)}${tail}`);
          expect(groupDigits(`-${whole}.5`, lang)).toBe(`-${intl.format(whole)}${mark}5`);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('groups in all seven languages', () => {
    for (const lang of LANGS) {
      const grouped = groupDigits('1000000', lang);
      expect(grouped).not.toBe('1000000');
      expect(grouped.replace(/\D/g, '')).toBe('1000000');
    }
  });
});
