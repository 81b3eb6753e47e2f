import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ApiCode, HOME_PATHS } from '../../common/api.ts';
import { ApiError } from '../errors/api-error.ts';
import type { SpotMarketWithRates } from '../exchange/catalogue.ts';
import { logoOf, normalizeSymbol } from '../exchange/catalogue.ts';
import { apiOk, ok } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { bannerSvg } from './banner-image.ts';
import {
  changeFraction,
  gridText,
  isOnline,
  listingOrder,
  pageOf,
  RANKING_TYPES,
  type RankedMarket,
  type RankingItem,
  rankSpot,
  trendPoints,
} from './ranking.ts';
import { homeStore, type NewCoinRow } from './repository.ts';
import { HOME_ADVERTISE_LOCATION } from './seed.ts';

/** spec shell §9: ranking page size 6, advertise page size 40 (the defaults when a caller sends none). */
export const RANKING_PAGE_SIZE = 6;
export const ADVERTISE_PAGE_SIZE = 40;
/** Daily closes a trend line holds at most. */
export const TREND_DAYS = 30;
/** The preview answers this many listings; the page shows the first 2 (spec shell §2). */
export const PREVIEW_COINS = 4;
/** The dev route lists coins going live within a day at most. */
const DEV_MAX_DELAY_MS = 86_400_000;

const PageNo = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 }));
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));
const RankingQuery = Type.Object({
  type: Type.Enum(RANKING_TYPES),
  pageNo: PageNo,
  pageSize: PageSize,
  inverted: Type.Optional(Type.Boolean()),
});
const AdvertiseQuery = Type.Object({
  pageNo: PageNo,
  pageSize: PageSize,
  advertiseLocation: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
const BannerImageParams = Type.Object({ file: Type.String({ pattern: '^[0-9]{1,9}\\.svg$' }) });
const DevNewCoinBody = Type.Object({
  symbol: Type.String({ minLength: 3, maxLength: 32 }),
  onlineInMs: Type.Integer({ minimum: 0, maximum: DEV_MAX_DELAY_MS }),
});

/**
 * The home page's calls (spec shell §7 "Home page calls", /config/banner): carousel banners and their drawn images,
 * the ranking lists from the live spot statistics, new-coin listings with the server's time for the countdowns, and
 * advertisements. Content is stored per language (migration 0008); prices come from server/marketdata.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const store = homeStore(app.store.db);
  const data = app.marketData;

  /** Every spot market as a ranking row with its USD turnover, read once per request. */
  const spotRows = async () => {
    const markets = await app.store.markets.spotMarkets();
    const now = app.clock();
    const usd = new Map<string, number>([['USDT', 1]]);
    for (const m of markets) {
      if (!usd.has(m.quote)) usd.set(m.quote, Number(m.quoteUsdRate));
      if (m.quote === 'USDT' && data.has(m.symbol)) {
        usd.set(m.base, data.stats(m.symbol).price / 10 ** m.priceScale);
      }
    }
    const rows = new Map<string, RankedMarket>();
    for (const m of markets) {
      const item = itemOf(m, now);
      rows.set(m.symbol, { item, turnoverUsd: Number(item.turnover) * (usd.get(m.quote) ?? Number(m.quoteUsdRate)) });
    }
    return rows;
  };

  const itemOf = (m: SpotMarketWithRates, now: number): RankingItem => {
    const live = data.has(m.symbol);
    const reference = Math.round(Number(m.referencePrice) * 10 ** m.priceScale);
    const s = live ? data.stats(m.symbol) : null;
    const price = s?.price ?? reference;
    return {
      symbol: m.symbol,
      coinSymbol: m.base,
      baseSymbol: m.quote,
      logoUrl: logoOf(m.base),
      currentPrice: gridText(price, m.priceScale),
      priceScale: m.priceScale,
      chg: s ? changeFraction(s.price, s.open) : 0,
      volume: gridText(s?.volume ?? 0, m.amountScale),
      turnover: (Math.round((s?.amount ?? 0) * 10 ** m.priceScale) / 10 ** m.priceScale).toFixed(m.priceScale),
      lastOneDayQuotes: live
        ? trendPoints(data.history(m.symbol, 'D1', { limit: TREND_DAYS }), data.trend(m.symbol), now)
        : [],
      jumpSymbol: m.symbol.replace('/', '_'),
    };
  };

  /** A listing as the new-coin calls answer it (spec shell §3 "New-coin item"), with its status at `now`. */
  const newCoinItem = (c: NewCoinRow, now: number) => ({
    id: c.id,
    unit: c.unit,
    name: c.name,
    imgUrl: logoOf(c.unit),
    symbol: c.symbol,
    jumpSymbol: c.symbol.replace('/', '_'),
    onlineTime: c.onlineTime,
    status: isOnline(c.onlineTime, now) ? 1 : 0,
  });

  app.get('/config/banner', async (request) => {
    const banners = await store.banners(requestLang(request));
    return ok(
      banners.map((b) => ({
        id: b.id,
        title: b.title,
        url: `${HOME_PATHS.bannerImage}/${b.id}.svg`,
        linkUrl: b.linkUrl,
      })),
    );
  });

  app.get<{ Params: Type.Static<typeof BannerImageParams> }>(
    `${HOME_PATHS.bannerImage}/:file`,
    { schema: { params: BannerImageParams } },
    async (request, reply) => {
      const banner = await store.banner(Number.parseInt(request.params.file, 10));
      if (!banner) throw new ApiError(404, ApiCode.notFound, 'notFound');
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(
          bannerSvg({
            title: banner.title,
            subtitle: banner.subtitle,
            colorFrom: banner.colorFrom,
            colorTo: banner.colorTo,
            seed: banner.sort,
          }),
        );
    },
  );

  const ranking = async (input: Type.Static<typeof RankingQuery>) => {
    const pageNo = input.pageNo ?? 1;
    const pageSize = input.pageSize ?? RANKING_PAGE_SIZE;
    const now = app.clock();
    let list: RankingItem[];
    if (input.type === 'CONTRACT_HOT') {
      // No perpetual contract market trades on this exchange yet: the list is honestly empty.
      list = [];
    } else if (input.type === 'NEW_COIN') {
      const rows = await spotRows();
      list = listingOrder(await store.newCoins(), now).flatMap((c) => {
        const row = rows.get(c.symbol);
        return row ? [{ ...row.item, onlineTime: c.onlineTime, coinName: c.name }] : [];
      });
      if (input.inverted) list.reverse();
    } else {
      list = rankSpot(input.type, [...(await spotRows()).values()], input.inverted ?? false);
    }
    return apiOk({ records: pageOf(list, pageNo, pageSize), total: list.length, pageNo, pageSize, currentTime: now });
  };
  app.get<{ Querystring: Type.Static<typeof RankingQuery> }>(
    HOME_PATHS.ranking,
    { schema: { querystring: RankingQuery } },
    (request) => ranking(request.query),
  );
  app.post<{ Body: Type.Static<typeof RankingQuery> }>(
    HOME_PATHS.ranking,
    { schema: { body: RankingQuery } },
    (request) => ranking(request.body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: HOME_PATHS.newCoins,
    handler: async () => {
      const now = app.clock();
      const coins = await store.newCoins();
      return apiOk({ newCoinList: coins.map((c) => newCoinItem(c, now)), currentTime: now });
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: HOME_PATHS.newCoinPreview,
    handler: async () => {
      const now = app.clock();
      const coins = listingOrder(await store.newCoins(), now).slice(0, PREVIEW_COINS);
      return apiOk({ newCoinList: coins.map((c) => newCoinItem(c, now)), currentTime: now });
    },
  });

  const advertise = async (lang: string, input: Type.Static<typeof AdvertiseQuery>) => {
    const pageNo = input.pageNo ?? 1;
    const pageSize = input.pageSize ?? ADVERTISE_PAGE_SIZE;
    const location = input.advertiseLocation ?? HOME_ADVERTISE_LOCATION;
    const { rows, total } = await store.advertise(lang, location, (pageNo - 1) * pageSize, pageSize);
    return apiOk({
      content: rows.map((r) => ({ id: r.id, title: r.title, linkUrl: r.linkUrl, sort: r.sort })),
      totalElements: total,
      pageNo,
      pageSize,
    });
  };
  app.get<{ Querystring: Type.Static<typeof AdvertiseQuery> }>(
    HOME_PATHS.advertise,
    { schema: { querystring: AdvertiseQuery } },
    (request) => advertise(requestLang(request), request.query),
  );
  app.post<{ Body: Type.Static<typeof AdvertiseQuery> }>(
    HOME_PATHS.advertise,
    {
      schema: { body: AdvertiseQuery },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    (request) => advertise(requestLang(request), request.body),
  );

  // Platform figures for the home page's statistics strip: 24 h spot turnover in USD, markets, coins, members.
  app.get(HOME_PATHS.platformStat, async () => {
    const rows = await spotRows();
    let turnoverUsd = 0;
    for (const row of rows.values()) turnoverUsd += row.turnoverUsd;
    const db = app.store.db;
    const [coins, users, countries] = await Promise.all([
      db
        .selectFrom('coins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      // The countries table belongs to the account module's widened schema.
      sql<{ n: number }>`select count(*) as n from countries`.execute(db),
    ]);
    return ok({
      turnover24hUsd: turnoverUsd.toFixed(2),
      markets: rows.size,
      coins: Number(coins.n),
      users: Number(users.n),
      countries: Number(countries.rows[0]?.n ?? 0),
      time: app.clock(),
    });
  });

  if (!app.config.production) {
    // Lists a real spot market as a coin going live in `onlineInMs`, so a journey can watch its countdown end.
    app.post<{ Body: Type.Static<typeof DevNewCoinBody> }>(
      HOME_PATHS.devNewCoin,
      { schema: { body: DevNewCoinBody } },
      async (request) => {
        const symbol = normalizeSymbol(request.body.symbol);
        const market = (await app.store.markets.spotMarkets()).find((m) => m.symbol === symbol);
        if (!market) throw new ApiError(400, ApiCode.unknownMarket, 'unknownMarket', { symbol });
        const now = app.clock();
        const onlineTime = now + request.body.onlineInMs;
        const id = await store.addNewCoin(market.base, market.symbol, onlineTime, now);
        const coin = (await store.newCoins()).find((c) => c.id === id);
        return ok(coin ? newCoinItem(coin, now) : null);
      },
    );
  }
}
