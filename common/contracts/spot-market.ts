import { type Static, Type } from 'typebox';
import { CANDLE_INTERVALS } from '../protocol.ts';

/**
 * Spot market data (spec trading §7 "Spot market": /market/*). Every route answers GET (query) and POST (form body).
 * Shapes follow the bizzan exchange the spec mirrors; money is exact decimal strings on the market's grid, candles and
 * trends are wire numbers.
 */

const SymbolText = Type.String({ minLength: 1, maxLength: 32 });

export const SymbolQuerySchema = Type.Object({ symbol: SymbolText });
export type SymbolQuery = Static<typeof SymbolQuerySchema>;

export const LatestTradeQuerySchema = Type.Object({
  symbol: SymbolText,
  size: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type LatestTradeQuery = Static<typeof LatestTradeQuerySchema>;

export const CoinQuerySchema = Type.Object({ unit: Type.String({ minLength: 1, maxLength: 16 }) });
export type CoinQuery = Static<typeof CoinQuerySchema>;

export const HistoryQuerySchema = Type.Object({
  symbol: SymbolText,
  resolution: Type.Enum(CANDLE_INTERVALS),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type HistoryQuery = Static<typeof HistoryQuerySchema>;

export const RateParamsSchema = Type.Object({ currency: Type.String({ minLength: 1, maxLength: 16 }) });
export type RateParams = Static<typeof RateParamsSchema>;

/**
 * One row of `/market/symbol-thumb` (spec trading §3, spot market row), from the rolling 24 h ticker. Prices and
 * volumes are exact decimal strings with the market's priceScale / amountScale decimals; `chg` is a fraction
 * (0.0123 = +1.23 %).
 */
export const SymbolThumbSchema = Type.Object({
  /** BASE/QUOTE, e.g. BTC/USDT. */
  symbol: Type.String(),
  coinSymbol: Type.String(),
  baseSymbol: Type.String(),
  open: Type.String(),
  high: Type.String(),
  low: Type.String(),
  close: Type.String(),
  /** close − open, in the quote currency. */
  change: Type.String(),
  chg: Type.Number(),
  /** 24 h volume in the base coin. */
  volume: Type.String(),
  /** 24 h traded amount in the quote currency. */
  turnover: Type.String(),
  /** Value of one base coin in USD. */
  usdRate: Type.String(),
  /** Value of one quote coin in USD. */
  baseUsdRate: Type.String(),
  priceScale: Type.Integer(),
  /** Decimals of amounts in the base coin. */
  amountScale: Type.Integer(),
  logoUrl: Type.String(),
  /** Millisecond timestamp of this reading. */
  time: Type.Number(),
});
export type SymbolThumb = Static<typeof SymbolThumbSchema>;

/** A `/market/symbol-thumb-trend` row: the thumb plus the closes of the last 24 h, one per hour, oldest first. */
export const SymbolThumbTrendSchema = Type.Object({
  ...SymbolThumbSchema.properties,
  trend: Type.Array(Type.Number()),
});
export type SymbolThumbTrend = Static<typeof SymbolThumbTrendSchema>;

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** `/market/symbol-info`: a spot market's settings (field names of the bizzan exchange the spec mirrors). */
export const SymbolInfoSchema = Type.Object({
  symbol: Type.String(),
  coinSymbol: Type.String(),
  baseSymbol: Type.String(),
  /** Decimals of amounts in the base coin (= amountScale). */
  coinScale: Type.Integer(),
  /** Decimals of prices in the quote coin (= priceScale). */
  baseCoinScale: Type.Integer(),
  priceScale: Type.Integer(),
  amountScale: Type.Integer(),
  /** Smallest order amount in the base coin. */
  minAmount: Type.String(),
  /** Smallest order value in the quote currency. */
  minTurnover: Type.String(),
  /** Fee rates as fractions ("0.001" = 0.1 %). */
  makerFee: Type.String(),
  takerFee: Type.String(),
  enable: Flag,
  enableMarketBuy: Flag,
  enableMarketSell: Flag,
  /** Value of one base coin in USD at the last price. */
  usdRate: Type.String(),
  logoUrl: Type.String(),
  /** Server time of this reading, ms. */
  currentTime: Type.Number(),
});
export type SymbolInfo = Static<typeof SymbolInfoSchema>;

export const TradeDirectionSchema = Type.Union([Type.Literal('BUY'), Type.Literal('SELL')]);
export type TradeDirection = Static<typeof TradeDirectionSchema>;

/** One price level of a plate: price in the quote currency, amount in the base coin. */
export const PlateItemSchema = Type.Object({ price: Type.String(), amount: Type.String() });
export type PlateItem = Static<typeof PlateItemSchema>;

/** One side of the order book, best level first; the extremes are over the levels listed (zero when there is none). */
export const PlateSideSchema = Type.Object({
  symbol: Type.String(),
  direction: TradeDirectionSchema,
  items: Type.Array(PlateItemSchema),
  maxAmount: Type.String(),
  minAmount: Type.String(),
  highestPrice: Type.String(),
  lowestPrice: Type.String(),
});
export type PlateSide = Static<typeof PlateSideSchema>;

/** `/market/exchange-plate-full` (whole book) and `exchange-plate-mini` (top 20 levels per side). */
export const ExchangePlateSchema = Type.Object({ symbol: Type.String(), bid: PlateSideSchema, ask: PlateSideSchema });
export type ExchangePlate = Static<typeof ExchangePlateSchema>;

/** `/market/latest-trade` entry, newest first; direction is the taker's side. */
export const LatestTradeSchema = Type.Object({
  symbol: Type.String(),
  price: Type.String(),
  amount: Type.String(),
  direction: TradeDirectionSchema,
  time: Type.Number(),
});
export type LatestTrade = Static<typeof LatestTradeSchema>;

/** `/market/coin-info`. */
export const CoinInfoSchema = Type.Object({
  name: Type.String(),
  unit: Type.String(),
  /** Ledger decimals of the coin. */
  decimals: Type.Integer(),
  /** Value of one coin in USD (live through its USDT market when it has one). */
  usdRate: Type.String(),
  canDeposit: Flag,
  canWithdraw: Flag,
  withdrawFee: Type.String(),
  minWithdraw: Type.String(),
  logoUrl: Type.String(),
});
export type CoinInfo = Static<typeof CoinInfoSchema>;

/** `/market/top`: spot rankings, 10 rows each. */
export const MarketTopSchema = Type.Object({
  /** Top gainers: 24 h change fraction, highest first. */
  changeRank: Type.Array(SymbolThumbSchema),
  /** Top losers: 24 h change fraction, lowest first. */
  changeRankDown: Type.Array(SymbolThumbSchema),
  /** Most traded: 24 h turnover valued in USD, highest first. */
  volumeRank: Type.Array(SymbolThumbSchema),
});
export type MarketTop = Static<typeof MarketTopSchema>;

/** `/market/history`: candles `[time, open, high, low, close, volume]` of the wire protocol, oldest first. */
export const CandleRowSchema = Type.Array(Type.Number());
export const CandleHistorySchema = Type.Array(CandleRowSchema);

/** `/market/exchange-rate/{currency}/usdt`. */
export const ExchangeRateSchema = Type.Object({
  /** Upper case: CNY, BTC… */
  currency: Type.String(),
  /** Value of one unit of `currency` in USDT (12 decimals at most, truncated). */
  rate: Type.String(),
  /** Units of `currency` that one USDT buys (12 decimals at most, truncated). */
  inverse: Type.String(),
});
export type ExchangeRate = Static<typeof ExchangeRateSchema>;

export const SymbolThumbListSchema = Type.Array(SymbolThumbSchema);
export const SymbolThumbTrendListSchema = Type.Array(SymbolThumbTrendSchema);
export const LatestTradeListSchema = Type.Array(LatestTradeSchema);
