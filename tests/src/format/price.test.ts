import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatChangePercent,
  formatNumberText,
  formatPrice,
  formatPriceText,
  formatTradedAmount,
  formatTurnover,
  tradedAmountDecimals,
} from '../../../src/format/price.ts';

describe('price (spec shell §9: priceScale decimals, default 2, truncated downward)', () => {
  it('shows priceScale decimals, truncated downward', () => {
    expect(formatPrice('95000.129', 2)).toBe('95000.12');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
    expect(formatPrice('1.99999999', 0)).toBe('1');
    expect(formatPrice('abc', 2)).toBe('--');
  });

  it('defaults to 2 decimals when priceScale is missing or broken', () => {
    expect(formatPrice('3.14159')).toBe('3.14');
    expect(formatPrice('3.14159', null)).toBe('3.14');
    expect(formatPrice('3.14159', -1)).toBe('3.14');
    expect(formatPrice('3.14159', 1.5)).toBe('3.14');
  });

  it("shows '--' for NaN, undefined and empty", () => {
    for (const missing of [Number.NaN, undefined, null, '', ' ']) expect(formatPrice(missing, 2)).toBe('--');
  });

  it('handles zero, negatives, huge and tiny values without float error', () => {
    expect(formatPrice('0', 2)).toBe('0.00');
    expect(formatPrice(0, 8)).toBe('0.00000000');
    expect(formatPrice('-1.239', 2)).toBe('-1.23');
    expect(formatPrice('-0.001', 2)).toBe('0.00');
    expect(formatPrice('123456789012345678901234.5678', 2)).toBe('123456789012345678901234.56');
    expect(formatPrice('0.000000001234', 12)).toBe('0.000000001234');
    expect(formatPrice(1e-9, 4)).toBe('0.0000');
    expect(formatPrice(0.7 + 0.1, 2)).toBe('0.80');
    expect(formatPrice(1.005, 2)).toBe('1.00');
    expect(formatPrice('0.12345678901234567890', 18)).toBe('0.123456789012345678');
  });

  it('never shows more or fewer decimals than priceScale, and never rounds up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(20), fc.nat(12), (units, scale, ps) => {
        const text = scaleText(units, scale);
        const shown = formatPrice(text, ps);
        expect(shown.split('.')[1]?.length ?? 0).toBe(ps);
        // |shown| ≤ |value| < |shown| + 10^-ps
        const shownUnits = BigInt(shown.replace('.', ''));
        const abs = (n: bigint) => (n < 0n ? -n : n);
        const value = abs(units) * 10n ** BigInt(ps);
        const bound = abs(shownUnits) * 10n ** BigInt(scale);
        expect(bound <= value && value < bound + 10n ** BigInt(scale)).toBe(true);
      }),
    );
  });
});

describe('traded amount (spec shell §9: price × volume, 5 decimals when quote is BTC else 2)', () => {
  it('uses 5 decimals for a BTC quote and 2 otherwise', () => {
    expect(tradedAmountDecimals('BTC')).toBe(5);
    expect(tradedAmountDecimals('btc')).toBe(5);
    expect(tradedAmountDecimals('USDT')).toBe(2);
    expect(tradedAmountDecimals('USDC')).toBe(2);
    expect(tradedAmountDecimals(undefined)).toBe(2);
  });

  it('multiplies exactly and truncates', () => {
    expect(formatTradedAmount('0.1', '0.2', 'USDT')).toBe('0.02');
    expect(formatTradedAmount('0.0123456', '3', 'BTC')).toBe('0.03703');
    expect(formatTradedAmount('95000.12', '1.2345', 'USDT')).toBe('117,277.64'); // 117277.648140;
    expect(formatTradedAmount(0.1, 3, 'USDT')).toBe('0.30');
    expect(formatTradedAmount('0', '12', 'BTC')).toBe('0.00000');
    expect(formatTradedAmount('abc', '1', 'USDT')).toBe('--');
    expect(formatTradedAmount('1', undefined, 'USDT')).toBe('--');
  });
});

describe('turnover (issue 19 item 10: the traded amount of a record, 5 decimals for a BTC quote)', () => {
  it('truncates to the quote decimals and groups in the language', () => {
    expect(formatTurnover('0.0370368', 'BTC')).toBe('0.03703');
    expect(formatTurnover('12345.678', 'USDT')).toBe('12,345.67');
    expect(formatTurnover('12345.678', 'USDT', 'vi_VN')).toBe('12.345,67');
    expect(formatTradedAmount('0.05123', '21.5', 'BTC', 'en_US')).toBe('1.10144');
    expect(formatTurnover(null, 'BTC')).toBe('--');
  });
});

describe('price as text (issue 19 items 7 and 9: collapsed zeros, grouping)', () => {
  it('collapses five or more leading zeros after the point (spec shell §9)', () => {
    expect(formatPriceText('0.00000999', 8, 'en_US')).toBe('0.0₅999');
    expect(formatPriceText('0.000000123', 9, 'en_US')).toBe('0.0₆123');
    expect(formatPriceText('0.00001234', 8, 'en_US')).toBe('0.00001234');
    expect(formatPriceText('0.00000999', 2, 'en_US')).toBe('0.00');
    expect(formatPriceText('0.00000999', 8, 'vi_VN')).toBe('0,0₅999');
  });

  it('groups other prices and keeps the priceScale decimals', () => {
    expect(formatPriceText('95000.129', 2, 'en_US')).toBe('95,000.12');
    expect(formatPriceText('95000.129', 2, 'vi_VN')).toBe('95.000,12');
    expect(formatPriceText(undefined, 2, 'en_US')).toBe('--');
  });

  it('shows an already scaled value with all its digits (order history)', () => {
    expect(formatNumberText('0.0000012300', 'en_US')).toBe('0.0₅12300');
    expect(formatNumberText('1234567.123456789', 'en_US')).toBe('1,234,567.123456789');
    expect(formatNumberText('-0.000001', 'en_US')).toBe('-0.0₅1');
    expect(formatNumberText('0', 'en_US')).toBe('0');
    expect(formatNumberText('x', 'en_US')).toBe('--');
  });
});

describe('price.ts keeps its old exports', () => {
  it('re-exports formatChangePercent', () => {
    expect(formatChangePercent(0.01234)).toBe('+1.23%');
  });
});

function scaleText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale ? `.${fraction}` : ''}`;
}
