import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICE_DEBOUNCE_MS } from '../../../src/features/assets/convert/logic.ts';
import { DEFAULT_DEBOUNCE_MS, debounce } from '../../../src/ui/debounce.ts';

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
