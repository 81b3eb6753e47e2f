import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  CandleHistorySchema,
  CoinInfoSchema,
  CoinQuerySchema,
  type ExchangePlate,
  ExchangePlateSchema,
  type ExchangeRate,
  ExchangeRateSchema,
  HistoryQuerySchema,
  type LatestTrade,
  LatestTradeListSchema,
  LatestTradeQuerySchema,
  type MarketTop,
  MarketTopSchema,
  RateParamsSchema,
  type SymbolInfo,
  SymbolInfoSchema,
  SymbolQuerySchema,
  SymbolThumbListSchema,
  type SymbolThumbTrend,
  SymbolThumbTrendListSchema,
} from '../../common/contracts/spot-market.ts';
import { div } from '../../common/decimal.ts';
import { isDisplayCurrency, REFERENCE_FIAT_PER_USD } from '../../common/market.ts';
import { TRADES_CAP } from '../../common/protocol.ts';
import { ApiError } from '../errors/api-error.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { read } from '../http/read.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT, type MarketData } from '../marketdata/index.ts';
import { type MarketSnapshot, marketSnapshots } from './snapshot.ts';
import { coinInfoOf, gridText, plateSide } from './views.ts';

/**
 * The order books as the market routes read them: flat `[priceTicks, volumeLots, …]` per side, best first; the whole
 * book, or at least its best `maxLevels` levels when given.
 */
export interface BookReader {
  depth(symbol: string, maxLevels?: number): { bids: number[]; asks: number[] };
}

export interface MarketRoutesOptions {
  data: MarketData;
  books: BookReader;
  /** Whether a market is open for trading (a coming market is left out of the lists); all are by default. */
  isOpen?: (symbol: string, now: number) => boolean;
}

/** Levels per side of `exchange-plate-mini` (bizzan's plate-mini). */
export const MINI_PLATE_LEVELS = 20;
/** Trades of `latest-trade`: default page size (spec trading §9), at most the trade cap. */
export const LATEST_TRADES_DEFAULT = 20;
/** Rows per ranking of `/market/top`. */
export const TOP_ROWS = 10;
/** Decimals of the computed (divided) exchange rates. */
const RATE_SCALE = 12;

/** What every market route reads: the live data, the books and a snapshot of the markets per request. */
interface MarketContext extends MarketRoutesOptions {
  snapshot: () => Promise<MarketSnapshot>;
}

const market = { session: false, emptyForm: false };

/**
 * Spot market data (spec trading §7, "Spot market"), every answer from the live statistics of `data` and the books of
 * `books`. Each route answers GET (query) and POST (form body).
 */
export const marketRoutes: FastifyPluginAsyncTypebox<MarketRoutesOptions> = async (app, { data, books, isOpen }) => {
  const context: MarketContext = { data, books, snapshot: marketSnapshots(app.store.markets, data, app.clock, isOpen) };
  listRoutes(app, context);
  symbolRoutes(app, context);
  bookRoutes(app, context);
  rateRoutes(app, context);
};

/** The market lists: thumbs, thumbs with trends, rankings. */
function listRoutes(app: Api, { data, snapshot }: MarketContext): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/market/symbol-thumb',
    schema: { response: reply(SymbolThumbListSchema) },
    handler: async () => {
      const { rows, thumb } = await snapshot();
      return ok(rows.map(thumb));
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/market/symbol-thumb-trend',
    schema: { response: reply(SymbolThumbTrendListSchema) },
    handler: async () => {
      const { rows, thumb } = await snapshot();
      return ok(
        rows.map((m): SymbolThumbTrend => ({ ...thumb(m), trend: data.has(m.symbol) ? data.trend(m.symbol) : [] })),
      );
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/market/top',
    schema: { response: reply(MarketTopSchema) },
    handler: async () => {
      const { rows, usd, thumb } = await snapshot();
      const ranked = rows.map((m) => {
        const row = thumb(m);
        return { row, turnoverUsd: Number(row.turnover) * Number(usd.get(m.quote) ?? m.quoteUsdRate) };
      });
      const top = (order: (a: (typeof ranked)[number], b: (typeof ranked)[number]) => number) =>
        [...ranked]
          .sort(order)
          .slice(0, TOP_ROWS)
          .map((r) => r.row);
      const result: MarketTop = {
        changeRank: top((a, b) => b.row.chg - a.row.chg),
        changeRankDown: top((a, b) => a.row.chg - b.row.chg),
        volumeRank: top((a, b) => b.turnoverUsd - a.turnoverUsd),
      };
      return ok(result);
    },
  });
}

/** One market's settings. */
function symbolRoutes(app: Api, { snapshot }: MarketContext): void {
  read(
    app,
    '/market/symbol-info',
    { input: SymbolQuerySchema, data: SymbolInfoSchema },
    async (_request, { symbol }) => {
      const { find, thumb } = await snapshot();
      const m = find(symbol);
      const info: SymbolInfo = {
        symbol: m.symbol,
        coinSymbol: m.base,
        baseSymbol: m.quote,
        coinScale: m.amountScale,
        baseCoinScale: m.priceScale,
        priceScale: m.priceScale,
        amountScale: m.amountScale,
        minAmount: m.minAmount,
        minTurnover: m.minTurnover,
        makerFee: m.makerFee,
        takerFee: m.takerFee,
        enable: 1,
        enableMarketBuy: 1,
        enableMarketSell: 1,
        usdRate: thumb(m).usdRate,
        logoUrl: logoOf(m.base),
        currentTime: app.clock(),
      };
      return ok(info);
    },
    market,
  );
}

/** One market's book, trades and candles. */
function bookRoutes(app: Api, { data, books, snapshot }: MarketContext): void {
  const plate = async (symbol: string, levels: number): Promise<ExchangePlate> => {
    const m = (await snapshot()).find(symbol);
    const book = Number.isFinite(levels) ? books.depth(m.symbol, levels) : books.depth(m.symbol);
    return {
      symbol: m.symbol,
      bid: plateSide(m, 'BUY', book.bids, levels),
      ask: plateSide(m, 'SELL', book.asks, levels),
    };
  };
  const plateContract = { input: SymbolQuerySchema, data: ExchangePlateSchema };
  read(
    app,
    '/market/exchange-plate-full',
    plateContract,
    async (_request, { symbol }) => ok(await plate(symbol, Number.POSITIVE_INFINITY)),
    market,
  );
  read(
    app,
    '/market/exchange-plate-mini',
    plateContract,
    async (_request, { symbol }) => ok(await plate(symbol, MINI_PLATE_LEVELS)),
    market,
  );

  read(
    app,
    '/market/latest-trade',
    { input: LatestTradeQuerySchema, data: LatestTradeListSchema },
    async (_request, { symbol, size }) => {
      const m = (await snapshot()).find(symbol);
      if (!data.has(m.symbol)) return ok([]);
      const count = Math.min(size ?? LATEST_TRADES_DEFAULT, TRADES_CAP);
      const trades = data.recentTrades(m.symbol);
      const out: LatestTrade[] = [];
      for (let i = trades.length - 1; i >= 0 && out.length < count; i--) {
        const t = trades[i];
        if (!t) continue;
        out.push({
          symbol: m.symbol,
          price: gridText(t.price, m.priceScale),
          amount: gridText(t.volume, m.amountScale),
          direction: t.side === 1 ? 'BUY' : 'SELL',
          time: t.time,
        });
      }
      return ok(out);
    },
    market,
  );

  read(
    app,
    '/market/history',
    { input: HistoryQuerySchema, data: CandleHistorySchema },
    async (_request, q) => {
      const m = (await snapshot()).find(q.symbol);
      if (!data.has(m.symbol)) return ok([]);
      const limit = Math.min(q.limit ?? HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT);
      return ok(data.history(m.symbol, q.resolution, { from: q.from, to: q.to, limit }));
    },
    market,
  );
}

/** Coins and exchange rates. */
function rateRoutes(app: Api, { snapshot }: MarketContext): void {
  const { markets } = app.store;

  read(
    app,
    '/market/coin-info',
    { input: CoinQuerySchema, data: CoinInfoSchema },
    async (_request, { unit }) => {
      const coin = (await markets.coins()).find((c) => c.unit === unit.trim().toUpperCase());
      if (!coin) throw new ApiError(400, ApiCode.badRequest, 'unknownCoin', { unit });
      const { usd } = await snapshot();
      return ok(coinInfoOf(coin, usd.get(coin.unit) ?? coin.usdRate));
    },
    market,
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/market/exchange-rate/:currency/usdt',
    schema: { params: RateParamsSchema, response: reply(ExchangeRateSchema) },
    handler: async (request) => {
      const currency = request.params.currency.trim().toLowerCase();
      if (isDisplayCurrency(currency)) {
        const perUsd = REFERENCE_FIAT_PER_USD[currency];
        const rate: ExchangeRate = {
          currency: currency.toUpperCase(),
          rate: div('1', perUsd, RATE_SCALE),
          inverse: perUsd,
        };
        return ok(rate);
      }
      const unit = currency.toUpperCase();
      const coin = (await markets.coins()).find((c) => c.unit === unit);
      if (!coin) throw new ApiError(400, ApiCode.badRequest, 'unknownCurrency', { currency: request.params.currency });
      const value = (await snapshot()).usd.get(unit) ?? coin.usdRate;
      const rate: ExchangeRate = {
        currency: unit,
        rate: value,
        inverse: Number(value) > 0 ? div('1', value, RATE_SCALE) : '0',
      };
      return ok(rate);
    },
  });
}
