import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADE_COLUMNS as TRADE_FIELDS } from '../../../workers/api.ts';
import { TRADES_CAP, TradeTape } from '../../../workers/trades/index.ts';

/** n trades oldest first, flat: trade i is [1000 + i, side, i / 10, 1_000_000 + i]. */
function trades(from: number, n: number): number[] {
  const out: number[] = [];
  for (let i = from; i < from + n; i++) out.push(1000 + i, i % 2 ? 2 : 1, i / 10, 1_000_000 + i);
  return out;
}

function read(tape: TradeTape): number[][] {
  const out = new Float64Array(TRADES_CAP * TRADE_FIELDS);
  const n = tape.extract(out);
  return Array.from({ length: n }, (_, k) => Array.from(out.subarray(k * TRADE_FIELDS, (k + 1) * TRADE_FIELDS)));
}

describe('TradeTape', () => {
  it('keeps the spec cap of 100 trades, newest first, from a longer snapshot', () => {
    const tape = new TradeTape();
    expect(tape.capacity).toBe(100);
    tape.apply({ kind: 'snapshot', trades: trades(0, 130) });
    const rows = read(tape);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toEqual([1129, 2, 12.9, 1_000_129]);
    expect(rows[99]).toEqual([1030, 1, 3, 1_000_030]);
  });

  it('appends updates in front and lets the oldest fall off across the ring edge', () => {
    const tape = new TradeTape();
    tape.apply({ kind: 'snapshot', trades: trades(0, 98) });
    tape.apply({ kind: 'update', trades: trades(98, 5) });
    const rows = read(tape);
    expect(rows).toHaveLength(100);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 100 }, (_, k) => 1102 - k));
  });

  it('replaces everything on a snapshot, including with an empty one', () => {
    const tape = new TradeTape();
    tape.apply({ kind: 'snapshot', trades: trades(0, 10) });
    tape.apply({ kind: 'snapshot', trades: trades(50, 2) });
    expect(read(tape).map((r) => r[0])).toEqual([1051, 1050]);
    tape.apply({ kind: 'snapshot', trades: [] });
    expect(tape.size).toBe(0);
    expect(read(tape)).toEqual([]);
  });

  it('bumps version on each change and not on an empty update', () => {
    const tape = new TradeTape();
    expect(tape.apply({ kind: 'update', trades: [] })).toBe(false);
    expect(tape.version).toBe(0);
    tape.apply({ kind: 'update', trades: trades(0, 1) });
    tape.apply({ kind: 'snapshot', trades: [] });
    expect(tape.version).toBe(2);
  });

  it('writes only as many trades as fit in a short buffer, newest first', () => {
    const tape = new TradeTape();
    tape.apply({ kind: 'snapshot', trades: trades(0, 10) });
    const out = new Float64Array(3 * TRADE_FIELDS + 2);
    expect(tape.extract(out)).toBe(3);
    expect(Array.from(out.subarray(0, 12))).toEqual([...trades(9, 1), ...trades(8, 1), ...trades(7, 1)]);
  });

  it('equals the newest-first last 100 of every trade applied, whatever the frame sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat({ max: 150 })), { maxLength: 30 }), (frames) => {
        const tape = new TradeTape();
        let all: number[][] = [];
        let next = 0;
        for (const [snapshot, n] of frames) {
          const flat = trades(next, n);
          next += n;
          tape.apply({ kind: snapshot ? 'snapshot' : 'update', trades: flat });
          const groups = Array.from({ length: n }, (_, k) => flat.slice(k * 4, k * 4 + 4));
          all = snapshot ? groups : [...all, ...groups];
        }
        expect(read(tape)).toEqual(all.slice(-100).reverse());
      }),
    );
  });
});
