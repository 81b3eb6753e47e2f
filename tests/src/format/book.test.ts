import { describe, expect, it } from 'vitest';
import { formatBookAmount, formatDepthValue } from '../../../src/format/book.ts';

describe('book amount (spec trading §9)', () => {
  it('under 10 uses the spot decimals, or 5', () => {
    expect(formatBookAmount('1.23456789')).toBe('1.23456');
    expect(formatBookAmount('1.23456789', 8)).toBe('1.23456789');
    expect(formatBookAmount('9.9999999', 2)).toBe('9.99');
    expect(formatBookAmount('0', 4)).toBe('0.0000');
    expect(formatBookAmount('3', 0)).toBe('3');
  });

  it('under 1000 uses 3, or the spot decimals when fewer', () => {
    expect(formatBookAmount('10')).toBe('10.000');
    expect(formatBookAmount('123.456789')).toBe('123.456');
    expect(formatBookAmount('123.456789', 8)).toBe('123.456');
    expect(formatBookAmount('123.456789', 2)).toBe('123.45');
    expect(formatBookAmount('999.9999', 0)).toBe('999');
  });

  it('from 1000 on abbreviates with 2 decimals', () => {
    expect(formatBookAmount('1000')).toBe('1.00K');
    expect(formatBookAmount('12345.6', 8)).toBe('12.34K');
    expect(formatBookAmount('98765432.1')).toBe('98.76M');
    expect(formatBookAmount('1.5e9')).toBe('1.50G');
  });

  it('handles negatives, floats, tiny values and missing values', () => {
    expect(formatBookAmount('-12.34567')).toBe('-12.345');
    expect(formatBookAmount(0.1 + 0.2)).toBe('0.30000');
    expect(formatBookAmount('0.0000000123', 10)).toBe('0.0000000123');
    expect(formatBookAmount(1e-12)).toBe('0.00000');
    for (const missing of [Number.NaN, undefined, null, '']) expect(formatBookAmount(missing)).toBe('--');
    expect(formatBookAmount('5.5', Number.NaN)).toBe('5.50000');
  });
});

describe('depth level value (spec trading §3: price × volume in USDT, 2 decimals)', () => {
  it('multiplies exactly and truncates', () => {
    expect(formatDepthValue('95000.5', '0.12345')).toBe('11727.81');
    expect(formatDepthValue(0.1, 0.2)).toBe('0.02');
    expect(formatDepthValue('1', undefined)).toBe('--');
  });
});
