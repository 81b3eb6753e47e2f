import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { div, fromUnits, mul, toFixed, toUnits } from '../../common/decimal.ts';
import {
  type CoinInfo,
  type ExchangePlate,
  type ExchangeRate,
  isDisplayCurrency,
  type LatestTrade,
  type MarketTop,
  type PlateSide,
  REFERENCE_FIAT_PER_USD,
  type SymbolInfo,
  type SymbolThumb,
  type SymbolThumbTrend,
  type TradeDirection,
} from '../../common/market.ts';
import { CANDLE_INTERVALS, TRADES_CAP } from '../../common/protocol.ts';
import { ApiError } from '../errors/api-error.ts';
import type { CoinInfoRow, SpotMarketWithRates } from '../exchange/catalogue.ts';
import { logoOf, normalizeSymbol } from '../exchange/catalogue.ts';
import { ok } from '../http/envelope.ts';
import { HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT, type MarketData, type MarketStats } from '../marketdata/index.ts';

/**
 * The order books as the market routes read them: flat `[priceTicks, volumeLots, …]` per side, best first; the whole
 * book, or at least its best `maxLevels` levels when given.
 */
export interface BookReader {
  depth(symbol: string, maxLevels?: number): { bids: number[]; asks: number[] };
}

/** A BookReader for when no matching engine runs: every book is empty. */
export const emptyBooks: BookReader = { depth: () => ({ bids: [], asks: [] }) };

export interface MarketRoutesOptions {
  data: MarketData;
  books: BookReader;
}

/** Levels per side of `exchange-plate-mini` (bizzan's plate-mini). */
export const MINI_PLATE_LEVELS = 20;
/** Trades of `latest-trade`: default page size (spec trading §9), at most the trade cap. */
export const LATEST_TRADES_DEFAULT = 20;
/** Rows per ranking of `/market/top`. */
export const TOP_ROWS = 10;
/** Decimals of the computed (divided) exchange rates. */
const RATE_SCALE = 12;

const SymbolText = Type.String({ minLength: 1, maxLength: 32 });
const SymbolQuery = Type.Object({ symbol: SymbolText });
const LatestTradeQuery = Type.Object({
  symbol: SymbolText,
  size: Type.Optional(Type.Integer({ minimum: 1 })),
});
const CoinQuery = Type.Object({ unit: Type.String({ minLength: 1, maxLength: 16 }) });
const HistoryQuery = Type.Object({
  symbol: SymbolText,
  resolution: Type.Enum(CANDLE_INTERVALS),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});
const RateParams = Type.Object({ currency: Type.String({ minLength: 1, maxLength: 16 }) });

const unknownMarket = (symbol: string) => new ApiError(400, ApiCode.unknownMarket, 'unknownMarket', { symbol });

/** Integer units on a grid of `scale` decimals as an exact string with exactly `scale` decimals (12345, 2 → "123.45"). */
function gridText(units: number, scale: number): string {
  return toFixed(fromUnits(BigInt(units), scale), scale);
}

/** A float statistic (quote turnover) rounded onto a grid of `scale` decimals. */
function floatText(value: number, scale: number): string {
  return gridText(Math.round(value * 10 ** scale), scale);
}

/** change / open as a fraction, 8 decimals (0.0123 = +1.23 %). */
function changeFraction(s: MarketStats): number {
  if (s.open <= 0) return 0;
  return Math.round(((s.price - s.open) / s.open) * 1e8) / 1e8 || 0;
}

/**
 * Spot market data (spec trading §7, "Spot market"), every answer from the live statistics of `data` and the books of
 * `books`. Shapes follow the bizzan exchange the spec mirrors; money is exact decimal strings on the market's grid,
 * candles and trends are wire numbers. Each route answers GET (query) and POST (form body).
 */
export async function marketRoutes(app: FastifyInstance, { data, books }: MarketRoutesOptions): Promise<void> {
  const { markets } = app.store;

  /** Live 24 h statistics; a market that MarketData does not follow stands at its reference price. */
  const statsOf = (m: SpotMarketWithRates): MarketStats => {
    if (data.has(m.symbol)) return data.stats(m.symbol);
    const price = Number(toUnits(m.referencePrice, m.priceScale));
    return { price, lastVolume: 0, open: price, high: price, low: price, volume: 0, amount: 0, time: app.clock() };
  };

  /** Everything a request needs about the spot markets, read once per request. */
  const snapshot = async () => {
    const rows = await markets.spotMarkets();
    const stats = new Map(rows.map((m) => [m.symbol, statsOf(m)] as const));
    // A coin is worth its last USDT price; coins without a USDT market keep the catalogue rate (USDT = 1 USD).
    const usd = new Map<string, string>();
    for (const m of rows) {
      usd.set(m.base, m.baseUsdRate);
      usd.set(m.quote, m.quoteUsdRate);
    }
    for (const m of rows) {
      const s = stats.get(m.symbol);
      if (m.quote === 'USDT' && s) usd.set(m.base, fromUnits(BigInt(s.price), m.priceScale));
    }
    const find = (symbol: string) => {
      const wanted = normalizeSymbol(symbol);
      const market = rows.find((m) => m.symbol === wanted);
      if (!market) throw unknownMarket(symbol);
      return market;
    };
    const thumb = (m: SpotMarketWithRates): SymbolThumb => {
      const s = stats.get(m.symbol) ?? statsOf(m);
      return thumbOf(m, s, usd.get(m.quote) ?? m.quoteUsdRate, app.clock());
    };
    return { rows, stats, usd, find, thumb };
  };

  /** Registers `url` for GET (validated query) and POST (validated form body). */
  const readRoute = <S extends Type.TSchema>(
    url: string,
    schema: S,
    handler: (input: Type.Static<S>) => Promise<unknown>,
  ) => {
    app.get(url, { schema: { querystring: schema } }, (request) => handler(request.query as Type.Static<S>));
    app.post(url, { schema: { body: schema } }, (request) => handler(request.body as Type.Static<S>));
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/market/symbol-thumb',
    handler: async () => {
      const { rows, thumb } = await snapshot();
      return ok(rows.map(thumb));
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/market/symbol-thumb-trend',
    handler: async () => {
      const { rows, thumb } = await snapshot();
      return ok(
        rows.map((m): SymbolThumbTrend => ({ ...thumb(m), trend: data.has(m.symbol) ? data.trend(m.symbol) : [] })),
      );
    },
  });

  readRoute('/market/symbol-info', SymbolQuery, async ({ symbol }) => {
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
  });

  const plate = async (symbol: string, levels: number): Promise<ExchangePlate> => {
    const { find } = await snapshot();
    const m = find(symbol);
    const book = Number.isFinite(levels) ? books.depth(m.symbol, levels) : books.depth(m.symbol);
    return {
      symbol: m.symbol,
      bid: plateSide(m, 'BUY', book.bids, levels),
      ask: plateSide(m, 'SELL', book.asks, levels),
    };
  };
  readRoute('/market/exchange-plate-full', SymbolQuery, async ({ symbol }) =>
    ok(await plate(symbol, Number.POSITIVE_INFINITY)),
  );
  readRoute('/market/exchange-plate-mini', SymbolQuery, async ({ symbol }) =>
    ok(await plate(symbol, MINI_PLATE_LEVELS)),
  );

  readRoute('/market/latest-trade', LatestTradeQuery, async ({ symbol, size }) => {
    const { find } = await snapshot();
    const m = find(symbol);
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
  });

  readRoute('/market/coin-info', CoinQuery, async ({ unit }) => {
    const coin = (await markets.coins()).find((c) => c.unit === unit.trim().toUpperCase());
    if (!coin) throw new ApiError(400, ApiCode.badRequest, 'unknownCoin', { unit });
    const { usd } = await snapshot();
    return ok(coinInfoOf(coin, usd.get(coin.unit) ?? coin.usdRate));
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/market/top',
    handler: async () => {
      const { rows, usd, thumb } = await snapshot();
      const ranked = rows.map((m) => {
        const row = thumb(m);
        return { row, turnoverUsd: Number(row.turnover) * Number(usd.get(m.quote) ?? m.quoteUsdRate) };
      });
      const top: MarketTop = {
        changeRank: [...ranked]
          .sort((a, b) => b.row.chg - a.row.chg)
          .slice(0, TOP_ROWS)
          .map((r) => r.row),
        changeRankDown: [...ranked]
          .sort((a, b) => a.row.chg - b.row.chg)
          .slice(0, TOP_ROWS)
          .map((r) => r.row),
        volumeRank: [...ranked]
          .sort((a, b) => b.turnoverUsd - a.turnoverUsd)
          .slice(0, TOP_ROWS)
          .map((r) => r.row),
      };
      return ok(top);
    },
  });

  readRoute('/market/history', HistoryQuery, async ({ symbol, resolution, from, to, limit }) => {
    const { find } = await snapshot();
    const m = find(symbol);
    if (!data.has(m.symbol)) return ok([]);
    const capped = Math.min(limit ?? HISTORY_DEFAULT_LIMIT, HISTORY_MAX_LIMIT);
    return ok(data.history(m.symbol, resolution, { from, to, limit: capped }));
  });

  app.route<{ Params: Type.Static<typeof RateParams> }>({
    method: ['GET', 'POST'],
    url: '/market/exchange-rate/:currency/usdt',
    schema: { params: RateParams },
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
      const { usd } = await snapshot();
      const value = usd.get(unit) ?? coin.usdRate;
      const rate: ExchangeRate = {
        currency: unit,
        rate: value,
        inverse: Number(value) > 0 ? div('1', value, RATE_SCALE) : '0',
      };
      return ok(rate);
    },
  });
}

/** A spot market row (spec trading §3) from its 24 h statistics. */
function thumbOf(m: SpotMarketWithRates, s: MarketStats, quoteUsdRate: string, time: number): SymbolThumb {
  const price = (ticks: number) => gridText(ticks, m.priceScale);
  const close = price(s.price);
  return {
    symbol: m.symbol,
    coinSymbol: m.base,
    baseSymbol: m.quote,
    open: price(s.open),
    high: price(s.high),
    low: price(s.low),
    close,
    change: price(s.price - s.open),
    chg: changeFraction(s),
    volume: gridText(s.volume, m.amountScale),
    turnover: floatText(s.amount, m.priceScale),
    usdRate: mul(close, quoteUsdRate),
    baseUsdRate: quoteUsdRate,
    priceScale: m.priceScale,
    amountScale: m.amountScale,
    logoUrl: logoOf(m.base),
    time,
  };
}

/** One side of a plate from flat `[priceTicks, volumeLots, …]`, best first, the first `levels` levels. */
function plateSide(m: SpotMarketWithRates, direction: TradeDirection, flat: number[], levels: number): PlateSide {
  const items: PlateSide['items'] = [];
  let maxLots = 0;
  let minLots = Number.POSITIVE_INFINITY;
  let highest = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < flat.length && items.length < levels; i += 2) {
    const ticks = flat[i] as number;
    const lots = flat[i + 1] as number;
    if (lots <= 0) continue;
    items.push({ price: gridText(ticks, m.priceScale), amount: gridText(lots, m.amountScale) });
    if (lots > maxLots) maxLots = lots;
    if (lots < minLots) minLots = lots;
    if (ticks > highest) highest = ticks;
    if (ticks < lowest) lowest = ticks;
  }
  const empty = items.length === 0;
  return {
    symbol: m.symbol,
    direction,
    items,
    maxAmount: gridText(maxLots, m.amountScale),
    minAmount: gridText(empty ? 0 : minLots, m.amountScale),
    highestPrice: gridText(highest, m.priceScale),
    lowestPrice: gridText(empty ? 0 : lowest, m.priceScale),
  };
}

function coinInfoOf(c: CoinInfoRow, usdRate: string): CoinInfo {
  return {
    name: c.name,
    unit: c.unit,
    decimals: c.decimals,
    usdRate,
    canDeposit: c.canDeposit ? 1 : 0,
    canWithdraw: c.canWithdraw ? 1 : 0,
    withdrawFee: c.withdrawFee,
    minWithdraw: c.minWithdraw,
    logoUrl: logoOf(c.unit),
  };
}
