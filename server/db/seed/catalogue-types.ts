import type { InstrumentType } from '../../../common/market.ts';

/** Decimal strings throughout: money is never a float (DESIGN §5). */
export interface CoinSeed {
  /** Upper-case ticker, e.g. BTC. Logo at public/coins/{unit lower-case}.svg. */
  unit: string;
  name: string;
  /** Ledger precision: balances are integers of 10^-decimals. */
  decimals: number;
  /** Reference value of one coin in USD. */
  usdRate: string;
  /** Brand-like colour for the generated logo, #rrggbb. */
  color: string;
  canDeposit: boolean;
  canWithdraw: boolean;
  /** Network fee for withdrawals, in the coin. */
  withdrawFee: string;
  minWithdraw: string;
}

export interface SpotMarketSeed {
  base: string;
  quote: 'USDT' | 'USDC' | 'BTC';
  /** Reference price in the quote currency, on the priceScale grid. */
  price: string;
  priceScale: number;
  /** Decimals of the base amount (lot size = 10^-amountScale). */
  amountScale: number;
  /** Minimum order amount in the base coin. */
  minAmount: string;
  /** Minimum order value in the quote currency. */
  minTurnover: string;
  makerFee: string;
  takerFee: string;
}

/** Perpetual (swap) contracts, USDT-margined. */
export interface SwapContractSeed {
  base: string;
  quote: 'USDT';
  price: string;
  priceScale: number;
  /** Base coin per contract, e.g. "0.001" BTC. */
  contractSize: string;
  minVolume: number;
  maxLeverage: number;
  defLeverage: number;
  canOpenLv1000: boolean;
  makerFee: string;
  takerFee: string;
}

/** Futures-style markets: futures (1), stock (2), forex (3), commodities (4). */
export interface FuturesSymbolSeed {
  /** Lower-case, e.g. btc_usdt, aapl_usdt, eurusd, xauusd. */
  symbol: string;
  instrumentType: InstrumentType;
  name: string;
  baseCoin: string;
  quoteCoin: string;
  price: string;
  /** Decimals of the base quantity. */
  baseDecimal: number;
  /** Decimals of prices. */
  quoteDecimal: number;
  indexScale: number;
  maxLeverage: number;
  defLeverage: number;
  canOpenLv1000: boolean;
  makerFee: string;
  takerFee: string;
  minVolume: string;
}
