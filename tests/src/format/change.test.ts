import { describe, expect, it } from 'vitest';
import { formatChangePercent, formatChangeRate, formatPercent, trendDirection } from '../../../src/format/change.ts';

describe('change percent (spec shell §9: 2 decimals, plus sign when non-negative)', () => {
  it('shows a change fraction as a signed percent', () => {
    expect(formatChangePercent(0.01234)).toBe('+1.23%');
    expect(formatChangePercent(0)).toBe('+0.00%');
    expect(formatChangePercent(-0.0567)).toBe('-5.67%');
    expect(formatChangePercent('0.5')).toBe('+50.00%');
    expect(formatChangePercent(12.3456)).toBe('+1234.56%');
  });

  it('rounds half away from zero on the exact value, without float error', () => {
    // 0.01235 * 100 is 1.2349999999999999 in floats; the exact value rounds up.
    expect(formatChangePercent(0.01235)).toBe('+1.24%');
    expect(formatChangePercent(-0.01235)).toBe('-1.24%');
    expect(formatChangePercent('0.012349999')).toBe('+1.23%');
    expect(formatChangePercent(0.1 + 0.2)).toBe('+30.00%');
  });

  it("never shows '-0.00%': the sign follows the shown value", () => {
    expect(formatChangePercent(-0.00001)).toBe('+0.00%');
    expect(formatChangePercent(-0)).toBe('+0.00%');
    expect(formatChangePercent(-0.00005)).toBe('-0.01%');
  });

  it("shows '--' for NaN, undefined and empty", () => {
    for (const missing of [Number.NaN, undefined, null, '', 'abc']) expect(formatChangePercent(missing)).toBe('--');
  });

  it('formats a value already in percent (RiseAndFall)', () => {
    expect(formatPercent('3.456')).toBe('+3.46%');
    expect(formatPercent(-12)).toBe('-12.00%');
    expect(formatPercent(undefined)).toBe('--');
  });
});

describe('ticker change rate (spec trading §3: (price − ticker[2]) / ticker[2] × 100, 2 decimals)', () => {
  it('divides exactly and rounds at 2 decimals', () => {
    expect(formatChangeRate('101', '100')).toBe('+1.00%');
    expect(formatChangeRate('98.765', '100')).toBe('-1.24%');
    expect(formatChangeRate('1', '3')).toBe('-66.67%');
    expect(formatChangeRate('2', '3')).toBe('-33.33%');
    expect(formatChangeRate('100.005', '100')).toBe('+0.01%');
    expect(formatChangeRate('100', '100')).toBe('+0.00%');
    expect(formatChangeRate(0.3, 0.1)).toBe('+200.00%');
  });

  it("shows '--' when the reference price is missing or zero", () => {
    expect(formatChangeRate('1', '0')).toBe('--');
    expect(formatChangeRate('1', '0.000')).toBe('--');
    expect(formatChangeRate('1', undefined)).toBe('--');
    expect(formatChangeRate(Number.NaN, '1')).toBe('--');
  });
});

describe('trend chart colour (spec shell §9: green when chg above 0, else red)', () => {
  it('is up only above zero', () => {
    expect(trendDirection(0.01)).toBe('up');
    expect(trendDirection('0.0000001')).toBe('up');
    expect(trendDirection(0)).toBe('down');
    expect(trendDirection('0.000')).toBe('down');
    expect(trendDirection(-0.2)).toBe('down');
    expect(trendDirection(undefined)).toBe('down');
  });
});
