import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const warm = vi.fn();
vi.mock('../../../../src/data/hooks.ts', async (original) => ({
  ...(await original<typeof import('../../../../src/data/hooks.ts')>()),
  dataStore: () => ({ warm }),
}));

const { HOVER_INTENT_MS, bookView, candlesView, terminalViews, warmOnHover } = await import(
  '../../../../src/features/trade/market-views.ts'
);

describe('warming a market from a selector row', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    warm.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('warms the views the terminal opens once the pointer rests on the row', () => {
    vi.stubGlobal('localStorage', { getItem: () => 'H1' });
    const row = warmOnHover('ETH/USDT');
    row.onPointerEnter();
    vi.advanceTimersByTime(HOVER_INTENT_MS);
    expect(warm.mock.calls.map(([spec]) => spec)).toEqual([
      bookView('ETH/USDT'),
      { kind: 'trades', symbol: 'ETH/USDT' },
      { kind: 'tickers', symbols: ['ETH/USDT'] },
      candlesView('ETH/USDT', 'H1'),
    ]);
  });

  it('warms nothing for a pointer passing over rows, only the row it stops on', () => {
    const first = warmOnHover('ETH/USDT');
    const second = warmOnHover('SOL/USDT');
    first.onPointerEnter();
    vi.advanceTimersByTime(HOVER_INTENT_MS / 2);
    first.onPointerLeave();
    second.onPointerEnter();
    vi.advanceTimersByTime(HOVER_INTENT_MS);
    expect(new Set(warm.mock.calls.map(([spec]) => spec.symbol ?? spec.symbols[0]))).toEqual(new Set(['SOL/USDT']));
  });

  it("adds a perpetual's mark prices, and falls back to the default interval without storage", () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('refused');
      },
    });
    const views = terminalViews('BTC/USDT:USDT', true);
    expect(views).toContainEqual({ kind: 'mark', symbol: 'BTC/USDT:USDT' });
    expect(views).toContainEqual(candlesView('BTC/USDT:USDT', 'M15'));
  });
});
