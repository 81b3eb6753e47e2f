import { describe, expect, it } from 'vitest';
import {
  assetTotalUsdt,
  sumOf,
  usdRatesOf,
  usdtValue,
  VALUE_SCALE,
  valueBalance,
} from '../../../server/assets/valuation.ts';

const COINS = [
  { unit: 'USDT', usdRate: '1.0002' },
  { unit: 'BTC', usdRate: '60000' },
  { unit: 'ETH', usdRate: '3000' },
  { unit: 'XLM', usdRate: '0.1' },
];
const MARKETS = [
  { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', priceScale: 2 },
  { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT', priceScale: 2 },
  { symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', priceScale: 6 },
];

describe('usdRatesOf', () => {
  it('takes the last price of a traded USDT market, else the catalogue rate; USDT is worth one', () => {
    const last: Record<string, number> = { 'BTC/USDT': 6_512_345, 'ETH/USDT': 0, 'ETH/BTC': 51_000 };
    const rates = usdRatesOf(COINS, MARKETS, (s) => last[s] ?? 0);
    expect(Object.fromEntries(rates)).toEqual({ USDT: '1', BTC: '65123.45', ETH: '3000', XLM: '0.1' });
  });
});

describe('valueBalance', () => {
  it('values available + frozen units exactly, truncated to 8 decimals', () => {
    expect(valueBalance(150_000_000, 50_000_000, 8, '65123.45')).toEqual({
      balance: '1.5',
      frozenBalance: '0.5',
      total: '2',
      usdtValue: '130246.9',
    });
    // 0.00000001 BTC × 0.333 = 0.00000000333 → truncated at 8 decimals.
    expect(valueBalance(1, 0, 8, '0.333').usdtValue).toBe('0');
    expect(usdtValue('1.23456789', '1.1')).toBe('1.35802467');
    expect(VALUE_SCALE).toBe(8);
  });

  it('handles amounts past 2^53 units without floats', () => {
    const big = Number.MAX_SAFE_INTEGER;
    expect(valueBalance(big, big, 18, '2').total).toBe('0.018014398509481982');
  });
});

describe('assetTotalUsdt (spec shell §9)', () => {
  it('sums spot, contract, funds, follow and financial with the contract part rounded to 2 decimals', () => {
    expect(assetTotalUsdt({ spot: '100.123', funds: '0.001', contract: '10.005', follow: '5', financial: '0' })).toBe(
      '115.134',
    );
    expect(assetTotalUsdt({ spot: '0', funds: '0', contract: '10.00499999', follow: '0', financial: '0' })).toBe('10');
    expect(sumOf([])).toBe('0');
  });
});
