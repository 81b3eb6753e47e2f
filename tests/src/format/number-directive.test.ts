import { describe, expect, it } from 'vitest';
import {
  groupThousands,
  isNumberDirectiveKey,
  NUMBER_DIRECTIVE_DECIMALS,
  sanitizeNumberDirective,
  stripThousands,
} from '../../../src/format/number-directive.ts';

describe('number directive (spec trading §5)', () => {
  it('keeps digits and at most one decimal point', () => {
    expect(sanitizeNumberDirective('12a.3.4')).toBe('12.34');
    expect(sanitizeNumberDirective('.5')).toBe('0.5');
    expect(sanitizeNumberDirective('')).toBe('');
  });

  it('strips commas', () => {
    expect(sanitizeNumberDirective('1,234,567.89')).toBe('1234567.89');
    expect(stripThousands('1,234.5')).toBe('1234.5');
  });

  it('allows a leading minus only with the negative modifier', () => {
    expect(sanitizeNumberDirective('-12.5')).toBe('12.5');
    expect(sanitizeNumberDirective('-12.5', { negative: true })).toBe('-12.5');
    expect(sanitizeNumberDirective('-', { negative: true })).toBe('-');
    expect(sanitizeNumberDirective('1-2', { negative: true })).toBe('12');
    expect(sanitizeNumberDirective('--3', { negative: true })).toBe('-3');
  });

  it('limits decimals to the configured count, default 10', () => {
    expect(NUMBER_DIRECTIVE_DECIMALS).toBe(10);
    expect(sanitizeNumberDirective('0.123456789012345')).toBe('0.1234567890');
    expect(sanitizeNumberDirective('0.123456', { decimals: 3 })).toBe('0.123');
    expect(sanitizeNumberDirective('7.5', { decimals: 0 })).toBe('7');
  });

  it('caps at max (the numeric input rule), never a negative value', () => {
    expect(sanitizeNumberDirective('1500.5', { max: 1000, decimals: 2 })).toBe('1000');
    expect(sanitizeNumberDirective('999.9', { max: 1000 })).toBe('999.9');
    expect(sanitizeNumberDirective('-1500', { max: 1000, negative: true })).toBe('-1500');
  });

  it('shows thousands separators only when asked', () => {
    expect(sanitizeNumberDirective('1234567.891', { thousands: true })).toBe('1,234,567.891');
    expect(sanitizeNumberDirective('-1234', { thousands: true, negative: true })).toBe('-1,234');
    expect(sanitizeNumberDirective('1,234', { thousands: true })).toBe('1,234');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234.')).toBe('1,234.');
    expect(groupThousands('1000000')).toBe('1,000,000');
  });
});

describe('number directive keys (spec trading §5)', () => {
  it('allows Ctrl or Cmd with a, c, v, x and no other shortcut', () => {
    for (const key of ['a', 'c', 'v', 'x', 'A', 'V']) {
      expect(isNumberDirectiveKey({ key, ctrlKey: true })).toBe(true);
      expect(isNumberDirectiveKey({ key, metaKey: true })).toBe(true);
    }
    expect(isNumberDirectiveKey({ key: 'b', ctrlKey: true })).toBe(false);
    expect(isNumberDirectiveKey({ key: 'a' })).toBe(false);
  });

  it('allows digits, editing keys and function keys', () => {
    for (const key of ['0', '9', 'Backspace', 'Delete', 'Tab', 'Enter', 'ArrowLeft', 'Home', 'End', 'F5'])
      expect(isNumberDirectiveKey({ key })).toBe(true);
    for (const key of ['e', '+', ',', ' ', 'Dead']) expect(isNumberDirectiveKey({ key })).toBe(false);
    // Android keyboards and IMEs: the change handler cleans their text.
    for (const key of ['Unidentified', 'Process']) expect(isNumberDirectiveKey({ key })).toBe(true);
  });

  it('allows one dot when decimals are allowed, and a minus only with the modifier', () => {
    expect(isNumberDirectiveKey({ key: '.' }, {}, '12')).toBe(true);
    expect(isNumberDirectiveKey({ key: '.' }, {}, '1.2')).toBe(false);
    expect(isNumberDirectiveKey({ key: '.' }, { decimals: 0 })).toBe(false);
    expect(isNumberDirectiveKey({ key: '-' })).toBe(false);
    expect(isNumberDirectiveKey({ key: '-' }, { negative: true }, '12')).toBe(true);
    expect(isNumberDirectiveKey({ key: '-' }, { negative: true }, '-12')).toBe(false);
  });
});
