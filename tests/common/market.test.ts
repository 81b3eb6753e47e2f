import { describe, expect, it } from 'vitest';
import { swapMarket, swapSymbolOf } from '../../common/market.ts';

describe('perpetual market names', () => {
  it('tells a perpetual’s market from a spot one', () => {
    expect(swapMarket('ETH/USDC')).toBe('ETH/USDC:USDC');
    expect(swapSymbolOf('BTC/USDT:USDT')).toBe('BTC/USDT');
    expect(swapSymbolOf('BTC/USDT')).toBeNull();
    expect(swapSymbolOf('BTC/USDT:USDC')).toBeNull();
    expect(swapSymbolOf(':USDT')).toBeNull();
  });
});
