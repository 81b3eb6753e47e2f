import type { TradeTick } from '../../../server/gateway/source.ts';
import { MarketData, type MarketDataOptions } from '../../../server/marketdata/index.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Monday 2026-11-23 12:00 UTC. */
export const T0 = Date.UTC(2026, 10, 23, 12);

/** BTC/USDT: prices with 2 decimals, amounts with 4, reference price 100.00. */
export const BTC = { symbol: 'BTC/USDT', priceScale: 2, amountScale: 4, referencePrice: 10_000 };
/** ETH/USDT: prices with 1 decimal, amounts with 3, reference price 50.0. */
export const ETH = { symbol: 'ETH/USDT', priceScale: 1, amountScale: 3, referencePrice: 500 };

/** A MarketData of BTC and ETH on a movable clock. */
export function makeData(options: Partial<MarketDataOptions> = {}) {
  let now = T0;
  const data = new MarketData({ markets: [BTC, ETH], clock: () => now, ...options });
  return {
    data,
    now: () => now,
    set(time: number) {
      now = time;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A BTC trade from decimal price and volume (ticks and lots of BTC's grid). */
export function btcTrade(price: number, volume: number, time: number, side: 1 | 2 = 1): TradeTick {
  return { price: Math.round(price * 100), volume: Math.round(volume * 10_000), side, time };
}
