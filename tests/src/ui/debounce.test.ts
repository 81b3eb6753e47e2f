import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_DEBOUNCE_MS } from '../../../src/features/assets/convert/logic.ts';
import { DEFAULT_DEBOUNCE_MS, debounce, throttle } from '../../../src/ui/debounce.ts';

describe('debounce (spec shell §9: 500 ms default)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 500 ms by default, and typing an amount to convert waits that long', () => {
    expect(DEFAULT_DEBOUNCE_MS).toBe(500);
    expect(PRICE_DEBOUNCE_MS).toBe(DEFAULT_DEBOUNCE_MS);
  });

  it('runs once, the default pause after the last call, with its arguments', () => {
    const seen: string[] = [];
    const d = debounce((text: string) => seen.push(text));
    d.run('1');
    vi.advanceTimersByTime(499);
    d.run('12');
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['12']);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d.run();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls at once, then folds the calls of each period into one at its end', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    t.run();
    t.run();
    vi.advanceTimersByTime(89);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // A quiet period later, a call runs at once again.
    vi.advanceTimersByTime(500);
    t.run();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('never calls more than once a period however often it is asked', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    for (let ms = 0; ms < 1000; ms++) {
      t.run();
      vi.advanceTimersByTime(1);
    }
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(11);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t.run();
    t.run();
    t.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
