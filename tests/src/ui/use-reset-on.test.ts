import { describe, expect, it, vi } from 'vitest';

// The hook outside a renderer: useState as a plain cell that a render reads and its setter writes.
let cell: unknown;
vi.mock('react', () => ({
  useState: <T>(initial: T) => {
    cell ??= initial;
    return [cell as T, (next: T) => (cell = next)];
  },
}));

const { useResetOn } = await import('../../../src/ui/use-reset-on.ts');

describe('useResetOn', () => {
  it('resets once in the render where the key changes, never on the first render or with the same key', () => {
    const reset = vi.fn();
    useResetOn('BTC/USDT', reset);
    useResetOn('BTC/USDT', reset);
    expect(reset).not.toHaveBeenCalled();
    useResetOn('ETH/USDT', reset);
    expect(reset).toHaveBeenCalledTimes(1);
    useResetOn('ETH/USDT', reset);
    expect(reset).toHaveBeenCalledTimes(1);
    useResetOn('BTC/USDT', reset);
    expect(reset).toHaveBeenCalledTimes(2);
  });
});
