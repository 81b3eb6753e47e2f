import { describe, expect, it } from 'vitest';
import { engineWith, limit, market, Side, USDT } from './fixtures.ts';

const P = 950_000;
const ids = (list: { userId: number }[]) => list.map((h) => h.userId).sort();

describe('open positions by side', () => {
  it('follows every open, flip and close, so a sweep and an ADL queue see exactly the open positions', () => {
    const { engine } = engineWith({ 1: 100_000 * USDT, 2: 100_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    expect(ids(engine.holdings.openOn('BTC_USDT', 1))).toEqual([1]);
    expect(ids(engine.holdings.openOn('BTC_USDT', -1))).toEqual([2]);
    // Both flip: 1 goes short 500, 2 long 500.
    engine.place(limit(2, Side.buy, P, 1500));
    engine.place(market(1, Side.sell, 1500));
    expect(ids(engine.holdings.openOn('BTC_USDT', 1))).toEqual([2]);
    expect(ids(engine.holdings.openOn('BTC_USDT', -1))).toEqual([1]);
    // Both close.
    engine.place(limit(2, Side.sell, P, 500));
    engine.place(market(1, Side.buy, 500));
    expect(engine.holdings.openOn('BTC_USDT')).toEqual([]);
    expect(engine.holdings.openOn('ETH_USDT')).toEqual([]);
  });
});
