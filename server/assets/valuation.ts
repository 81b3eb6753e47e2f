import { add, fromUnits, mul, round, truncate } from '../../common/decimal.ts';

/**
 * Valuation of wallet balances in USDT (spec shell §3 "Balance rows", §9 asset total). Pure functions over exact decimal
 * strings and integer ledger units: the server values each balance, the client adds the wallets up and converts.
 */

/** Decimals of a USDT value (the client converts and rounds for display, spec shell §9). */
export const VALUE_SCALE = 8;

/** A coin as valuation needs it: ledger decimals and the catalogue's reference USD rate. */
export interface ValuedCoin {
  unit: string;
  decimals: number;
  usdRate: string;
}

/** A spot market as valuation needs it. */
export interface PricedMarket {
  symbol: string;
  base: string;
  quote: string;
  priceScale: number;
}

/**
 * USD value of each coin: the last price of its USDT market when that market has traded, else the catalogue rate.
 * `lastPrice` gives a market's last price in ticks of its price scale, or 0 when it has none.
 */
export function usdRatesOf(
  coins: readonly Pick<ValuedCoin, 'unit' | 'usdRate'>[],
  markets: Iterable<PricedMarket>,
  lastPrice: (symbol: string) => number,
): Map<string, string> {
  const rates = new Map<string, string>();
  for (const coin of coins) rates.set(coin.unit, coin.usdRate);
  for (const m of markets) {
    if (m.quote !== 'USDT') continue;
    const price = lastPrice(m.symbol);
    if (price > 0) rates.set(m.base, fromUnits(BigInt(price), m.priceScale));
  }
  // USDT is the unit of account: one USDT is worth one.
  rates.set('USDT', '1');
  return rates;
}

/** One coin of one wallet, valued: amounts as exact decimal strings. */
export interface ValuedBalance {
  balance: string;
  frozenBalance: string;
  total: string;
  usdtValue: string;
}

/** Values `available` + `frozen` integer units of a coin at `usdRate`, truncated to {@link VALUE_SCALE} decimals. */
export function valueBalance(available: number, frozen: number, decimals: number, usdRate: string): ValuedBalance {
  const total = fromUnits(BigInt(available) + BigInt(frozen), decimals);
  return {
    balance: fromUnits(BigInt(available), decimals),
    frozenBalance: fromUnits(BigInt(frozen), decimals),
    total,
    usdtValue: usdtValue(total, usdRate),
  };
}

/** `amount` × `usdRate`, truncated to {@link VALUE_SCALE} decimals. */
export function usdtValue(amount: string, usdRate: string): string {
  return truncate(mul(amount, usdRate), VALUE_SCALE);
}

/** Exact sum of decimal strings. */
export function sumOf(values: Iterable<string>): string {
  let total = '0';
  for (const v of values) total = add(total, v);
  return total;
}

/**
 * The asset total of spec shell §9 in USDT: spot + contract + funds + follow + financial, the contract part rounded to
 * 2 decimals first (the client converts it to the display currency by the shell's rate).
 */
export function assetTotalUsdt(parts: {
  spot: string;
  funds: string;
  contract: string;
  follow: string;
  financial: string;
}): string {
  return sumOf([parts.spot, round(parts.contract, 2), parts.funds, parts.follow, parts.financial]);
}
