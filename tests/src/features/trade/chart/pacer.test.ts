import { describe, expect, it } from 'vitest';
import {
  CHART_SLOWEST_MS,
  CHART_UPDATE_MS,
  chartUpdateMs,
  Pacer,
  type PacerClock,
} from '../../../../../src/features/trade/chart/pacer.ts';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  const clock: PacerClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (id) => timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      timers.delete(id);
      t.run();
    }
  };
  return { clock, advance, pending: () => timers.size };
}

describe('the chart pacer (issue 21 item 10)', () => {
  it('lets the first update through at once, then only the latest of a burst, once per period', () => {
    const { clock, advance } = manualClock();
    const pacer = new Pacer(500, clock);
    const shown: number[] = [];
    pacer.run(() => shown.push(1));
    expect(shown).toEqual([1]);
    advance(100);
    pacer.run(() => shown.push(2));
    advance(100);
    pacer.run(() => shown.push(3));
    expect(shown).toEqual([1]);
    advance(299);
    expect(shown).toEqual([1]);
    advance(1);
    expect(shown).toEqual([1, 3]);
    advance(100);
    pacer.run(() => shown.push(4));
    advance(399);
    expect(shown).toEqual([1, 3]);
    advance(1);
    expect(shown).toEqual([1, 3, 4]);
  });

  it('runs at once again after a quiet period', () => {
    const { clock, advance } = manualClock();
    const pacer = new Pacer(500, clock);
    const shown: number[] = [];
    pacer.run(() => shown.push(1));
    advance(2000);
    pacer.run(() => shown.push(2));
    expect(shown).toEqual([1, 2]);
  });

  it('drops what it kept when cancelled (a new history replaces the live update) and counts that as shown', () => {
    const { clock, advance, pending } = manualClock();
    const pacer = new Pacer(500, clock);
    const shown: number[] = [];
    pacer.run(() => shown.push(1));
    advance(100);
    pacer.run(() => shown.push(2));
    pacer.cancel(true);
    expect(pending()).toBe(0);
    advance(1000);
    expect(shown).toEqual([1]);
    pacer.run(() => shown.push(3));
    expect(shown).toEqual([1, 3]);
    advance(10);
    pacer.run(() => shown.push(4));
    expect(shown).toEqual([1, 3]);
    advance(490);
    expect(shown).toEqual([1, 3, 4]);
  });

  it('takes a new period from the next update on', () => {
    const { clock, advance } = manualClock();
    const pacer = new Pacer(500, clock);
    const ran: number[] = [];
    pacer.run(() => ran.push(0));
    pacer.setEvery(1_000);
    advance(500);
    pacer.run(() => ran.push(500));
    advance(499);
    expect(ran).toEqual([0]);
    advance(1);
    expect(ran).toEqual([0, 500]);
  });
});

describe('the chart pace from what a repaint costs', () => {
  it('is twice a second where a repaint is cheap, slower as it costs more, never slower than every 2 s', () => {
    expect(chartUpdateMs(2)).toBe(CHART_UPDATE_MS);
    expect(chartUpdateMs(10)).toBe(CHART_UPDATE_MS);
    // 25 ms at 4× throttle: 2 % of the main thread is one repaint every 1.25 s.
    expect(chartUpdateMs(25)).toBe(1_250);
    expect(chartUpdateMs(200)).toBe(CHART_SLOWEST_MS);
  });
});
