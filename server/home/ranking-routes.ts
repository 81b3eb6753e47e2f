import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiCode, HOME_PATHS } from '../../common/api.ts';
import {
  DevNewCoinBodySchema,
  NewCoinListSchema,
  NewCoinSchema,
  PlatformStatSchema,
  type RankingItem,
  RankingPageSchema,
  type RankingQuery,
  RankingQuerySchema,
} from '../../common/contracts/home.ts';
import { ApiError } from '../errors/api-error.ts';
import { normalizeSymbol } from '../exchange/catalogue.ts';
import { apiOk, ok, reply } from '../http/envelope.ts';
import { newCoinItem, rankedContracts, rankedMarkets } from './listing.ts';
import { listingOrder, pageOf, rankSpot } from './ranking.ts';
import { homeStore, platformCounts } from './repository.ts';

/** spec shell §9: ranking page size 6 (the default when a caller sends none). */
export const RANKING_PAGE_SIZE = 6;
/** The preview answers this many listings; the page shows the first 2 (spec shell §2). */
export const PREVIEW_COINS = 4;

/**
 * The ranking lists from the live spot statistics, new-coin listings with the server's time for the countdowns, and
 * the platform figures (spec shell §7 "Home page calls"). Prices come from server/marketdata.
 */
export const rankingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const store = homeStore(app.store.db);
  /** Every spot market as a ranking row, read once per request. */
  const spotRows = async () => rankedMarkets(await app.store.markets.spotMarkets(), app.marketData);

  const listOf = async (input: RankingQuery, now: number): Promise<RankingItem[]> => {
    if (input.type === 'CONTRACT_HOT') {
      const list = rankedContracts(app.exchange.swap.catalogue.values(), app.swapData);
      return input.inverted ? list.reverse() : list;
    }
    if (input.type !== 'NEW_COIN') {
      // A coming market ranks nowhere before it opens (the new-listings tab counts down to it instead).
      const open = [...(await spotRows())].filter(([symbol]) => app.exchange.openings.isOpen(symbol, now));
      return rankSpot(
        input.type,
        open.map(([, row]) => row),
        input.inverted ?? false,
      );
    }
    const rows = await spotRows();
    const list = listingOrder(await store.newCoins(), now).flatMap((c) => {
      const row = rows.get(c.symbol);
      return row ? [{ ...row.item, onlineTime: c.onlineTime, coinName: c.name }] : [];
    });
    return input.inverted ? list.reverse() : list;
  };
  const ranking = async (input: RankingQuery) => {
    const pageNo = input.pageNo ?? 1;
    const pageSize = input.pageSize ?? RANKING_PAGE_SIZE;
    const now = app.clock();
    const list = await listOf(input, now);
    return apiOk({ records: pageOf(list, pageNo, pageSize), total: list.length, pageNo, pageSize, currentTime: now });
  };
  const page = reply(RankingPageSchema);
  app.get(HOME_PATHS.ranking, { schema: { querystring: RankingQuerySchema, response: page } }, (request) =>
    ranking(request.query),
  );
  app.post(HOME_PATHS.ranking, { schema: { body: RankingQuerySchema, response: page } }, (request) =>
    ranking(request.body),
  );

  const coins = reply(NewCoinListSchema);
  app.route({
    method: ['GET', 'POST'],
    url: HOME_PATHS.newCoins,
    schema: { response: coins },
    handler: async () => {
      const now = app.clock();
      const list = await store.newCoins();
      return apiOk({ newCoinList: list.map((c) => newCoinItem(c, now)), currentTime: now });
    },
  });
  app.route({
    method: ['GET', 'POST'],
    url: HOME_PATHS.newCoinPreview,
    schema: { response: coins },
    handler: async () => {
      const now = app.clock();
      const list = listingOrder(await store.newCoins(), now).slice(0, PREVIEW_COINS);
      return apiOk({ newCoinList: list.map((c) => newCoinItem(c, now)), currentTime: now });
    },
  });

  // Platform figures for the home page's statistics strip: 24 h spot turnover in USD, markets, coins, members.
  app.get(HOME_PATHS.platformStat, { schema: { response: reply(PlatformStatSchema) } }, async () => {
    const rows = await spotRows();
    let turnoverUsd = 0;
    for (const row of rows.values()) turnoverUsd += row.turnoverUsd;
    const counts = await platformCounts(app.store.db);
    return ok({ turnover24hUsd: turnoverUsd.toFixed(2), markets: rows.size, ...counts, time: app.clock() });
  });

  if (!app.config.production) {
    // Lists a real spot market as a coin going live in `onlineInMs`, so a journey can watch its countdown end.
    app.post(
      HOME_PATHS.devNewCoin,
      { schema: { body: DevNewCoinBodySchema, response: reply(Type.Union([NewCoinSchema, Type.Null()])) } },
      async (request) => {
        const symbol = normalizeSymbol(request.body.symbol);
        const market = (await app.store.markets.spotMarkets()).find((m) => m.symbol === symbol);
        if (!market) throw new ApiError(400, ApiCode.unknownMarket, 'unknownMarket', { symbol });
        const now = app.clock();
        const id = await store.addNewCoin(market.base, market.symbol, now + request.body.onlineInMs, now);
        app.exchange.openings.set(market.symbol, now + request.body.onlineInMs);
        const coin = (await store.newCoins()).find((c) => c.id === id);
        return ok(coin ? newCoinItem(coin, now) : null);
      },
    );
  }
};
