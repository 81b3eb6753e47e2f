// The contract selector's and lists' rows (spec trading §2, §3): the contract list read with the worker's live tickers.
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { swapMarket } from '../../../../common/market.ts';
import { TICKER_COLUMN as COL, TICKER_COLUMNS } from '../../../../workers/api.ts';
import { normalizeQuery } from '../../../app/symbol-search.ts';
import { type SelectorRow, type Sort, sortRows } from '../../trade/market.ts';

export type ContractTab = 'favourites' | 'usdt';

/** The markets (`BTC/USDT:USDT`) of the contracts, in the list's order: what a tickers view is asked for. */
export function contractMarkets(thumbs: readonly ContractThumb[]): string[] {
  return thumbs.map((c) => swapMarket(c.symbol));
}

/**
 * One row per contract: its last price and 24 h change (a fraction) from `values` (TICKER_COLUMNS per market of
 * {@link contractMarkets}) once there, else the list's.
 */
export function contractRows(thumbs: readonly ContractThumb[], values: ArrayLike<number> | null): SelectorRow[] {
  return thumbs.map((c, i) => {
    const at = i * TICKER_COLUMNS;
    const live = values !== null && values.length >= at + TICKER_COLUMNS;
    return {
      symbol: c.symbol,
      coin: c.baseCoin,
      unit: c.quoteCoin,
      price: live ? (values[at + COL.price] as number) : Number(c.last),
      chg: live ? (values[at + COL.changeRate] as number) / 100 : c.chg,
      priceScale: c.quoteDecimal,
    };
  });
}

/**
 * What a tab shows: every USDT-margined contract or the favourites; the search ignores all whitespace and is a
 * case-insensitive substring of the pair, written `BTC/USDT` or `BTCUSDT` (spec trading §2); then the sort.
 */
export function filterContractRows(
  rows: readonly SelectorRow[],
  options: { tab: ContractTab; query: string; favourites: ReadonlySet<string>; sort: Sort | null },
): SelectorRow[] {
  const q = normalizeQuery(options.query);
  const out = rows.filter((r) => {
    if (options.tab === 'favourites' ? !options.favourites.has(r.symbol) : r.unit !== 'USDT') return false;
    if (q === '') return true;
    const pair = r.symbol.toLowerCase();
    return pair.includes(q) || pair.replace('/', '').includes(q);
  });
  return options.sort ? sortRows(out, options.sort) : out;
}
