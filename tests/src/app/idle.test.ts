import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_WAIT_MS, whenIdle } from '../../../src/app/idle.ts';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the browser for its next idle moment, at most IDLE_WAIT_MS away, and can be cancelled', () => {
    const asked: { timeout?: number }[] = [];
    const cancelled: number[] = [];
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (run: () => void, options: { timeout?: number }) => {
      idle = run;
      asked.push(options);
      return 7;
    });
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const run = vi.fn();
    const cancel = whenIdle(run);
    expect(asked).toEqual([{ timeout: IDLE_WAIT_MS }]);
    expect(run).not.toHaveBeenCalled();
    idle?.();
    expect(run).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it('runs on the next turn where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(10);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
