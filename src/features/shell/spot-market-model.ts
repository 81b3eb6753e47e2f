// The header's spot market panel and the selector's recommended list (spec shell §2 "hovering shows a spot market
// panel; clicking a market opens /trade/{symbol}-{unit}"; trading §2 "quote tabs USDT (default), USDC and BTC. The top
// 8 spot markets form the recommended list"; issue 19 item 12). Pure: spot-market-panel.tsx renders it.
import type { RankingItem } from '../../../common/contracts/home.ts';
import type { SymbolThumb } from '../../../common/market.ts';
import { searchSymbols } from '../../app/symbol-search.ts';

/** Quote tabs of the spot panel, the first the default. */
export const QUOTE_TABS = ['USDT', 'USDC', 'BTC'] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number];

/** How many spot markets the recommended list holds. */
export const RECOMMENDED_SIZE = 8;

export interface SpotMarketRow {
  /** BASE/QUOTE. */
  symbol: string;
  /** The last price as the server gave it (the worker's ticker replaces it once live). */
  close: string;
  priceScale: number;
  chg: number;
  /** /trade/{base}-{quote}. */
  to: string;
}

export const tradePath = (symbol: string) => `/trade/${symbol.replace('/', '-')}`;

/** The rows of one quote tab that match the search (spec shell §5: whitespace removed, case-insensitive substring). */
export function panelRows(thumbs: readonly SymbolThumb[], quote: QuoteTab, query: string): SpotMarketRow[] {
  const rows = thumbs
    .filter((m) => m.baseSymbol === quote)
    .map((m) => ({ symbol: m.symbol, close: m.close, priceScale: m.priceScale, chg: m.chg, to: tradePath(m.symbol) }));
  return searchSymbols(rows, query);
}

/** The recommended list: the first eight of the hot spot ranking (its order is the server's). */
export function recommendedRows(ranking: readonly RankingItem[]): SpotMarketRow[] {
  return ranking.slice(0, RECOMMENDED_SIZE).map((r) => ({
    symbol: r.symbol,
    close: r.currentPrice,
    priceScale: r.priceScale,
    chg: r.chg,
    to: tradePath(r.symbol),
  }));
}
