import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { abbreviate, formatMoney } from '../../../src/format/money.ts';

describe('money (spec shell §9, trading §9: per-language abbreviation, two decimals)', () => {
  it('English and Vietnamese abbreviate at 1e6 as M and 1e9 as B', () => {
    expect(formatMoney('999999.999', 'en_US')).toBe('999,999.99');
    expect(formatMoney('1000000', 'en_US')).toBe('1.00M');
    expect(formatMoney('1234567.891', 'en_US')).toBe('1.23M');
    expect(formatMoney('999999999.99', 'en_US')).toBe('999.99M');
    expect(formatMoney('1000000000', 'en_US')).toBe('1.00B');
    expect(formatMoney('1234567890123', 'en_US')).toBe('1,234.56B');
    expect(formatMoney(12345, 'en_US')).toBe('12,345.00');
    // Vietnamese groups with '.' and writes decimals after ','.
    expect(formatMoney('999999.999', 'vi_VN')).toBe('999.999,99');
    expect(formatMoney('1234567.891', 'vi_VN')).toBe('1,23M');
    expect(formatMoney('1234567890123', 'vi_VN')).toBe('1.234,56B');
  });

  it('Chinese and Korean count in 1e4 and 1e8 units', () => {
    expect(formatMoney('9999.999', 'zh_CN')).toBe('9,999.99');
    expect(formatMoney('12345', 'zh_CN')).toBe('1.23万');
    expect(formatMoney('1234567.891', 'zh_CN')).toBe('123.45万');
    expect(formatMoney('123456789', 'zh_CN')).toBe('1.23亿');
    expect(formatMoney('123456789', 'zh_TW')).toBe('1.23億');
    expect(formatMoney('12345', 'zh_TW')).toBe('1.23萬');
    expect(formatMoney('12345', 'ko_KR')).toBe('1.23만');
    expect(formatMoney('123456789', 'ko_KR')).toBe('1.23억');
  });

  it('Japanese and Hindi, which the spec does not name, use K, M, G, T, P, E', () => {
    expect(formatMoney('1234', 'ja')).toBe('1.23K');
    expect(formatMoney('1234567', 'hi_IN')).toBe('1.23M');
    expect(formatMoney('1234567890', 'ja')).toBe('1.23G');
    expect(formatMoney('999.999', 'hi_IN')).toBe('999.99');
  });

  it('keeps the sign, shows zero with two decimals, and every language has a rule', () => {
    expect(formatMoney('-1234567', 'en_US')).toBe('-1.23M');
    expect(formatMoney('-12345', 'zh_CN')).toBe('-1.23万');
    expect(formatMoney('-0.001', 'en_US')).toBe('0.00');
    for (const lang of LANGS) {
      // Vietnamese writes the decimals after a comma.
      const point = lang === 'vi_VN' ? ',' : '.';
      expect(formatMoney(0, lang)).toBe(`0${point}00`);
      expect(formatMoney('0.126', lang)).toBe(`0${point}12`);
      expect(formatMoney(undefined, lang)).toBe('--');
      expect(formatMoney(Number.NaN, lang)).toBe('--');
      expect(formatMoney('', lang)).toBe('--');
    }
  });

  it('has no float error on money', () => {
    expect(formatMoney(0.1 + 0.2, 'en_US')).toBe('0.30');
    expect(formatMoney('1000000.0000000000000001', 'en_US')).toBe('1.00M');
    expect(formatMoney('99999999.99999999', 'zh_CN')).toBe('9,999.99万');
  });
});

describe('abbreviations K, M, G, T, P, E (spec shell §9, trading §9)', () => {
  it('steps by 1e3 and stays at E beyond it', () => {
    expect(abbreviate('999.999')).toBe('999.99');
    expect(abbreviate('1000')).toBe('1.00K');
    expect(abbreviate('1e6')).toBe('1.00M');
    expect(abbreviate('2.5e9')).toBe('2.50G');
    expect(abbreviate('3e12')).toBe('3.00T');
    expect(abbreviate('4e15')).toBe('4.00P');
    expect(abbreviate('5e18')).toBe('5.00E');
    expect(abbreviate('1234e18')).toBe('1234.00E');
    expect(abbreviate('-1500')).toBe('-1.50K');
  });
});
