import { describe, expect, it } from 'vitest';
import { swapMarket } from '../../common/market.ts';
import { channel, parseChannel } from '../../common/protocol.ts';

describe('channel names', () => {
  it('parses a perpetual’s market, colons and all, on every market channel', () => {
    const market = swapMarket('BTC/USDT');
    expect(market).toBe('BTC/USDT:USDT');
    expect(parseChannel(channel.candles(market, 'M1'))).toEqual({ kind: 'candles', symbol: market, interval: 'M1' });
    expect(parseChannel(channel.candles(market, '1month'))).toEqual({
      kind: 'candles',
      symbol: market,
      interval: '1month',
    });
    for (const kind of ['depth', 'trades', 'mark', 'funding', 'liquidations'] as const) {
      expect(parseChannel(`${kind}:${market}`)).toEqual({ kind, symbol: market });
    }
    expect(parseChannel('candles:BTC/USDT:USDT')).toBeNull();
    expect(parseChannel(`candles:${market}:1m`)).toBeNull();
    expect(parseChannel('mark:')).toBeNull();
    expect(parseChannel('index:BTC/USDT:USDT')).toBeNull();
  });
});
