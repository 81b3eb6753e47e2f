import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_PATHS } from '../../../common/api.ts';
import { LANGS } from '../../../common/i18n.ts';
import { advertiseSeeds, bannerSeeds, newCoinSeeds } from '../../../server/home/seed.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { T0 } from '../requests.ts';

interface RankingRow {
  symbol: string;
  chg: number;
  turnover: string;
  currentPrice: string;
  priceScale: number;
  jumpSymbol: string;
  lastOneDayQuotes: { time: number; closePrice: number }[];
  onlineTime?: number;
}
interface RankingPage {
  records: RankingRow[];
  total: number;
  pageNo: number;
  pageSize: number;
  currentTime: number;
}
interface NewCoin {
  unit: string;
  name: string;
  imgUrl: string;
  jumpSymbol: string;
  onlineTime: number;
  status: number;
}

describe('home page calls (spec shell §7 "Home page calls")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // Trades at the clock's time: ETH turns over the most, SOL gains the most, XRP falls.
    const trade = (symbol: string, price: number, volume: number) =>
      t.server.marketData.record(symbol, { price, volume, side: 1, time: T0 });
    // Prices in ticks, volumes in lots of the catalogue's grids (SOL 180.00 → 198.00, XRP 2.3000 → 2.0000).
    trade('SOL/USDT', 19_800, 1_000);
    trade('ETH/USDT', 340_000, 10_000_000);
    trade('XRP/USDT', 20_000, 10);
  });
  afterAll(() => t.close());

  const getJson = async <T>(url: string, lang = 'en_US') => {
    const response = await t.server.inject({ method: 'GET', url, headers: { lang } });
    const body = response.json() as { code: number; data: T };
    return { status: response.statusCode, ...body };
  };
  const ranking = (query: string) => getJson<RankingPage>(`${HOME_PATHS.ranking}?${query}`);

  it('serves the banners of each language with images drawn by the server', async () => {
    for (const lang of LANGS) {
      const { code, data } = await getJson<{ id: number; url: string; linkUrl: string; title: string }[]>(
        HOME_PATHS.banners,
        lang,
      );
      expect(code).toBe(0);
      expect(data.map((b) => b.linkUrl)).toEqual(bannerSeeds.map((b) => b.linkUrl));
      expect(data.map((b) => b.title)).toEqual(bannerSeeds.map((b) => b.title[lang]));
    }
    const [first] = (await getJson<{ url: string; title: string }[]>(HOME_PATHS.banners, 'ja')).data;
    const image = await t.server.inject({ method: 'GET', url: first?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toContain('<svg');
    expect(image.body).toContain(bannerSeeds[0]?.title.ja);
    const missing = await t.server.inject({ method: 'GET', url: `${HOME_PATHS.bannerImage}/999999.svg` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).not.toBe(0);
  });

  it('ranks HOT by 24 h turnover and UP by change, 6 per page by default', async () => {
    const hot = await ranking('type=HOT&pageNo=1');
    expect(hot.code).toBe(200);
    expect(hot.data.pageSize).toBe(6);
    expect(hot.data.records).toHaveLength(6);
    expect(hot.data.records[0]?.symbol).toBe('ETH/USDT');
    expect(hot.data.total).toBeGreaterThan(6);
    expect(hot.data.currentTime).toBe(T0);

    const up = await ranking('type=UP&pageNo=1&pageSize=6&inverted=false');
    const chg = up.data.records.map((r) => r.chg);
    expect(chg).toEqual([...chg].sort((a, b) => b - a));
    expect(up.data.records[0]?.chg).toBeGreaterThan(0);
    const down = await ranking('type=UP&pageNo=1&pageSize=6&inverted=true');
    expect(down.data.records[0]?.symbol).toBe('XRP/USDT');
    expect(down.data.records[0]?.chg).toBeLessThan(0);
  });

  it('gives each row a jump symbol, its price on the market grid and a trend sorted by time', async () => {
    const { data } = await ranking('type=HOT&pageSize=1');
    const row = data.records[0] as RankingRow;
    expect(row.jumpSymbol).toBe('ETH_USDT');
    expect(row.currentPrice).toMatch(new RegExp(`^\\d+\\.\\d{${row.priceScale}}$`));
    expect(row.lastOneDayQuotes.length).toBeGreaterThanOrEqual(1);
    const times = row.lastOneDayQuotes.map((q) => q.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Daily closes (spec shell §9): one per UTC day, never hourly ones.
    for (const time of times) expect(time % 86_400_000).toBe(0);
  });

  it('answers CONTRACT_HOT with the traded perpetuals, the largest 24 h turnover first', async () => {
    const before = await ranking('type=CONTRACT_HOT&pageNo=1&pageSize=6');
    expect(before.code).toBe(200);
    // No contract traded yet: nothing to rank.
    expect(before.data.records).toEqual([]);
    // ETH: 100 contracts of 0.01 at 3400.00 (3400 USDT); SOL: 10 contracts of 1 at 180.00 (1800 USDT).
    const trade = (market: string, price: number, volume: number) =>
      t.server.swapData.record(market, { price, volume, side: 1, time: T0 });
    trade('SOL/USDT:USDT', 18_000, 10);
    trade('ETH/USDT:USDT', 340_000, 100);
    const { data } = await ranking('type=CONTRACT_HOT&pageNo=1&pageSize=6');
    expect(data.total).toBe(2);
    expect(data.records.map((r) => [r.symbol, r.currentPrice, r.turnover, r.jumpSymbol])).toEqual([
      ['ETH/USDT', '3400.00', '3400.000000', 'ETH_USDT'],
      ['SOL/USDT', '180.00', '1800.000000', 'SOL_USDT'],
    ]);
  });

  it('refuses an unknown type or page size with a clear error', async () => {
    for (const query of ['type=COLD', 'type=HOT&pageSize=0', 'type=HOT&pageNo=abc', '']) {
      const r = await ranking(query);
      expect(r.status, query).toBe(400);
      expect(r.code, query).toBe(400);
    }
  });

  it('lists new coins with the server time; coming ones first in the preview and the NEW_COIN ranking', async () => {
    const list = await getJson<{ newCoinList: NewCoin[]; currentTime: number }>(HOME_PATHS.newCoins);
    expect(list.data.currentTime).toBe(T0);
    expect(list.data.newCoinList.map((c) => c.unit).sort()).toEqual(newCoinSeeds.map((c) => c.unit).sort());
    const times = list.data.newCoinList.map((c) => c.onlineTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const c of list.data.newCoinList) {
      expect(c.status).toBe(c.onlineTime <= T0 ? 1 : 0);
      expect(c.imgUrl).toBe(`/coins/${c.unit.toLowerCase()}.svg`);
      expect(c.jumpSymbol).toBe(`${c.unit}_USDT`);
    }

    const preview = await getJson<{ newCoinList: NewCoin[]; currentTime: number }>(HOME_PATHS.newCoinPreview);
    const statuses = preview.data.newCoinList.map((c) => c.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));

    const rows = await ranking('type=NEW_COIN&pageNo=1&pageSize=6');
    expect(rows.data.records.map((r) => r.symbol)).toEqual(
      preview.data.newCoinList.map((c) => `${c.unit}/USDT`).slice(0, rows.data.records.length),
    );
    expect(rows.data.records.every((r) => typeof r.onlineTime === 'number')).toBe(true);
  });

  it('a coin listed through the dev route turns online when the clock passes its time', async () => {
    const added = await t.server.inject({
      method: 'POST',
      url: HOME_PATHS.devNewCoin,
      payload: { symbol: 'ton_usdt', onlineInMs: 5000 },
    });
    expect(added.json().code).toBe(0);
    expect(added.json().data).toMatchObject({ unit: 'TON', status: 0, onlineTime: T0 + 5000 });
    const statusOf = async () =>
      (await getJson<{ newCoinList: NewCoin[] }>(HOME_PATHS.newCoinPreview)).data.newCoinList.find(
        (c) => c.unit === 'TON',
      )?.status;
    expect(await statusOf()).toBe(0);
    t.advance(5000);
    expect(await statusOf()).toBe(1);

    const unknown = await t.server.inject({
      method: 'POST',
      url: HOME_PATHS.devNewCoin,
      payload: { symbol: 'NOPE/USDT', onlineInMs: 5000 },
    });
    expect(unknown.statusCode).toBe(400);
    const before = (await getJson<{ newCoinList: NewCoin[] }>(HOME_PATHS.newCoins)).data.newCoinList.length;
    expect(before).toBe(newCoinSeeds.length + 1);
  });

  it('serves the home advertisements of location 1 in each language, 40 per page', async () => {
    for (const lang of LANGS) {
      const { code, data } = await getJson<{ content: { title: string; linkUrl: string }[]; totalElements: number }>(
        `${HOME_PATHS.advertise}?pageNo=1&pageSize=40&advertiseLocation=1`,
        lang,
      );
      expect(code).toBe(200);
      expect(data.content.map((a) => a.title)).toEqual(advertiseSeeds.map((a) => a.title[lang]));
      expect(data.totalElements).toBe(advertiseSeeds.length);
    }
    const empty = await getJson<{ content: unknown[] }>(`${HOME_PATHS.advertise}?advertiseLocation=7`);
    expect(empty.data.content).toEqual([]);
  });
  it('counts the platform: markets, coins, members, countries and the 24 h spot turnover in USD', async () => {
    const { code, data } = await getJson<{
      turnover24hUsd: string;
      markets: number;
      coins: number;
      users: number;
      countries: number;
    }>(HOME_PATHS.platformStat);
    expect(code).toBe(0);
    const markets = await t.server.store.markets.spotMarkets();
    expect(data.markets).toBe(markets.length);
    expect(data.coins).toBe((await t.server.store.markets.coins()).length);
    expect(data.users).toBeGreaterThanOrEqual(0);
    expect(data.countries).toBeGreaterThan(10);
    // ETH's 1000 at 3400.00 is the biggest part of the turnover recorded above.
    expect(Number(data.turnover24hUsd)).toBeGreaterThan(3_400_000);
    expect(data.turnover24hUsd).toMatch(/^\d+\.\d{2}$/);
  });

  it('names the home images of each theme, served from the client folder', async () => {
    const { code, data } = await getJson<{ downloadLight: string; downloadDark: string }>(HOME_PATHS.indexImages);
    expect(code).toBe(0);
    expect(data).toEqual({ downloadLight: '/home/app-light.svg', downloadDark: '/home/app-dark.svg' });
  });
});

describe('production mode', () => {
  it('has no dev new-coin route', async () => {
    const t = await buildTestApp({ production: true });
    try {
      const r = await t.server.inject({
        method: 'POST',
        url: HOME_PATHS.devNewCoin,
        payload: { symbol: 'TON/USDT', onlineInMs: 1 },
      });
      expect(r.json().code).not.toBe(0);
    } finally {
      await t.close();
    }
  });
});
