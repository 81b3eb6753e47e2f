import { describe, expect, it } from 'vitest';
import { MarketFlow } from '../../../server/sim/flow.ts';
import { mulberry32, Rng } from '../../../server/sim/random.ts';

interface Seconds {
  takers: number[];
  quotes: number[];
}

/** Events per simulated second over `seconds`, in steps of `stepS`. */
function perSecond(flow: MarketFlow, seconds: number, stepS: number, seed: number): Seconds {
  const rng = new Rng(mulberry32(seed));
  const out: Seconds = { takers: [], quotes: [] };
  const steps = Math.round(1 / stepS);
  for (let s = 0; s < seconds; s++) {
    let takers = 0;
    let quotes = 0;
    for (let i = 0; i < steps; i++) {
      const step = flow.step(stepS, rng);
      takers += step.takers;
      quotes += step.quotes;
    }
    out.takers.push(takers);
    out.quotes.push(quotes);
  }
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
};

describe('MarketFlow', () => {
  it('keeps its mean taker and quote rates, in clusters and bursts', () => {
    // An hour in the simulator's 20 ms steps, BTC/USDT's default rates.
    const { takers, quotes } = perSecond(new MarketFlow(5, 30, 0.5, 20), 3600, 0.02, 1);
    expect(mean(takers)).toBeGreaterThan(5 * 0.85);
    expect(mean(takers)).toBeLessThan(5 * 1.15);
    expect(mean(quotes)).toBeGreaterThan(30 * 0.9);
    expect(mean(quotes)).toBeLessThan(30 * 1.1);
    // Clustered: far more spread than Poisson (variance = mean), and some seconds several times the mean.
    expect(variance(takers)).toBeGreaterThan(2 * mean(takers));
    expect(Math.max(...takers)).toBeGreaterThan(4 * 5);
  });

  it('is plain Poisson without clustering or bursts', () => {
    const { takers, quotes } = perSecond(new MarketFlow(5, 30, 0, 0), 3600, 0.02, 2);
    expect(mean(takers)).toBeCloseTo(5, 0);
    expect(mean(quotes)).toBeCloseTo(30, 0);
    expect(variance(takers) / mean(takers)).toBeGreaterThan(0.85);
    expect(variance(takers) / mean(takers)).toBeLessThan(1.15);
  });

  it('stays bounded when each step outlasts its memory (a late timer at a high rate)', () => {
    const flow = new MarketFlow(5, 30, 0.9, 20);
    const rng = new Rng(mulberry32(3));
    let most = 0;
    for (let i = 0; i < 2000; i++) most = Math.max(most, flow.step(10, rng).takers);
    // Ten seconds at a mean of 5 a second: a burst or a cluster may double it, never run away.
    expect(most).toBeLessThan(500);
    expect(Number.isFinite(flow.activity)).toBe(true);
  });

  it('is the same for the same seed', () => {
    const a = perSecond(new MarketFlow(1, 2.5, 0.5, 20), 120, 0.02, 9);
    const b = perSecond(new MarketFlow(1, 2.5, 0.5, 20), 120, 0.02, 9);
    expect(a).toEqual(b);
  });
});
