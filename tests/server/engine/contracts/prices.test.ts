import { describe, expect, it } from 'vitest';
import { ContractPrices } from '../../../../server/engine/contracts/prices.ts';
import { seededContract } from './fixtures.ts';

const btc = seededContract('BTC');
const HOUR = 3_600_000;
// A book around 95 000.0 (ticks of 0.1), deep enough for the impact notional (200 × 125 = 25 000 USDT).
const book = (mid: number) => ({
  bids: { prices: [mid - 5, mid - 10], sizes: [100_000, 100_000] },
  asks: { prices: [mid + 5, mid + 10], sizes: [100_000, 100_000] },
});

describe('index, mark and funding of a perpetual', () => {
  it('drops an index source more than 5 % from the median', () => {
    const prices = new ContractPrices(btc, 0, 8 * HOUR);
    const state = prices.update(1, { sources: [950_000, 950_100, 1_200_000], ...book(950_000), last: null });
    expect(state.index).toBe(950_050);
  });

  it('a book above the index makes longs pay: positive premium, rate within the cap, paid at the exact instant', () => {
    const prices = new ContractPrices(btc, 0, HOUR);
    let state = prices.update(0, { sources: [950_000], ...book(951_000), last: 951_000 });
    expect(state.nextFundingTime).toBe(HOUR);
    for (let t = 5_000; t < HOUR; t += 5_000) {
      state = prices.update(t, { sources: [950_000], ...book(951_000), last: 951_000 });
      expect(state.settle).toBeNull();
    }
    expect(state.predictedRate).toBeGreaterThan(0n);
    // The mark leans toward the book: above the index, at most the last price.
    expect(state.mark).toBeGreaterThan(950_000);
    expect(state.mark).toBeLessThanOrEqual(951_000);
    const at = prices.update(HOUR, { sources: [950_000], ...book(951_000), last: 951_000 });
    expect(at.settle).toMatchObject({ time: HOUR, rate: state.predictedRate });
    expect(at.nextFundingTime).toBe(2 * HOUR);
    // Capped per contract: 6 × (1/125 − 0.4 %) = 2.4 % per 8 h, so never more than that in an hour.
    expect(at.settle?.rate ?? 0n).toBeLessThanOrEqual(2_400_000n);
  });

  it('without premium the rate is the interest: 0.01 % per 8 hours', () => {
    const prices = new ContractPrices(btc, 0);
    const state = prices.update(0, { sources: [950_000], ...book(950_000), last: 950_000 });
    expect(state.predictedRate).toBe(10_000n);
  });
});
