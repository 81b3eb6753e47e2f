import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCode } from '../../../common/api.ts';
import { mul, parseDecimal } from '../../../common/decimal.ts';
import type {
  CoinInfo,
  ExchangePlate,
  ExchangeRate,
  LatestTrade,
  MarketTop,
  SymbolInfo,
  SymbolThumb,
  SymbolThumbTrend,
} from '../../../common/market.ts';
import { CANDLE_INTERVALS } from '../../../common/protocol.ts';
import { type Store, serverOptions } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { marketsRepository } from '../../../server/exchange/catalogue.ts';
import { installErrorHandling } from '../../../server/http/errors.ts';
import { installResponses } from '../../../server/http/responses.ts';
import { type BookReader, MINI_PLATE_LEVELS, marketRoutes } from '../../../server/market/routes.ts';
import { MarketData, spotMarketsOf } from '../../../server/marketdata/index.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12);

/** 30 bid levels from 94999.00 down and 30 ask levels from 95001.00 up, 0.1 BTC more per level. */
const books: BookReader = {
  depth(symbol) {
    if (symbol !== 'BTC/USDT') return { bids: [], asks: [] };
    const bids: number[] = [];
    const asks: number[] = [];
    for (let i = 0; i < 30; i++) {
      bids.push(9_499_900 - i * 100, (i + 1) * 10_000);
      asks.push(9_500_100 + i * 100, (i + 1) * 10_000);
    }
    return { bids, asks };
  },
};

interface Harness {
  server: FastifyInstance;
  data: MarketData;
  db: Db;
  dir: string;
  set(time: number): void;
}

/** The market routes alone on a real catalogue in a temp SQLite, with a MarketData on a movable clock. */
async function build(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-market-'));
  const db = await openDatabase(dir);
  let now = T0;
  const clock = () => now;
  const markets = marketsRepository(db);
  const data = new MarketData({ markets: spotMarketsOf(await markets.spotMarkets()), clock });
  const server = Fastify(serverOptions(loadConfig({ DATA_DIR: dir, CLIENT_DIR: 'none', LOG_LEVEL: 'silent' })));
  server.decorate('clock', clock);
  // The market routes read only store.markets.
  server.decorate('store', { db, markets } as unknown as Store);
  installErrorHandling(server);
  installResponses(server, { check: true });
  await server.register(formbody);
  await server.register(marketRoutes, { data, books });
  await server.ready();
  return {
    server,
    data,
    db,
    dir,
    set(time) {
      now = time;
    },
  };
}

async function close(h: Harness) {
  await h.server.close();
  await h.db.destroy();
  rmSync(h.dir, { recursive: true, force: true });
}

async function get<T>(h: Harness, url: string, lang = 'en_US') {
  const res = await h.server.inject({ method: 'GET', url, headers: { lang } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } };
}

describe('market routes before any trade', () => {
  let h: Harness;
  let rows: SymbolThumb[];
  beforeAll(async () => {
    h = await build();
    const res = await get<SymbolThumb[]>(h, '/market/symbol-thumb');
    expect(res.body.code).toBe(0);
    rows = res.body.data;
  });
  afterAll(() => close(h));

  it('lists at least 30 spot markets across the USDT, USDC and BTC quotes', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const quote of ['USDT', 'USDC', 'BTC']) {
      expect(rows.filter((r) => r.baseSymbol === quote).length).toBeGreaterThanOrEqual(quote === 'USDT' ? 15 : 5);
    }
    expect(new Set(rows.map((r) => r.symbol)).size).toBe(rows.length);
  });

  it('gives each row the reference price on its priceScale grid, no change and no volume', () => {
    for (const row of rows) {
      expect(row.symbol).toBe(`${row.coinSymbol}/${row.baseSymbol}`);
      expect(parseDecimal(row.close).units > 0n).toBe(true);
      expect(parseDecimal(row.close).scale).toBe(row.priceScale);
      expect(parseDecimal(row.volume).scale).toBe(row.amountScale);
      expect([row.open, row.high, row.low]).toEqual([row.close, row.close, row.close]);
      expect(row.chg).toBe(0);
      expect(parseDecimal(row.change).units).toBe(0n);
      expect(parseDecimal(row.turnover).units).toBe(0n);
      expect(row.time).toBe(T0);
    }
    expect(rows.find((r) => r.symbol === 'BTC/USDT')?.close).toBe('95000.00');
  });

  it('values a coin in USD through its quote coin', () => {
    const btc = rows.find((r) => r.symbol === 'BTC/USDT');
    const ethBtc = rows.find((r) => r.symbol === 'ETH/BTC');
    const ethUsdt = rows.find((r) => r.symbol === 'ETH/USDT');
    if (!btc || !ethBtc || !ethUsdt) throw new Error('catalogue markets missing');
    expect(btc.usdRate).toBe('95000');
    expect(ethBtc.baseUsdRate).toBe('95000');
    expect(ethBtc.usdRate).toBe(mul(ethBtc.close, ethBtc.baseUsdRate));
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
    const res = await h.server.inject({ method: 'POST', url: '/market/symbol-thumb' });
    expect(res.json().data).toHaveLength(rows.length);
  });

  it('answers an empty history and trade list for a market without trades', async () => {
    expect((await get(h, '/market/history?symbol=BTC/USDT&resolution=M1')).body.data).toEqual([]);
    expect((await get(h, '/market/latest-trade?symbol=BTC/USDT')).body.data).toEqual([]);
  });
});

describe('market routes from live trades', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await build();
    // BTC/USDT: 96000.50 × 0.5, 94000.00 × 1.25 (sell), 97000.25 × 0.25 a minute apart; ETH/USDT and SOL/USDT move too.
    const trades: [number, number, 1 | 2][] = [
      [9_600_050, 50_000, 1],
      [9_400_000, 125_000, 2],
      [9_700_025, 25_000, 1],
    ];
    trades.forEach(([price, volume, side], i) => {
      h.set(T0 + i * MINUTE);
      h.data.record('BTC/USDT', { price, volume, side, time: T0 + i * MINUTE });
    });
    h.data.record('ETH/USDT', { price: 306_000, volume: 10_000, side: 2, time: T0 + 2 * MINUTE });
    h.set(T0 + 2 * MINUTE + 30_000);
  });
  afterAll(() => close(h));

  it('builds the symbol-thumb row from the rolling 24 h ticker, exact on the grid', async () => {
    const rows = (await get<SymbolThumb[]>(h, '/market/symbol-thumb')).body.data;
    const btc = rows.find((r) => r.symbol === 'BTC/USDT');
    expect(btc).toMatchObject({
      open: '95000.00',
      high: '97000.25',
      low: '94000.00',
      close: '97000.25',
      change: '2000.25',
      chg: 0.02105526,
      volume: '2.00000',
      // 48000.25 + 117500 + 24250.0625
      turnover: '189750.31',
      usdRate: '97000.25',
      baseUsdRate: '1',
      time: T0 + 2 * MINUTE + 30_000,
    });
    const eth = rows.find((r) => r.symbol === 'ETH/USDT');
    expect(eth).toMatchObject({ close: '3060.00', change: '-340.00', chg: -0.1, volume: '1.0000' });
    // BTC-quoted markets are valued through the live BTC price.
    const ethBtc = rows.find((r) => r.symbol === 'ETH/BTC');
    expect(ethBtc?.baseUsdRate).toBe('97000.25');
    expect(ethBtc?.usdRate).toBe(mul(ethBtc?.close ?? '0', '97000.25'));
  });

  it('adds 24 hourly closes in symbol-thumb-trend', async () => {
    const res = await get<SymbolThumbTrend[]>(h, '/market/symbol-thumb-trend');
    const btc = res.body.data.find((r) => r.symbol === 'BTC/USDT');
    expect(btc?.trend).toHaveLength(24);
    expect(btc?.trend.at(-1)).toBe(97000.25);
    expect(btc?.trend[0]).toBe(95000);
    expect(btc?.close).toBe('97000.25');
  });

  it('describes a market in symbol-info, whichever way the symbol is written', async () => {
    for (const symbol of ['BTC/USDT', 'BTC-USDT', 'btc_usdt', 'btc/usdt']) {
      const res = await get<SymbolInfo>(h, `/market/symbol-info?symbol=${encodeURIComponent(symbol)}`);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toEqual({
        symbol: 'BTC/USDT',
        coinSymbol: 'BTC',
        baseSymbol: 'USDT',
        coinScale: 5,
        baseCoinScale: 2,
        priceScale: 2,
        amountScale: 5,
        minAmount: '0.00001',
        minTurnover: '5',
        makerFee: '0.0008',
        takerFee: '0.001',
        enable: 1,
        enableMarketBuy: 1,
        enableMarketSell: 1,
        usdRate: '97000.25',
        logoUrl: '/coins/btc.svg',
        currentTime: T0 + 2 * MINUTE + 30_000,
      });
    }
    const posted = await h.server.inject({
      method: 'POST',
      url: '/market/symbol-info',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'symbol=ETH%2FBTC',
    });
    expect(posted.json().data.symbol).toBe('ETH/BTC');
  });

  it('answers an unknown market with a translated error, never a 500', async () => {
    const en = await get(h, '/market/symbol-info?symbol=FOO/BAR');
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ code: ApiCode.unknownMarket, message: 'Unknown market: FOO/BAR', data: null });
    const zh = await get(h, '/market/exchange-plate-mini?symbol=FOO-BAR', 'zh_CN');
    expect(zh.body.message).toBe('交易对不存在：FOO-BAR');
    for (const url of [
      '/market/exchange-plate-full?symbol=NOPE',
      '/market/latest-trade?symbol=NOPE',
      '/market/history?symbol=NOPE&resolution=M1',
    ]) {
      const res = await get(h, url, 'ja');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('存在しない取引ペアです：NOPE');
    }
    const missing = await get(h, '/market/symbol-info');
    expect(missing.body).toEqual({ code: 400, message: 'Invalid parameter: symbol', data: null });
  });

  it('serves the whole book in exchange-plate-full and 20 levels in exchange-plate-mini', async () => {
    const full = (await get<ExchangePlate>(h, '/market/exchange-plate-full?symbol=BTC/USDT')).body.data;
    expect(full.symbol).toBe('BTC/USDT');
    expect(full.bid.items).toHaveLength(30);
    expect(full.ask.items).toHaveLength(30);
    expect(full.bid.items[0]).toEqual({ price: '94999.00', amount: '0.10000' });
    expect(full.ask.items[1]).toEqual({ price: '95002.00', amount: '0.20000' });
    expect(full.bid).toMatchObject({
      direction: 'BUY',
      maxAmount: '3.00000',
      minAmount: '0.10000',
      highestPrice: '94999.00',
      lowestPrice: '94970.00',
    });
    const mini = (await get<ExchangePlate>(h, '/market/exchange-plate-mini?symbol=btc-usdt')).body.data;
    expect(mini.bid.items).toEqual(full.bid.items.slice(0, MINI_PLATE_LEVELS));
    expect(mini.ask.items).toEqual(full.ask.items.slice(0, MINI_PLATE_LEVELS));
    expect(mini.ask).toMatchObject({ direction: 'SELL', maxAmount: '2.00000', lowestPrice: '95001.00' });
    const empty = (await get<ExchangePlate>(h, '/market/exchange-plate-mini?symbol=ETH/USDT')).body.data;
    expect(empty.bid).toMatchObject({ items: [], maxAmount: '0.0000', minAmount: '0.0000' });
  });

  it('lists the latest trades newest first', async () => {
    const res = await get<LatestTrade[]>(h, '/market/latest-trade?symbol=BTC/USDT');
    expect(res.body.data).toEqual([
      { symbol: 'BTC/USDT', price: '97000.25', amount: '0.25000', direction: 'BUY', time: T0 + 2 * MINUTE },
      { symbol: 'BTC/USDT', price: '94000.00', amount: '1.25000', direction: 'SELL', time: T0 + MINUTE },
      { symbol: 'BTC/USDT', price: '96000.50', amount: '0.50000', direction: 'BUY', time: T0 },
    ]);
    expect((await get<LatestTrade[]>(h, '/market/latest-trade?symbol=BTC/USDT&size=1')).body.data).toHaveLength(1);
    expect((await get(h, '/market/latest-trade?symbol=BTC/USDT&size=0')).body.code).toBe(400);
  });

  it('caps latest-trade at 100', async () => {
    const fresh = await build();
    try {
      for (let i = 0; i < 130; i++)
        fresh.data.record('SOL/USDT', { price: 20_000 + i, volume: 1, side: 1, time: T0 + i });
      const res = await get<LatestTrade[]>(fresh, '/market/latest-trade?symbol=SOL/USDT&size=500');
      expect(res.body.data).toHaveLength(100);
      expect(res.body.data[0]?.time).toBe(T0 + 129);
      expect((await get<LatestTrade[]>(fresh, '/market/latest-trade?symbol=SOL/USDT')).body.data).toHaveLength(20);
    } finally {
      await close(fresh);
    }
  });

  it('describes a coin in coin-info', async () => {
    const btc = await get<CoinInfo>(h, '/market/coin-info?unit=BTC');
    expect(btc.body.data).toEqual({
      name: 'Bitcoin',
      unit: 'BTC',
      decimals: 8,
      usdRate: '97000.25',
      canDeposit: 1,
      canWithdraw: 1,
      withdrawFee: '0.0002',
      minWithdraw: '0.001',
      logoUrl: '/coins/btc.svg',
    });
    expect((await get<CoinInfo>(h, '/market/coin-info?unit=usdt')).body.data.usdRate).toBe('1');
    const unknown = await get(h, '/market/coin-info?unit=XYZ');
    expect(unknown.body).toEqual({ code: 400, message: 'Unknown coin: XYZ', data: null });
  });

  it('ranks markets by change and by USD turnover in top', async () => {
    const top = (await get<MarketTop>(h, '/market/top')).body.data;
    for (const rank of [top.changeRank, top.changeRankDown, top.volumeRank]) expect(rank).toHaveLength(10);
    expect(top.changeRank[0]?.symbol).toBe('BTC/USDT');
    expect(top.changeRankDown[0]?.symbol).toBe('ETH/USDT');
    const chg = top.changeRank.map((r) => r.chg);
    expect(chg).toEqual([...chg].sort((a, b) => b - a));
    expect(top.volumeRank.slice(0, 2).map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('serves candles in history, oldest first, validated resolution and limit', async () => {
    const m1 = await get<number[][]>(h, '/market/history?symbol=BTC-USDT&resolution=M1');
    expect(m1.body.data).toEqual([
      [T0, 96000.5, 96000.5, 96000.5, 96000.5, 0.5],
      [T0 + MINUTE, 94000, 94000, 94000, 94000, 1.25],
      [T0 + 2 * MINUTE, 97000.25, 97000.25, 97000.25, 97000.25, 0.25],
    ]);
    const h1 = await get<number[][]>(h, '/market/history?symbol=BTC/USDT&resolution=H1');
    expect(h1.body.data).toEqual([[T0, 96000.5, 97000.25, 94000, 97000.25, 2]]);
    const limited = await get<number[][]>(h, `/market/history?symbol=BTC/USDT&resolution=M1&limit=2&to=${T0 + MINUTE}`);
    expect(limited.body.data.map((c) => c[0])).toEqual([T0, T0 + MINUTE]);
    const from = await get<number[][]>(h, `/market/history?symbol=BTC/USDT&resolution=M1&from=${T0 + MINUTE}`);
    expect(from.body.data).toHaveLength(2);
    for (const interval of CANDLE_INTERVALS) {
      const res = await get<number[][]>(h, `/market/history?symbol=BTC/USDT&resolution=${interval}&limit=5000`);
      expect(res.body.code).toBe(0);
      expect(res.body.data.length).toBeGreaterThan(0);
    }
    const bad = await get(h, '/market/history?symbol=BTC/USDT&resolution=M2');
    expect(bad.body).toEqual({ code: 400, message: 'Invalid parameter: resolution', data: null });
    expect((await get(h, '/market/history?symbol=BTC/USDT&resolution=M1&limit=0')).body.code).toBe(400);
  });

  it('converts display currencies and coins to USDT in exchange-rate', async () => {
    const cny = await get<ExchangeRate>(h, '/market/exchange-rate/cny/usdt');
    expect(cny.body.data).toEqual({ currency: 'CNY', rate: '0.140845070422', inverse: '7.1' });
    expect((await get<ExchangeRate>(h, '/market/exchange-rate/USD/usdt')).body.data).toEqual({
      currency: 'USD',
      rate: '1',
      inverse: '1',
    });
    for (const currency of ['hkd', 'jpy', 'twd', 'vnd', 'usdt']) {
      const res = await get<ExchangeRate>(h, `/market/exchange-rate/${currency}/usdt`);
      expect(res.body.code).toBe(0);
      expect(Number(res.body.data.rate) * Number(res.body.data.inverse)).toBeCloseTo(1, 6);
    }
    const btc = await get<ExchangeRate>(h, '/market/exchange-rate/btc/usdt');
    expect(btc.body.data).toEqual({ currency: 'BTC', rate: '97000.25', inverse: '0.000010309251' });
    const eur = await get(h, '/market/exchange-rate/eur/usdt', 'ko_KR');
    expect(eur.status).toBe(400);
    expect(eur.body.message).toBe('지원하지 않는 통화입니다: eur');
  });
});
