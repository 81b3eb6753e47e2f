import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookFirstGate } from '../../../../src/features/trade/book-first.ts';

describe('the book-first gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs what waits when the book is drawn, once, and later arrivals at once', () => {
    const gate = bookFirstGate(1500);
    const chart = vi.fn();
    gate.after(chart);
    expect(chart).not.toHaveBeenCalled();
    gate.drawn();
    expect(chart).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    gate.drawn();
    expect(chart).toHaveBeenCalledTimes(1);
    const later = vi.fn();
    gate.after(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('does not keep the chart away from a book that never goes live', () => {
    const gate = bookFirstGate(1500);
    const chart = vi.fn();
    gate.after(chart);
    vi.advanceTimersByTime(1499);
    expect(chart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(chart).toHaveBeenCalledTimes(1);
    gate.drawn();
    expect(chart).toHaveBeenCalledTimes(1);
  });

  it('runs nothing cancelled (a panel gone before the book was drawn)', () => {
    const gate = bookFirstGate(1500);
    const chart = vi.fn();
    gate.after(chart)();
    gate.drawn();
    vi.advanceTimersByTime(2000);
    expect(chart).not.toHaveBeenCalled();
  });

  it('says whether the book has drawn, which the panels rendered after it read as they mount', () => {
    const gate = bookFirstGate(1500);
    expect(gate.isOpen()).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(gate.isOpen()).toBe(false);
    gate.drawn();
    expect(gate.isOpen()).toBe(true);
  });
});
