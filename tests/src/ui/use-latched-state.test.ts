import { describe, expect, it, vi } from 'vitest';

// The hook outside a renderer: React's hooks as plain functions, the state setter a spy.
const setValue = vi.fn();
vi.mock('react', () => ({
  useState: <T>(initial: T) => [initial, setValue],
  useRef: <T>(current: T) => ({ current }),
  useCallback: <T>(fn: T) => fn,
}));

const { useLatchedState } = await import('../../../src/ui/use-latched-state.ts');

describe('useLatchedState', () => {
  it('hands React a value only when it differs from the last one set (a bailed-out update is kept until a render)', () => {
    const [value, set] = useLatchedState<'connecting' | 'live' | 'stale'>('connecting');
    expect(value).toBe('connecting');
    set('connecting');
    expect(setValue).not.toHaveBeenCalled();
    for (let i = 0; i < 100; i++) set('live');
    expect(setValue.mock.calls).toEqual([['live']]);
    set('stale');
    set('stale');
    set('live');
    expect(setValue.mock.calls).toEqual([['live'], ['stale'], ['live']]);
  });
});
