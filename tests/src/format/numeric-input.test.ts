import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumericOnBlur, sanitizeNumericInput } from '../../../src/format/numeric-input.ts';

describe('numeric input (spec trading §5, shell §5)', () => {
  it('strips everything except digits and one dot', () => {
    expect(sanitizeNumericInput('12a3.4b5')).toBe('123.45');
    expect(sanitizeNumericInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumericInput('-5')).toBe('5');
    expect(sanitizeNumericInput('1,234.5')).toBe('1234.5');
    expect(sanitizeNumericInput(' 1 2 ')).toBe('12');
    expect(sanitizeNumericInput('1e5')).toBe('15');
    expect(sanitizeNumericInput('１２')).toBe('');
    expect(sanitizeNumericInput('abc')).toBe('');
    expect(sanitizeNumericInput('')).toBe('');
  });

  it('keeps what is still being typed', () => {
    expect(sanitizeNumericInput('12.')).toBe('12.');
    expect(sanitizeNumericInput('0.')).toBe('0.');
    expect(sanitizeNumericInput('0.0')).toBe('0.0');
    expect(sanitizeNumericInput('.')).toBe('0.');
    expect(sanitizeNumericInput('.5')).toBe('0.5');
  });

  it('drops leading zeros', () => {
    expect(sanitizeNumericInput('007')).toBe('7');
    expect(sanitizeNumericInput('00')).toBe('0');
    expect(sanitizeNumericInput('00.50')).toBe('0.50');
    expect(sanitizeNumericInput('0100')).toBe('100');
  });

  it('truncates to the given decimals', () => {
    expect(sanitizeNumericInput('1.23456', { decimals: 2 })).toBe('1.23');
    expect(sanitizeNumericInput('1.99999', { decimals: 4 })).toBe('1.9999');
    expect(sanitizeNumericInput('1.5', { decimals: 0 })).toBe('1');
    expect(sanitizeNumericInput('1.', { decimals: 0 })).toBe('1');
    expect(sanitizeNumericInput('1.', { decimals: 2 })).toBe('1.');
    expect(sanitizeNumericInput('0.000000000000000000123', {})).toBe('0.000000000000000000123');
  });

  it('caps the value at max', () => {
    expect(sanitizeNumericInput('150', { max: 100 })).toBe('100');
    expect(sanitizeNumericInput('100', { max: 100 })).toBe('100');
    expect(sanitizeNumericInput('100.', { max: 100 })).toBe('100.');
    expect(sanitizeNumericInput('100.01', { max: '100' })).toBe('100');
    expect(sanitizeNumericInput('99.999', { max: '100', decimals: 2 })).toBe('99.99');
    expect(sanitizeNumericInput('5', { max: '1.23456', decimals: 2 })).toBe('1.23');
    expect(sanitizeNumericInput('5', { max: '2.50' })).toBe('2.5');
    expect(sanitizeNumericInput('0.30000000000000004', { max: 0.1 + 0.2 })).toBe('0.3');
    expect(sanitizeNumericInput('123456789012345678901234567890', { max: '1e21' })).toBe('1000000000000000000000');
    expect(sanitizeNumericInput('5', { max: undefined })).toBe('5');
    expect(sanitizeNumericInput('', { max: 1 })).toBe('');
  });

  it('always yields an unsigned decimal being typed, and is stable when run again', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.option(fc.nat(1_000_000), { nil: undefined }),
        (raw, decimals, max) => {
          const once = sanitizeNumericInput(raw, { decimals, max });
          expect(once).toMatch(/^(\d+(\.\d*)?)?$/);
          expect(sanitizeNumericInput(once, { decimals, max })).toBe(once);
          if (decimals !== undefined) expect(once.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(decimals);
          if (max !== undefined && once !== '') expect(Number(once)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe('numeric input on blur (spec trading §5: formats to the price scale, truncated downward)', () => {
  it('pads and truncates to the price scale', () => {
    expect(formatNumericOnBlur('12.', 2)).toBe('12.00');
    expect(formatNumericOnBlur('12', 4)).toBe('12.0000');
    expect(formatNumericOnBlur('1.239', 2)).toBe('1.23');
    expect(formatNumericOnBlur('0.', 0)).toBe('0');
  });

  it('only tidies without a price scale, and leaves an empty field empty', () => {
    expect(formatNumericOnBlur('12.', undefined)).toBe('12');
    expect(formatNumericOnBlur('1.50')).toBe('1.5');
    expect(formatNumericOnBlur('', 2)).toBe('');
    expect(formatNumericOnBlur('.', 2)).toBe('');
  });
});
