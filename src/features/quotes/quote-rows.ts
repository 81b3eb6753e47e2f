// Pure rules of the quotes pages (spec shell §2, trading §2, §9): the list's rows over the live tickers, its filter
// (the symbol selector's rules, reused), its sort on seven columns, the rankings, and the detail routes.
import type { SpotQuote, SymbolThumb } from '../../../common/market.ts';
import { TICKER_COLUMN as COL, TICKER_COLUMNS } from '../../../workers/api.ts';
import { type SelectorRow, type SelectorTab, selectorRows, symbolFromParam } from '../trade/market.ts';

export const QUOTE_TABS = ['optional', 'spot', 'contract', 'rank'] as const;
export type QuoteTab = (typeof QUOTE_TABS)[number];

export function isQuoteTab(value: string | undefined): value is QuoteTab {
  return (QUOTE_TABS as readonly string[]).includes(value ?? '');
}

export const QUOTE_SORT_KEYS = ['pair', 'price', 'change', 'high', 'low', 'volume', 'turnover'] as const;
export type QuoteSortKey = (typeof QUOTE_SORT_KEYS)[number];
export interface QuoteSort {
  key: QuoteSortKey;
  dir: 'asc' | 'desc';
}

/** A header click, as in the symbol selector: a new key sorts descending, the same key flips, a third click clears. */
export function nextQuoteSort(current: QuoteSort | null, key: QuoteSortKey): QuoteSort | null {
  if (!current || current.key !== key) return { key, dir: 'desc' };
  return current.dir === 'desc' ? { key, dir: 'asc' } : null;
}

/** A market of the list: what the REST list says of it (fixed while the page is open); live numbers come apart. */
export interface QuoteMarket extends SelectorRow {
  amountScale: number;
  logoUrl: string;
  /** USD value of one quote coin (for turnover rankings across quote currencies). */
  quoteUsd: number;
  /** The REST reading, used until the ticker has the market. */
  high: number;
  low: number;
  volume: number;
  turnover: number;
  change: number;
}

export function marketsOf(thumbs: readonly SymbolThumb[]): QuoteMarket[] {
  return thumbs.map((m) => ({
    symbol: m.symbol,
    coin: m.coinSymbol,
    unit: m.baseSymbol,
    price: Number(m.close),
    chg: m.chg,
    priceScale: m.priceScale,
    amountScale: m.amountScale,
    logoUrl: m.logoUrl,
    quoteUsd: Number(m.baseUsdRate),
    high: Number(m.high),
    low: Number(m.low),
    volume: Number(m.volume),
    turnover: Number(m.turnover),
    change: Number(m.change),
  }));
}

/** The worker's tickers view (workers/api.ts): TICKER_COLUMNS numbers per symbol. */
export interface TickerTable {
  symbols: readonly string[];
  values: Float64Array;
}

/** The live numbers of one market: the ticker's when it has the market, else the REST reading. */
export interface LiveQuote {
  price: number;
  change: number;
  /** Fraction (0.0123 = +1.23 %). */
  chg: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
}

/**
 * Where each market sits in a ticker table (its row number), for reading without a lookup per cell. The worker posts a
 * new table each time; its symbol list is the same while the markets are, so the index is kept while it matches.
 */
export class TickerIndex {
  private symbols: readonly string[] = [];
  private rows = new Map<string, number>();

  of(table: TickerTable | null): Map<string, number> {
    const symbols = table?.symbols ?? [];
    if (!sameList(symbols, this.symbols)) {
      this.symbols = symbols;
      this.rows = new Map(symbols.map((s, i) => [s, i]));
    }
    return this.rows;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A market's live numbers from `table` (row `row` of it; -1 or a row of NaN: not there yet). */
export function liveQuote(market: QuoteMarket, table: TickerTable | null, row: number | undefined): LiveQuote {
  const base = row !== undefined && row >= 0 && table ? row * TICKER_COLUMNS : -1;
  const read = (col: number, fallback: number) => {
    if (base < 0 || !table) return fallback;
    const v = table.values[base + col];
    return v !== undefined && Number.isFinite(v) ? v : fallback;
  };
  const rate = read(COL.changeRate, Number.NaN);
  return {
    price: read(COL.price, market.price),
    change: read(COL.change, market.change),
    chg: Number.isFinite(rate) ? rate / 100 : market.chg,
    high: read(COL.high, market.high),
    low: read(COL.low, market.low),
    volume: read(COL.volume, market.volume),
    turnover: read(COL.amount, market.turnover),
  };
}

function sortValue(q: LiveQuote, key: Exclude<QuoteSortKey, 'pair'>): number {
  switch (key) {
    case 'price':
      return q.price;
    case 'change':
      return q.chg;
    case 'high':
      return q.high;
    case 'low':
      return q.low;
    case 'volume':
      return q.volume;
    case 'turnover':
      return q.turnover;
  }
}

export interface QuoteFilter {
  tab: QuoteTab;
  quote: SpotQuote;
  query: string;
  favourites: ReadonlySet<string>;
}

/**
 * The markets a list tab shows, in the server's order: the favourites (any quote) on `optional`, the markets of `quote`
 * on `spot`, none on `contract` (no contract market is listed yet); the search drops whitespace and matches a
 * case-insensitive substring of the pair (the symbol selector's rules, spec trading §2).
 */
export function filterMarkets(markets: readonly QuoteMarket[], filter: QuoteFilter): QuoteMarket[] {
  if (filter.tab !== 'optional' && filter.tab !== 'spot') return [];
  const tab: SelectorTab = filter.tab === 'optional' ? 'favourites' : 'spot';
  return selectorRows(markets, {
    tab,
    quote: filter.quote,
    query: filter.query,
    favourites: filter.favourites,
    sort: null,
  }) as QuoteMarket[];
}

/**
 * The markets in display order: unsorted keeps their order; else by the live value of the column (pair: by name), ties
 * in their order. Markets the ticker lacks sort by their REST reading.
 */
export function sortMarkets(
  markets: readonly QuoteMarket[],
  sort: QuoteSort | null,
  table: TickerTable | null,
  rows: ReadonlyMap<string, number>,
): QuoteMarket[] {
  if (!sort) return [...markets];
  const sign = sort.dir === 'asc' ? 1 : -1;
  if (sort.key === 'pair') return [...markets].sort((a, b) => sign * a.symbol.localeCompare(b.symbol));
  const key = sort.key;
  // Read each value once: 5000 markets sort in a few milliseconds.
  const keyed = markets.map((m, i) => ({ m, i, v: sortValue(liveQuote(m, table, rows.get(m.symbol)), key) }));
  keyed.sort((a, b) => {
    const av = Number.isNaN(a.v) ? Number.NEGATIVE_INFINITY : a.v;
    const bv = Number.isNaN(b.v) ? Number.NEGATIVE_INFINITY : b.v;
    return av === bv ? a.i - b.i : sign * (av - bv);
  });
  return keyed.map((k) => k.m);
}

export const RANKINGS = ['gainers', 'losers', 'turnover'] as const;
export type Ranking = (typeof RANKINGS)[number];
/** Rows per ranking board, as the server's /market/top. */
export const RANK_ROWS = 10;

/**
 * A ranking over every spot market, live: gainers by 24 h change (highest first), losers (lowest first), turnover
 * valued in USD (highest first, so that USDT, USDC and BTC markets compare). Ties keep the server's order.
 */
export function rankMarkets(
  markets: readonly QuoteMarket[],
  ranking: Ranking,
  table: TickerTable | null,
  rows: ReadonlyMap<string, number>,
  limit = RANK_ROWS,
): QuoteMarket[] {
  const keyed = markets.map((m, i) => {
    const q = liveQuote(m, table, rows.get(m.symbol));
    const v = ranking === 'turnover' ? q.turnover * m.quoteUsd : q.chg;
    return { m, i, v: Number.isFinite(v) ? v : Number.NEGATIVE_INFINITY };
  });
  const sign = ranking === 'losers' ? 1 : -1;
  keyed.sort((a, b) => (a.v === b.v ? a.i - b.i : sign * (a.v - b.v)));
  // A loser is a market that fell: an unknown change is not one.
  const out = ranking === 'losers' ? keyed.filter((k) => k.v !== Number.NEGATIVE_INFINITY) : keyed;
  return out.slice(0, limit).map((k) => k.m);
}

// ─── Detail routes ───────────────────────────────────────────────────────────────────────────────────────────────────

export type QuoteTarget =
  | { kind: 'spot'; symbol: string; coin: string; unit: string }
  | { kind: 'stock'; symbol: string };

/** The quote currency of `/quotes/{coin}` written without one. */
export const DEFAULT_DETAIL_QUOTE: SpotQuote = 'USDT';

/**
 * The market of a detail route (spec shell §2): `/quotes/stock/{symbol}` a stock; `/quotes/{coin}/{unit}`;
 * `/quotes/{symbol}` with the pair written `btc-usdt`, `BTC_USDT` or `BTC%2FUSDT`, or a coin alone (its USDT market).
 * Null when the path is none of these.
 */
export function parseQuotePath(pathname: string): QuoteTarget | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0]?.toLowerCase() !== 'quotes') return null;
  if (parts.length === 3 && parts[1]?.toLowerCase() === 'stock')
    return { kind: 'stock', symbol: (parts[2] ?? '').toUpperCase() };
  let symbol: string | null = null;
  if (parts.length === 3) symbol = symbolFromParam(`${parts[1]}/${parts[2]}`);
  else if (parts.length === 2) {
    const raw = parts[1] ?? '';
    symbol = symbolFromParam(raw) ?? symbolFromParam(`${raw}/${DEFAULT_DETAIL_QUOTE}`);
  }
  if (!symbol) return null;
  const [coin = '', unit = ''] = symbol.split('/');
  return { kind: 'spot', symbol, coin, unit };
}

/** The detail page of a market: `BTC/USDT` → `/quotes/BTC/USDT`. */
export function quotePath(symbol: string): string {
  return `/quotes/${symbol}`;
}
