import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS } from '../../../common/protocol.ts';
import { BTC, DAY, makeData, T0 } from './helpers.ts';

const LOTS = 10 ** BTC.amountScale;

/** Trades as steps: time after the previous one (up to 3 days, so every interval gets gaps), price and volume. */
const tradeSteps = fc.array(
  fc.record({
    gap: fc.oneof(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 3 * DAY })),
    price: fc.integer({ min: 1, max: 10_000_000 }),
    volume: fc.integer({ min: 1, max: 5_000_000 }),
    side: fc.constantFrom(1 as const, 2 as const),
  }),
  { minLength: 1, maxLength: 150 },
);

describe('MarketData candles (property)', () => {
  it('add up to the traded volume, keep low ≤ open, close ≤ high and never overlap', () => {
    fc.assert(
      fc.property(tradeSteps, (steps) => {
        const t = makeData();
        let time = T0;
        let total = 0;
        let high = 0;
        for (const s of steps) {
          time += s.gap;
          t.set(time);
          t.data.record('BTC/USDT', { price: s.price, volume: s.volume, side: s.side, time });
          total += s.volume;
          high = Math.max(high, s.price);
        }
        for (const interval of CANDLE_INTERVALS) {
          const candles = t.data.history('BTC/USDT', interval, { limit: 1000 });
          let lots = 0;
          let previous = Number.NEGATIVE_INFINITY;
          for (const [openTime, open, hi, lo, close, volume] of candles as [number, ...number[]][]) {
            expect(openTime).toBeGreaterThan(previous);
            previous = openTime;
            expect(lo).toBeLessThanOrEqual(Math.min(open as number, close as number));
            expect(hi).toBeGreaterThanOrEqual(Math.max(open as number, close as number));
            lots += Math.round((volume as number) * LOTS);
          }
          expect(lots).toBe(total);
          expect(Math.max(...candles.map((c) => c[2] as number))).toBe(high / 100);
        }
        const ticker = t.data.ticker('BTC/USDT');
        expect(ticker[4]).toBeLessThanOrEqual(Math.min(ticker[0], ticker[2]));
        expect(ticker[3]).toBeGreaterThanOrEqual(Math.max(ticker[0], ticker[2]));
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });
});
