import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridOf, notional } from '../../../common/margin/grid.ts';
import {
  applyFill,
  entryTicks,
  initialMargin,
  type Position,
  removableMargin,
  roe,
  type Sign,
  unrealizedPnl,
} from '../../../common/margin/position.ts';

const grid = gridOf({ priceScale: 2, contractSize: '0.001', settleDecimals: 6 });
const USDT = 1_000_000n;

describe('position arithmetic (research §1.4)', () => {
  it('averages the entry by cost and keeps it on a reduce', () => {
    let p = applyFill(grid, null, 1, 1000, 2_000_000).position;
    p = applyFill(grid, p, 1, 1000, 2_200_000).position;
    expect(p && entryTicks(grid, p)).toBe(2_100_000n);
    const reduced = applyFill(grid, p, -1, 500, 2_300_000);
    expect(reduced.closed).toBe(500);
    // 0.5 BTC closed 2 000 above the 21 000 entry.
    expect(reduced.realized).toBe(1000n * USDT);
    expect(reduced.position && entryTicks(grid, reduced.position)).toBe(2_100_000n);
  });

  it('flips: closes all, opens the rest the other way at the fill price', () => {
    const p = applyFill(grid, null, 1, 1000, 2_000_000).position;
    const flip = applyFill(grid, p, -1, 1500, 1_900_000);
    expect(flip.closed).toBe(1000);
    expect(flip.realized).toBe(-1000n * USDT);
    expect(flip.position).toEqual({ sign: -1, contracts: 500, cost: notional(grid, 500, 1_900_000) });
  });

  it('uPnL, initial margin and ROE: long 1 BTC at 20 000, 20×, mark 21 000 → +1 000, ROE 100 %', () => {
    const p: Position = { sign: 1, contracts: 1000, cost: notional(grid, 1000, 2_000_000) };
    expect(unrealizedPnl(grid, p, 2_100_000)).toBe(1000n * USDT);
    expect(initialMargin(p.cost, 20)).toBe(1000n * USDT);
    expect(roe(grid, p, 2_100_000, 20)).toBe(100_000_000n);
    expect(() => initialMargin(p.cost, 0)).toThrow(RangeError);
  });

  it('realises exactly the cash of the fills once flat, whatever the path', () => {
    const fill = fc.record({
      sign: fc.constantFrom(1 as Sign, -1 as Sign),
      contracts: fc.integer({ min: 1, max: 10_000 }),
      ticks: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 30 }), (fills) => {
        let held: Position | null = null;
        let realized = 0n;
        let cash = 0n;
        for (const f of fills) {
          const r = applyFill(grid, held, f.sign, f.contracts, f.ticks);
          held = r.position;
          realized += r.realized;
          cash -= BigInt(f.sign) * notional(grid, f.contracts, f.ticks);
        }
        // Close what is left at the last price: then realised PnL equals the net cash of every fill.
        const last = fills[fills.length - 1]?.ticks ?? 1;
        if (held) {
          const sign = -held.sign as Sign;
          const r = applyFill(grid, held, sign, held.contracts, last);
          realized += r.realized;
          cash -= BigInt(sign) * notional(grid, held.contracts, last);
          expect(r.position).toBeNull();
        }
        expect(realized).toBe(cash);
      }),
      { numRuns: 300 },
    );
  });

  it('lets isolated margin out down to the initial margin at the mark, less the unrealised PnL (never below 0)', () => {
    // 1 BTC long from 20 000 at 10× with 2 100 USDT of margin.
    const p: Position = { sign: 1, contracts: 1000, cost: notional(grid, 1000, 2_000_000) };
    // At 21 000: the initial margin at the mark 2 100, less 1 000 of profit, leaves 1 000 removable.
    expect(removableMargin(grid, p, 10, 2100n * USDT, 2_100_000)).toBe(1000n * USDT);
    // At 19 000: 1 900 plus 1 000 of loss is more than it has.
    expect(removableMargin(grid, p, 10, 2100n * USDT, 1_900_000)).toBe(0n);
    // The need is rounded up: 20 000 ÷ 7 = 2 857.142857… needs 2 857.142858 of 3 000.
    expect(removableMargin(grid, p, 7, 3000n * USDT, 2_000_000)).toBe(142_857_142n);
  });
});
