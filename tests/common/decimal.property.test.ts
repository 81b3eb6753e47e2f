import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  div,
  exact,
  formatDecimal,
  fromUnits,
  isDecimal,
  mul,
  normalize,
  round,
  sub,
  toFixed,
  toUnits,
  truncate,
} from '../../common/decimal.ts';

// What decimal.js could get wrong beyond the cases of decimal.test.ts: bad input, plain notation.
describe('exact decimals on decimal.js', () => {
  it('rejects what is not a decimal', () => {
    for (const bad of ['', '1e5', '0x10', '1.2.3', 'NaN', '.5', 'Infinity', '+1', '1.']) {
      expect(() => exact(bad)).toThrow(RangeError);
      expect(isDecimal(bad)).toBe(false);
    }
    expect(normalize(' 1.50 ')).toBe('1.5');
  });

  it('writes plain notation, never exponents', () => {
    expect(mul('0.0000001', '0.0000001')).toBe('0.00000000000001');
    expect(mul('1000000000000', '1000000000000')).toBe('1000000000000000000000000');
    expect(div('1', '7', 30)).toBe('0.142857142857142857142857142857');
  });
});

// ─── Property tests against a reference model ────────────────────────────────────────────────────────────────────
// A scaled-BigInt model of what common/decimal.ts computed before decimal.js (the old functions), kept here so the
// comparison outlives them: every result must match it to the last digit, signs of zero and trailing zeros included.

interface Scaled {
  units: bigint;
  scale: number;
}
const parse = (text: string): Scaled => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const units = BigInt(whole + fraction);
  return { units: text.startsWith('-') ? -units : units, scale: fraction.length };
};
const at = (v: Scaled, scale: number) => v.units * 10n ** BigInt(scale - v.scale);
const write = ({ units, scale }: Scaled): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = `${whole}${fraction ? `.${fraction}` : ''}`;
  return units < 0n && /[1-9]/.test(text) ? `-${text}` : text;
};
const pad = ({ units, scale }: Scaled): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return units < 0n ? `-${text}` : text;
};
const model = {
  mul: (a: string, b: string) => {
    const x = parse(a);
    const y = parse(b);
    return write({ units: x.units * y.units, scale: x.scale + y.scale });
  },
  add: (a: string, b: string, sign = 1n) => {
    const x = parse(a);
    const y = parse(b);
    const scale = Math.max(x.scale, y.scale);
    return write({ units: at(x, scale) + sign * at(y, scale), scale });
  },
  div: (a: string, b: string, scale: number) => {
    const x = parse(a);
    const y = parse(b);
    return write({ units: (x.units * 10n ** BigInt(scale + y.scale)) / (y.units * 10n ** BigInt(x.scale)), scale });
  },
  truncate: (a: string, scale: number) => {
    const x = parse(a);
    return x.scale <= scale ? write(x) : write({ units: x.units / 10n ** BigInt(x.scale - scale), scale });
  },
  round: (a: string, scale: number) => {
    const x = parse(a);
    if (x.scale <= scale) return write(x);
    const d = 10n ** BigInt(x.scale - scale);
    const m = ((x.units < 0n ? -x.units : x.units) + d / 2n) / d;
    return write({ units: x.units < 0n ? -m : m, scale });
  },
  toFixed: (a: string, scale: number) => pad({ units: at(parse(model.truncate(a, scale)), scale), scale }),
  units: (a: string, decimals: number) => at(parse(a), decimals),
  compare: (a: string, b: string) => {
    const x = parse(a);
    const y = parse(b);
    const scale = Math.max(x.scale, y.scale);
    const d = at(x, scale) - at(y, scale);
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  },
};

/** Decimal strings as the server writes them: up to 30 whole digits and 20 decimals, trailing zeros and '-0' too. */
const decimal = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^(0|[1-9]\d{0,29})$/),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );
const nonZero = decimal.filter((d) => /[1-9]/.test(d));
const scale = fc.integer({ min: 0, max: 24 });

describe('decimal.js against the old exact functions', () => {
  it('mul, add, sub and compare agree to the last digit', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(mul(a, b)).toBe(model.mul(a, b));
        expect(add(a, b)).toBe(model.add(a, b));
        expect(sub(a, b)).toBe(model.add(a, b, -1n));
        expect(compare(a, b)).toBe(model.compare(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('div truncates toward zero at the scale, as the old quotient did', () => {
    fc.assert(
      fc.property(decimal, nonZero, scale, (a, b, s) => {
        expect(div(a, b, s)).toBe(model.div(a, b, s));
      }),
      { numRuns: 500 },
    );
  });

  it('truncate, round half away from zero and toFixed agree, signs of zero included', () => {
    fc.assert(
      fc.property(decimal, scale, (a, s) => {
        expect(truncate(a, s)).toBe(model.truncate(a, s));
        expect(round(a, s)).toBe(model.round(a, s));
        expect(toFixed(a, s)).toBe(model.toFixed(a, s));
      }),
      { numRuns: 1000 },
    );
  });

  it('ledger units go there and back, the written scale checked as before', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 20, max: 30 }), (a, d) => {
        const units = toUnits(a, d);
        expect(units).toBe(model.units(a, d));
        expect(fromUnits(units, d)).toBe(model.add(a, '0'));
        expect(formatDecimal({ units, scale: d })).toBe(model.add(a, '0'));
      }),
      { numRuns: 500 },
    );
    expect(() => toUnits('1.50', 1)).toThrow(RangeError);
    expect(toUnits('-0', 2)).toBe(0n);
  });

  it('half-way and all-nines cases round and truncate as before', () => {
    for (const [a, s] of [
      ['0.5', 0],
      ['-0.5', 0],
      ['2.5', 0],
      ['0.9999999999999999999', 2],
      ['-0.9999999999999999999', 2],
      ['0.0049', 2],
      ['-0.0050', 2],
    ] as const) {
      expect(round(a, s)).toBe(model.round(a, s));
      expect(truncate(a, s)).toBe(model.truncate(a, s));
      expect(toFixed(a, s)).toBe(model.toFixed(a, s));
    }
  });
});
