/** Quote currencies of the spot area (spec trading §1). */
export const SPOT_QUOTES = ['USDT', 'USDC', 'BTC'] as const;
export type SpotQuote = (typeof SPOT_QUOTES)[number];

/** Kinds of futures-style market (spec trading §3, symbolInfo.instrumentType). */
export const InstrumentType = {
  futures: 1,
  stock: 2,
  forex: 3,
  commodities: 4,
} as const;
export type InstrumentType = (typeof InstrumentType)[keyof typeof InstrumentType];

/**
 * One row of `GET /market/symbol-thumb` (spec trading §3, spot market row), from the rolling 24 h ticker.
 * Prices and volumes are exact decimal strings with the market's priceScale / amountScale decimals; `chg` is a
 * fraction (0.0123 = +1.23 %).
 */
export interface SymbolThumb {
  /** BASE/QUOTE, e.g. BTC/USDT. */
  symbol: string;
  coinSymbol: string;
  baseSymbol: string;
  open: string;
  high: string;
  low: string;
  close: string;
  /** close − open, in the quote currency. */
  change: string;
  chg: number;
  /** 24 h volume in the base coin. */
  volume: string;
  /** 24 h traded amount in the quote currency. */
  turnover: string;
  /** Value of one base coin in USD. */
  usdRate: string;
  /** Value of one quote coin in USD. */
  baseUsdRate: string;
  priceScale: number;
  /** Decimals of amounts in the base coin. */
  amountScale: number;
  logoUrl: string;
  /** Millisecond timestamp of this reading. */
  time: number;
}

/** A `GET /market/symbol-thumb-trend` row: the thumb plus the closes of the last 24 h, one per hour, oldest first. */
export interface SymbolThumbTrend extends SymbolThumb {
  trend: number[];
}

/** `GET /market/symbol-info`: a spot market's settings (field names of the bizzan exchange the spec mirrors). */
export interface SymbolInfo {
  symbol: string;
  coinSymbol: string;
  baseSymbol: string;
  /** Decimals of amounts in the base coin (= amountScale). */
  coinScale: number;
  /** Decimals of prices in the quote coin (= priceScale). */
  baseCoinScale: number;
  priceScale: number;
  amountScale: number;
  /** Smallest order amount in the base coin. */
  minAmount: string;
  /** Smallest order value in the quote currency. */
  minTurnover: string;
  /** Fee rates as fractions ("0.001" = 0.1 %). */
  makerFee: string;
  takerFee: string;
  enable: 0 | 1;
  enableMarketBuy: 0 | 1;
  enableMarketSell: 0 | 1;
  /** Value of one base coin in USD at the last price. */
  usdRate: string;
  logoUrl: string;
  /** Server time of this reading, ms. */
  currentTime: number;
}

export type TradeDirection = 'BUY' | 'SELL';

/** One price level of a plate: price in the quote currency, amount in the base coin. */
export interface PlateItem {
  price: string;
  amount: string;
}

/** One side of the order book, best level first; the extremes are over the levels listed (zero when there is none). */
export interface PlateSide {
  symbol: string;
  direction: TradeDirection;
  items: PlateItem[];
  maxAmount: string;
  minAmount: string;
  highestPrice: string;
  lowestPrice: string;
}

/** `GET /market/exchange-plate-full` (whole book) and `exchange-plate-mini` (top 20 levels per side). */
export interface ExchangePlate {
  symbol: string;
  bid: PlateSide;
  ask: PlateSide;
}

/** `GET /market/latest-trade` entry, newest first; direction is the taker's side. */
export interface LatestTrade {
  symbol: string;
  price: string;
  amount: string;
  direction: TradeDirection;
  time: number;
}

/** `GET /market/coin-info`. */
export interface CoinInfo {
  name: string;
  unit: string;
  /** Ledger decimals of the coin. */
  decimals: number;
  /** Value of one coin in USD (live through its USDT market when it has one). */
  usdRate: string;
  canDeposit: 0 | 1;
  canWithdraw: 0 | 1;
  withdrawFee: string;
  minWithdraw: string;
  logoUrl: string;
}

/** `GET /market/top`: spot rankings, 10 rows each. */
export interface MarketTop {
  /** Top gainers: 24 h change fraction, highest first. */
  changeRank: SymbolThumb[];
  /** Top losers: 24 h change fraction, lowest first. */
  changeRankDown: SymbolThumb[];
  /** Most traded: 24 h turnover valued in USD, highest first. */
  volumeRank: SymbolThumb[];
}

/** Display currencies of spec trading §1, in the spec's order (lower case, as in the exchange-rate path). */
export const DISPLAY_CURRENCIES = ['cny', 'hkd', 'usd', 'jpy', 'twd', 'vnd', 'usdt'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export function isDisplayCurrency(value: string): value is DisplayCurrency {
  return (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/**
 * Units of each display currency that one US dollar buys. Fixed reference values: this reference exchange has no fiat
 * feed. USDT counts as one dollar.
 */
export const REFERENCE_FIAT_PER_USD: Readonly<Record<DisplayCurrency, string>> = {
  cny: '7.1',
  hkd: '7.8',
  usd: '1',
  jpy: '150',
  twd: '32',
  vnd: '25500',
  usdt: '1',
};

/** `GET /market/exchange-rate/{currency}/usdt`. */
export interface ExchangeRate {
  /** Upper case: CNY, BTC… */
  currency: string;
  /** Value of one unit of `currency` in USDT (12 decimals at most, truncated). */
  rate: string;
  /** Units of `currency` that one USDT buys (12 decimals at most, truncated). */
  inverse: string;
}
