// Where the contract terminal is (spec shell §2, home ranking rows): /trade/contract?symbol={BASE}_USDT, also
// /trade?type=contract (or tradeType=contract); the contract is named by its symbol `BTC/USDT`.
import { symbolFromParam } from '../trade/market.ts';

export const DEFAULT_CONTRACT = 'BTC/USDT';

/** The contract of the query's `symbol` (`BTC_USDT`, `btc-usdt`, `BTC/USDT`), else `fallback`, else BTC/USDT. */
export function contractSymbolFrom(search: string, fallback = ''): string {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  return symbolFromParam(query.get('symbol') ?? '') ?? symbolFromParam(fallback) ?? DEFAULT_CONTRACT;
}

/** The route of a contract: `BTC/USDT` → `/trade/contract?symbol=BTC_USDT`. */
export function contractPath(symbol: string): string {
  return `/trade/contract?symbol=${encodeURIComponent(symbol.replace('/', '_'))}`;
}
