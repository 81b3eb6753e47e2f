import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  div,
  fromUnits,
  mul,
  parseDecimal,
  positiveUnits,
  round,
  sub,
  toFixed,
  toUnits,
  truncate,
} from '../../common/decimal.ts';

describe('exact decimals', () => {
  it('multiplies without float error', () => {
    expect(mul('0.1', '0.2')).toBe('0.02');
    expect(mul('95000.12', '1')).toBe('95000.12');
    expect(mul('-1.5', '2')).toBe('-3');
  });

  it('subtracts and divides exactly, truncating the quotient', () => {
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(sub('1', '1.000')).toBe('0');
    expect(div('1', '3', 4)).toBe('0.3333');
    expect(div('3400', '95000', 8)).toBe('0.03578947');
    expect(() => div('1', '0', 2)).toThrow(RangeError);
  });

  it('truncates downward for price-scale display (spec shell §9)', () => {
    expect(truncate('1.23999', 2)).toBe('1.23');
    expect(toFixed('1.2', 4)).toBe('1.2000');
    expect(toFixed('-0.001', 2)).toBe('0.00');
    expect(toFixed('0.00000001', 8)).toBe('0.00000001');
    expect(toFixed('7', 0)).toBe('7');
  });

  it('converts to and from ledger units, refusing extra precision', () => {
    expect(toUnits('1.5', 8)).toBe(150_000_000n);
    expect(fromUnits(150_000_000n, 8)).toBe('1.5');
    expect(() => toUnits('0.123', 2)).toThrow(RangeError);
  });

  it('rejects what is not a decimal', () => {
    for (const bad of ['', '1e5', '0x10', '1.2.3', 'NaN', '.5']) expect(() => parseDecimal(bad)).toThrow(RangeError);
  });

  it('adds exactly', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('-1.5', '1.5')).toBe('0');
    expect(add('99999999999999999999.99', '0.01')).toBe('100000000000000000000');
  });

  it('compares by value, not by text', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-2', '1')).toBe(-1);
    expect(compare('10', '9.999')).toBe(1);
    expect(compare('0.00000001', '0')).toBe(1);
  });

  it('rounds half away from zero', () => {
    expect(round('1.235', 2)).toBe('1.24');
    expect(round('1.2349999', 2)).toBe('1.23');
    expect(round('-1.235', 2)).toBe('-1.24');
    expect(round('-0.004', 2)).toBe('0');
    expect(round('0.995', 2)).toBe('1');
    expect(round('7', 2)).toBe('7');
  });

  it('reads a positive amount as integer units, and nothing else', () => {
    expect(positiveUnits(' 1.25 ', 2)).toBe(125);
    expect(positiveUnits('3', 0)).toBe(3);
    for (const bad of [undefined, '', '0', '0.00', '-1', '+1', '.5', '1.', '1e3', '1.234', 'abc', '9007199254740992']) {
      expect(positiveUnits(bad, 2), String(bad)).toBeNull();
    }
  });
});
