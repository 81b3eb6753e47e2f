import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averagePremium,
  fundingCap,
  fundingRate,
  impactNotional,
  impactPrice,
  premium,
  settleFunding,
} from '../../../common/margin/funding.ts';
import { gridOf, notional } from '../../../common/margin/grid.ts';

const EIGHT_HOURS = 8 * 3600_000;
const grid = gridOf({ priceScale: 1, contractSize: '0.001', settleDecimals: 6 });
const pct = (text: string) => BigInt(Math.round(Number(text) * 1e6));

describe('funding rate', () => {
  it('Hyperliquid’s example: a premium of 1 % gives 0.95 % per 8 h (interest 0.01 % clamped to ±0.05 %)', () => {
    expect(fundingRate(pct('1'), EIGHT_HOURS, pct('3'))).toBe(pct('0.95'));
  });

  it('no premium pays the interest, 0.01 % per 8 h, and a quarter of it per 2 h', () => {
    expect(fundingRate(0n, EIGHT_HOURS, pct('3'))).toBe(pct('0.01'));
    expect(fundingRate(0n, 2 * 3600_000, pct('3'))).toBe(pct('0.0025'));
  });

  it('is capped per contract', () => {
    expect(fundingRate(pct('-5'), EIGHT_HOURS, pct('0.375'))).toBe(-pct('0.375'));
  });

  it('dYdX’s cap: 600 % × (IMF 5 % − MMF 3 %) = 12 %', () => {
    expect(fundingCap(pct('5'), pct('3'))).toBe(pct('12'));
  });

  it('weights later samples more (1, 2, …, n)', () => {
    expect(averagePremium([0n, 300n])).toBe(200n);
    expect(averagePremium([])).toBe(0n);
  });

  it('premium from impact prices around the index', () => {
    expect(premium(1000, 1010, 1012)).toBe(pct('1'));
    expect(premium(1000, 990, 995)).toBe(-pct('0.5'));
    expect(premium(1000, 999, 1001)).toBe(0n);
  });

  it('impact price: the average fill of the impact notional, walking the book', () => {
    // 20× maximum → 4 000 USDT; levels of 1 000 contracts (1 BTC) at 100 and 101 USDT.
    expect(impactNotional(grid, 20)).toBe(4000n * 1_000_000n);
    const asks = { prices: [1000, 1010], sizes: [10_000, 10_000] };
    // 4 000 USDT at 100: 40 BTC are not there; 10 BTC at 100 (1 000 USDT) then 2 971 contracts at 101.
    expect(impactPrice(grid, asks, 100n * 1_000_000n)).toBe(1000);
    expect(impactPrice(grid, { prices: [1000], sizes: [5] }, 4000n * 1_000_000n)).toBeNull();
    const deeper = impactPrice(grid, asks, 2000n * 1_000_000n);
    expect(deeper).toBeGreaterThan(1000);
    expect(deeper).toBeLessThan(1010);
  });
});

describe('funding settlement', () => {
  const position = fc.record({
    sign: fc.constantFrom(1 as const, -1 as const),
    contracts: fc.integer({ min: 1, max: 5_000_000 }),
  });
  it('is zero-sum: Σ payments + house remainder = 0, the remainder ≥ 0 and below one unit a position', () => {
    fc.assert(
      fc.property(
        fc.array(position, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: -3_000_000, max: 3_000_000 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (positions, rate, mark) => {
          const held = positions.map((p, id) => ({ id, ...p }));
          const { payments, house } = settleFunding(grid, BigInt(rate), mark, held);
          let sum = house;
          for (const amount of payments.values()) sum += amount;
          expect(sum).toBe(0n);
          // Every side paid at least and received at most its exact share.
          for (const p of held) {
            const exact = BigInt(-p.sign) * notional(grid, p.contracts, mark) * BigInt(rate);
            const paid = (payments.get(p.id) ?? 0n) * 100_000_000n;
            expect(paid <= exact).toBe(true);
            expect(exact - paid < 100_000_000n).toBe(true);
          }
          // Balanced open interest: the house keeps only rounding.
          const long = held.filter((p) => p.sign === 1).reduce((s, p) => s + p.contracts, 0);
          const short = held.filter((p) => p.sign === -1).reduce((s, p) => s + p.contracts, 0);
          if (long === short) {
            expect(house >= 0n).toBe(true);
            expect(house < BigInt(held.length)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('longs pay when the rate is positive, shorts when it is negative', () => {
    const held = [
      { id: 1, sign: 1 as const, contracts: 1000 },
      { id: 2, sign: -1 as const, contracts: 1000 },
    ];
    const up = settleFunding(grid, pct('0.01'), 950_000, held);
    expect(up.payments.get(1)).toBe(-9_500_000n);
    expect(up.payments.get(2)).toBe(9_500_000n);
    const down = settleFunding(grid, -pct('0.01'), 950_000, held);
    expect(down.payments.get(1)).toBe(9_500_000n);
    expect(down.payments.get(2)).toBe(-9_500_000n);
  });
});
