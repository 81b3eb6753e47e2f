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
 * One row of `GET /market/symbol-thumb` (spec trading §3, spot market row).
 * Prices and volumes are exact decimal strings; `chg` is a fraction (0.0123 = +1.23 %).
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
