import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mul, parseDecimal, sub } from '../../../common/decimal.ts';
import type { SymbolThumb } from '../../../common/market.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

describe('GET /market/symbol-thumb', () => {
  let t: TestApp;
  let rows: SymbolThumb[];
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.server.inject({ method: 'GET', url: '/market/symbol-thumb' });
    expect(res.json().code).toBe(0);
    rows = res.json().data;
  });
  afterAll(() => t.close());

  it('lists at least 30 spot markets across the USDT, USDC and BTC quotes', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const quote of ['USDT', 'USDC', 'BTC']) {
      expect(rows.filter((r) => r.baseSymbol === quote).length).toBeGreaterThanOrEqual(quote === 'USDT' ? 15 : 5);
    }
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(rows.length);
  });

  it('gives each row the fields of a spot market row, prices on the priceScale grid', () => {
    for (const row of rows) {
      expect(row.symbol).toBe(`${row.coinSymbol}/${row.baseSymbol}`);
      expect(parseDecimal(row.close).units > 0n).toBe(true);
      expect(parseDecimal(row.close).scale).toBeLessThanOrEqual(row.priceScale);
      expect(row.chg).toBe(0);
      expect([row.open, row.high, row.low]).toEqual([row.close, row.close, row.close]);
      expect(Number.isInteger(row.priceScale) && row.priceScale >= 0).toBe(true);
    }
  });

  it('values a coin in USD through its quote coin', () => {
    const btc = rows.find((r) => r.symbol === 'BTC/USDT');
    const ethBtc = rows.find((r) => r.symbol === 'ETH/BTC');
    const ethUsdt = rows.find((r) => r.symbol === 'ETH/USDT');
    expect(btc && ethBtc && ethUsdt).toBeTruthy();
    if (!btc || !ethBtc || !ethUsdt) return;
    expect(ethBtc.usdRate).toBe(mul(ethBtc.close, ethBtc.baseUsdRate));
    expect(sub(btc.usdRate, btc.close)).toBe('0');
    // ETH priced through BTC lands within 1 % of ETH priced in USDT.
    expect(Math.abs(Number(ethBtc.usdRate) / Number(ethUsdt.usdRate) - 1)).toBeLessThan(0.01);
  });

  it('has a logo made here for every market', () => {
    for (const row of rows) {
      expect(row.logoUrl).toBe(`/coins/${row.coinSymbol.toLowerCase()}.svg`);
      expect(existsSync(join('public', row.logoUrl))).toBe(true);
    }
  });

  it('accepts POST as well', async () => {
    const res = await t.server.inject({ method: 'POST', url: '/market/symbol-thumb' });
    expect(res.json().data).toHaveLength(rows.length);
  });
});
