// Pure rules of the spot terminal (spec trading §2, §4, §9): route parsing, the symbol selector's list, book grouping.
import { SPOT_QUOTES, type SpotQuote } from '../../../common/market.ts';
import { CANDLE_INTERVALS, type CandleInterval, isCandleInterval } from '../../../common/protocol.ts';
import { normalizeQuery } from '../../app/symbol-search.ts';

export const DEFAULT_SYMBOL = 'BTC/USDT';
export type TradeType = 'spot' | 'contract';

/**
 * The market of a /trade URL (spec trading §2): `/trade/{coin}-{unit}`, else `?symbol=` (slash written as dash), else
 * `fallback` (the stored trade config's last spot market), else BTC/USDT; `?type=spot|contract` (also `tradeType`),
 * default spot.
 */
export function parseTradeLocation(
  pathname: string,
  search: string,
  fallback: string | (() => string) = DEFAULT_SYMBOL,
): { symbol: string; type: TradeType } {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const pair = /^\/trade\/([^/]+)$/.exec(pathname)?.[1];
  const raw = pair && pair !== 'contract' ? decodeURIComponent(pair) : (query.get('symbol') ?? '');
  const typeParam = (query.get('type') ?? query.get('tradeType') ?? '').toLowerCase();
  const type: TradeType = typeParam === 'contract' || pair === 'contract' ? 'contract' : 'spot';
  // A function is called only when the URL names no market.
  const symbol = symbolFromParam(raw) ?? symbolFromParam(typeof fallback === 'function' ? fallback() : fallback);
  return { symbol: symbol ?? DEFAULT_SYMBOL, type };
}

/** `btc-usdt`, `BTC_USDT` or `BTC/USDT` → `BTC/USDT`; null when it is not a pair. */
export function symbolFromParam(raw: string): string | null {
  const parts = raw.trim().toUpperCase().split(/[-_/]/);
  if (parts.length !== 2 || !parts[0] || !parts[1] || !/^[A-Z0-9]+$/.test(parts[0] + parts[1])) return null;
  return `${parts[0]}/${parts[1]}`;
}

/** The route of a market: `BTC/USDT` → `/trade/BTC-USDT`. */
export function tradePath(symbol: string): string {
  return `/trade/${symbol.replace('/', '-')}`;
}

// ─── Symbol selector ────────────────────────────────────────────────────────────────────────────────────────────────

export type SelectorTab = 'favourites' | 'spot' | 'contract';
export type SortKey = 'pair' | 'change' | 'price';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** A selector row: the spot market row of spec trading §3, numbers already read. */
export interface SelectorRow {
  symbol: string;
  coin: string;
  unit: string;
  price: number;
  /** 24 h change as a fraction. */
  chg: number;
  priceScale: number;
}

export const DEFAULT_QUOTE: SpotQuote = SPOT_QUOTES[0];

/**
 * The rows a tab shows: favourites (any quote) or the spot market of `quote`; then the search (whitespace removed,
 * case-insensitive substring of the pair), then the sort (none keeps the server's order). Contract has no rows yet.
 */
export function selectorRows(
  rows: readonly SelectorRow[],
  options: { tab: SelectorTab; quote: SpotQuote; query: string; favourites: ReadonlySet<string>; sort: Sort | null },
): SelectorRow[] {
  if (options.tab === 'contract') return [];
  const q = normalizeQuery(options.query);
  const out = rows.filter(
    (r) =>
      (options.tab === 'favourites' ? options.favourites.has(r.symbol) : r.unit === options.quote) &&
      (q === '' || r.symbol.replace(/\s+/g, '').toLowerCase().includes(q)),
  );
  return options.sort ? sortRows(out, options.sort) : out;
}

/** Sorts in place and returns the rows; ties keep their order (Array.prototype.sort is stable). */
export function sortRows(rows: SelectorRow[], sort: Sort): SelectorRow[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const by =
    sort.key === 'pair'
      ? (a: SelectorRow, b: SelectorRow) => a.symbol.localeCompare(b.symbol)
      : sort.key === 'change'
        ? (a: SelectorRow, b: SelectorRow) => a.chg - b.chg
        : (a: SelectorRow, b: SelectorRow) => a.price - b.price;
  return rows.sort((a, b) => sign * by(a, b));
}

/** A header click: a new key sorts descending, the same key flips, a third click clears. */
export function nextSort(current: Sort | null, key: SortKey): Sort | null {
  if (!current || current.key !== key) return { key, dir: 'desc' };
  return current.dir === 'desc' ? { key, dir: 'asc' } : null;
}

/** The favourites after a star click, applied at once (optimistic); the server call follows, debounced. */
export function toggleFavourite(favourites: ReadonlySet<string>, symbol: string): Set<string> {
  const next = new Set(favourites);
  if (next.has(symbol)) next.delete(symbol);
  else next.add(symbol);
  return next;
}

/** spec trading §9: favourite toggle debounce. */
export const FAVOURITE_DEBOUNCE_MS = 1000;

/**
 * Pending favourite calls: only the last wish per symbol within the debounce is sent, and none when it equals what the
 * server already has (two clicks in a second send nothing).
 */
export class FavouriteDebouncer {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly wishes = new Map<string, boolean>();
  constructor(
    private readonly send: (symbol: string, add: boolean) => void,
    private readonly delay = FAVOURITE_DEBOUNCE_MS,
  ) {}

  /** `saved`: whether the server has it as a favourite now; `wanted`: the state the user asked for. */
  request(symbol: string, saved: boolean, wanted: boolean): void {
    const pending = this.timers.get(symbol);
    if (pending !== undefined) clearTimeout(pending);
    this.timers.delete(symbol);
    this.wishes.delete(symbol);
    if (saved === wanted) return;
    this.wishes.set(symbol, wanted);
    this.timers.set(
      symbol,
      setTimeout(() => {
        this.timers.delete(symbol);
        this.wishes.delete(symbol);
        this.send(symbol, wanted);
      }, this.delay),
    );
  }

  /** A list read from the server with the wishes not sent yet laid over it (a refresh must not undo a star). */
  withPending(server: ReadonlySet<string>): Set<string> {
    const out = new Set(server);
    for (const [symbol, wanted] of this.wishes) {
      if (wanted) out.add(symbol);
      else out.delete(symbol);
    }
    return out;
  }

  cancel(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.wishes.clear();
  }
}

/** What a refused favourite call shows (spec trading §4): code 4000 → the login warning, else the server's text. */
export function favouriteFailure(
  code: number,
  message: string,
): { kind: 'warning'; key: 'needLogin' } | { kind: 'error'; text: string } | null {
  if (code === 0 || code === 200) return null;
  if (code === 4000) return { kind: 'warning', key: 'needLogin' };
  return { kind: 'error', text: message };
}

// ─── Book grouping ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Group steps offered, in ticks: 1 tick (no grouping) and 10×, 100×, 1000×. */
export const GROUP_STEPS = [0, 10, 100, 1000] as const;

/** The price step of a grouping, as the user reads it: priceScale 2, 10 ticks → '0.1'; 0 → one tick. */
export function groupStepLabel(groupTicks: number, priceScale: number): string {
  const ticks = groupTicks <= 0 ? 1 : groupTicks;
  const exponent = Math.round(Math.log10(ticks)) - priceScale;
  return exponent >= 0 ? String(10 ** exponent) : (10 ** exponent).toFixed(-exponent);
}

/** Decimals of a grouped price: a step of 0.1 shows one decimal, of 10 none. */
export function groupedPriceScale(groupTicks: number, priceScale: number): number {
  const ticks = groupTicks <= 0 ? 1 : groupTicks;
  return Math.max(0, priceScale - Math.round(Math.log10(ticks)));
}

// ─── Candles ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const INTERVAL_KEY = 'tickstream.trade.interval';
export const DEFAULT_INTERVAL: CandleInterval = 'M15';

/** The remembered interval, or the default when nothing valid is stored. */
export function readInterval(stored: string | null): CandleInterval {
  return stored && isCandleInterval(stored) ? stored : DEFAULT_INTERVAL;
}

export { CANDLE_INTERVALS };
