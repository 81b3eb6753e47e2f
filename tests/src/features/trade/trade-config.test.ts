import { describe, expect, it } from 'vitest';
import { DEFAULT_TRADE_CONFIG, parseTradeConfig } from '../../../../src/features/trade/trade-config.ts';

describe('the stored trade config', () => {
  it('reads the stored fields over the defaults, ignoring wrong types and broken entries', () => {
    expect(parseTradeConfig(null)).toEqual(DEFAULT_TRADE_CONFIG);
    expect(parseTradeConfig('{not json')).toEqual(DEFAULT_TRADE_CONFIG);
    expect(parseTradeConfig('[1]')).toEqual(DEFAULT_TRADE_CONFIG);
    expect(
      parseTradeConfig(
        JSON.stringify({
          marketConfirm: false,
          orderConfirm: 'yes',
          currentSpotKey: 'ETH/USDT',
          convertCoins: ['BTC', 3],
        }),
      ),
    ).toEqual({ ...DEFAULT_TRADE_CONFIG, marketConfirm: false, currentSpotKey: 'ETH/USDT', convertCoins: ['BTC'] });
  });
});
