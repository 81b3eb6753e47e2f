import { ApiCode } from '../../common/api.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import {
  FavoriteListSchema,
  type SpotAccount,
  SpotAccountSchema,
  SpotBillPageSchema,
  SpotBillQuerySchema,
  SpotSymbolSchema,
} from '../../common/contracts/spot-trade.ts';
import { div, fromUnits, mul, truncate } from '../../common/decimal.ts';
import { userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import type { Exchange, SpotMarketInfo } from '../exchange/index.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import type { MarketData } from '../marketdata/index.ts';
import type { SpotContext } from './context.ts';
import { MAX_OPEN_ORDERS } from './rejections.ts';
import { MAX_FAVORITES } from './repository.ts';

const spot = { session: false, emptyForm: false };

/**
 * The spot account of one market (spec trading §3 "Spot account"): what the order form needs to size and check an
 * order. Fee rates are the taker's (the dearer one), so a total shown before sending is never an underestimate.
 */
function spotAccount(exchange: Exchange, marketData: MarketData, userId: number, m: SpotMarketInfo): SpotAccount {
  const base = exchange.accounts.balance(userId, m.base);
  const quote = exchange.accounts.balance(userId, m.quote);
  const book = exchange.engine.book(m.symbol);
  const price = (ticks: number | undefined) => (ticks ? fromUnits(BigInt(ticks), m.priceScale) : '0');
  const bid = price(book?.bids.best()?.price);
  const ask = price(book?.asks.best()?.price);
  const last = marketData.has(m.symbol) ? price(marketData.stats(m.symbol).price) : '0';
  const rmb = fromUnits(BigInt(quote.available), m.quoteDecimals);
  const coinHotMoney = fromUnits(BigInt(base.available), m.baseDecimals);
  const rate = fromUnits(BigInt(m.takerRate), 8);
  return {
    symbol: m.symbol,
    coinHotMoney,
    currentCoinColdMoney: fromUnits(BigInt(base.frozen), m.baseDecimals),
    rmb,
    coldrmb: fromUnits(BigInt(quote.frozen), m.quoteDecimals),
    buyOnePrice: bid,
    sellOnePrice: ask,
    currentExchangPrice: last,
    canBuyCoin: ask === '0' ? '0' : div(rmb, ask, m.amountScale),
    canSellMoney: truncate(mul(coinHotMoney, bid), m.quoteDecimals),
    buyFeeRate: rate,
    sellFeeRate: rate,
    makerFeeRate: fromUnits(BigInt(m.makerRate), 8),
    takerFeeRate: rate,
    buyMinMoney: fromUnits(BigInt(m.minQuote), m.quoteDecimals),
    sellMinCoin: fromUnits(BigInt(m.minLots), m.amountScale),
    keepDecimalForCoin: m.amountScale,
    keepDecimalForCurrency: m.priceScale,
    keepDecimalForTotal: Math.min(m.quoteDecimals, m.priceScale + m.amountScale),
    oneTimeOrderNum: MAX_OPEN_ORDERS,
  };
}

/** The spot account of a market, the favourite markets (idempotent add and delete) and the spot bills. */
export async function accountRoutes(app: Api, { exchange, markets, repository }: SpotContext): Promise<void> {
  read(
    app,
    '/exchange/account',
    { input: SpotSymbolSchema, data: SpotAccountSchema },
    async (request, q) => {
      const m = markets.find(q.symbol);
      return ok(spotAccount(exchange, app.marketData, userOf(request).id, m));
    },
    spot,
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/exchange/favor/find',
    schema: { response: reply(FavoriteListSchema) },
    handler: async (request) => ok(await repository.favorites(userOf(request).id)),
  });

  app.post(
    '/exchange/favor/add',
    { schema: { body: SpotSymbolSchema, response: reply(NoDataSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const m = markets.find(request.body.symbol);
      if ((await repository.favoriteCount(userId)) >= MAX_FAVORITES) {
        throw new ApiError(200, ApiCode.badRequest, 'badRequest');
      }
      await repository.addFavorite(userId, m.symbol, app.clock());
      return ok(null);
    },
  );

  app.post(
    '/exchange/favor/delete',
    { schema: { body: SpotSymbolSchema, response: reply(NoDataSchema) } },
    async (request) => {
      const m = markets.find(request.body.symbol);
      await repository.deleteFavorite(userOf(request).id, m.symbol);
      return ok(null);
    },
  );

  read(
    app,
    '/exchange/spot-bill/list',
    { input: SpotBillQuerySchema, data: SpotBillPageSchema },
    async (request, q) => {
      const page = { pageNo: q.pageNo ?? 1, pageSize: q.pageSize ?? 10 };
      exchange.sync();
      const { records, total } = await repository.spotBills(userOf(request).id, q, page);
      return ok({ records, total, ...page });
    },
    spot,
  );
}
