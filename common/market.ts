/** Quote currencies of the spot area (spec trading §1). */
export const SPOT_QUOTES = ['USDT', 'USDC', 'BTC'] as const;
export type SpotQuote = (typeof SPOT_QUOTES)[number];

/**
 * The market lists with their scales: the pages' headers and selectors read them, and the data worker's books take
 * their grids from them (a page may hand the worker the rows it fetched, by this path: workers/market-lists.ts).
 */
export const SPOT_MARKET_LIST = '/market/symbol-thumb';
export const CONTRACT_MARKET_LIST = '/swap/symbol-thumb';

/** Kinds of futures-style market (spec trading §3, symbolInfo.instrumentType). */
export const InstrumentType = {
  futures: 1,
  stock: 2,
  forex: 3,
  commodities: 4,
} as const;
export type InstrumentType = (typeof InstrumentType)[keyof typeof InstrumentType];

// The /market/* wire types moved to the contract layer; named here until every reader imports them from there.
export type {
  CoinInfo,
  ExchangePlate,
  ExchangeRate,
  LatestTrade,
  MarketTop,
  PlateItem,
  PlateSide,
  SymbolInfo,
  SymbolThumb,
  SymbolThumbTrend,
  TradeDirection,
} from './contracts/spot-market.ts';

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

/**
 * A perpetual's market name on the socket: ccxt's linear-perpetual form `BTC/USDT:USDT` (settled in the quote), so it
 * never collides with the spot market `BTC/USDT` of the same pair.
 */
export function swapMarket(symbol: string): string {
  const quote = symbol.slice(symbol.indexOf('/') + 1);
  return `${symbol}:${quote}`;
}

/** The contract symbol behind a market name of {@link swapMarket}, or null when the name is not one. */
export function swapSymbolOf(market: string): string | null {
  const colon = market.indexOf(':');
  if (colon <= 0) return null;
  const symbol = market.slice(0, colon);
  return swapMarket(symbol) === market ? symbol : null;
}
