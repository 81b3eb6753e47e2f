/**
 * Live market statistics built from the exchange's trades: the rolling 24 h ticker, candles of every interval, the
 * recent trades and the sparkline trend of each spot market. The one door into server/marketdata.
 */

import { MINUTE_MS } from '../../common/candles.ts';
import { toUnits } from '../../common/decimal.ts';
import { CANDLE_INTERVALS, type CandleInterval, type TickerValues, TRADES_CAP } from '../../common/protocol.ts';
import type { Clock } from '../clock.ts';
import type { Sqlite } from '../db/schema.ts';
import type { SpotMarketWithRates } from '../exchange/catalogue.ts';
import type { MarketMeta, TradeTick } from '../gateway/source.ts';
import { CandleSeries, Field } from './candles.ts';
import { CandleStore } from './store.ts';
import { RollingWindow, WINDOW_MINUTES } from './window.ts';

/** Candles a history answer holds by default and at most (spec trading §9: candle limit default 300). */
export const HISTORY_DEFAULT_LIMIT = 300;
export const HISTORY_MAX_LIMIT = 1000;
/** Points of a trend: the hourly closes of the last 24 h. */
export const TREND_POINTS = 24;

const HOUR_MS = 60 * MINUTE_MS;
/** Candles read back per interval at start: the M1 of the rolling window, a day of H1 for the trend, else the newest. */
const LOAD_ROWS: Partial<Record<CandleInterval, number>> = { M1: WINDOW_MINUTES, H1: 2 * TREND_POINTS };
const LOAD_ROWS_DEFAULT = 2;
const INTERVAL_INDEX: ReadonlyMap<string, number> = new Map(CANDLE_INTERVALS.map((interval, i) => [interval, i]));

/** A market as MarketData needs it: its grid and its reference price in ticks (every price before the first trade). */
export interface MarketDataMarket extends MarketMeta {
  referencePrice: number;
  /** Base coin in one lot when lots are not units of the amount grid (a perpetual's contract size); for the amount. */
  lotSize?: number;
}

export interface MarketDataOptions {
  markets: readonly MarketDataMarket[];
  clock: Clock;
  /** The raw handle of the database (`sqliteOf(db)`); without it candles live in memory only. */
  sqlite?: Sqlite;
  /** Candles held in memory per market and interval (default and most: {@link HISTORY_MAX_LIMIT}). */
  maxCandles?: number;
  /** Failures of listeners and of the background flush; console.error by default. */
  onError?: (error: unknown) => void;
}

/** One market's 24 h statistics in integer units: prices in ticks, volumes in lots; amount in the quote currency. */
export interface MarketStats {
  price: number;
  lastVolume: number;
  /** The price at the start of the window: the last trade before it, or the reference price. */
  open: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
  /** Time of the last trade, or now before any trade. */
  time: number;
}

/** A window of candles: open times from `from` to `to` (ms, both inclusive), the newest `limit` of them. */
export interface HistoryQuery {
  from?: number | undefined;
  to?: number | undefined;
  limit?: number | undefined;
}

export type TickerListener = (symbol: string, values: TickerValues) => void;
/** `candle` is `[openTime, open, high, low, close, volume]` in wire numbers, a fresh array the listener may keep. */
export type CandleListener = (symbol: string, interval: CandleInterval, candle: number[]) => void;

class MarketState {
  readonly priceUnit: number;
  readonly amountUnit: number;
  readonly quoteUnit: number;
  /** Last trade: price (ticks), volume (lots), time; time −1 before any trade. */
  price: number;
  lastVolume = 0;
  time = -1;
  /** Trade times are taken as non-decreasing: an earlier stamp counts at this time. */
  lastTime = Number.NEGATIVE_INFINITY;
  /** The window moved since the last sweep (a trade left it): listeners hear of it on the next sweep. */
  windowMoved = false;
  readonly window: RollingWindow;
  readonly series: CandleSeries[];
  /** Ring of the last TRADES_CAP trades; `tradeNext` is the oldest once the ring is full. */
  readonly trades: TradeTick[] = [];
  tradeNext = 0;

  constructor(
    readonly meta: MarketMeta,
    readonly referencePrice: number,
    maxCandles: number,
    lotSize = 1,
  ) {
    this.priceUnit = 10 ** meta.priceScale;
    this.amountUnit = 10 ** meta.amountScale;
    this.quoteUnit = (this.priceUnit * this.amountUnit) / lotSize;
    this.price = referencePrice;
    this.window = new RollingWindow(referencePrice);
    this.series = CANDLE_INTERVALS.map((interval) => new CandleSeries(meta.symbol, interval, maxCandles));
  }
}

/**
 * Live statistics of the spot markets, fed by {@link MarketData.record} with every trade.
 *
 * - Ticker: a rolling 24 h window of one-minute buckets. open is the price at the start of the window (the last trade
 *   before it, the reference price when there is none); high and low are the extremes of the price over the window,
 *   that open included, so low ≤ open, price ≤ high always; volume and amount are the trades in the window.
 * - Candles: all intervals of spec trading §9, periods in UTC (weeks from Monday, calendar months). open is the first
 *   trade of the period; a period without trades has no candle (a gap, not a flat candle).
 * - Persistence (with `sqlite`): changed candles are upserted by {@link flush} in one transaction; {@link load} reads
 *   them back at start. The owner either calls `flush()` itself (about once a second and at close) or `start()`/`stop()`.
 *
 * Trade times are taken as non-decreasing per market; all clocks are the injected one.
 */
export class MarketData {
  private readonly clock: Clock;
  private readonly markets = new Map<string, MarketState>();
  private readonly metaMap = new Map<string, MarketMeta>();
  private readonly store: CandleStore | null;
  private readonly onError: (error: unknown) => void;
  private readonly dirty: CandleSeries[] = [];
  private readonly tickerListeners: TickerListener[] = [];
  private readonly candleListeners: CandleListener[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor({ markets, clock, sqlite, maxCandles = HISTORY_MAX_LIMIT, onError }: MarketDataOptions) {
    this.clock = clock;
    this.store = sqlite ? new CandleStore(sqlite) : null;
    this.onError = onError ?? ((error) => console.error('market data:', error));
    const held = Math.max(1, Math.min(Math.trunc(maxCandles), HISTORY_MAX_LIMIT));
    for (const m of markets) {
      if (this.markets.has(m.symbol)) throw new Error(`duplicate market ${m.symbol}`);
      const meta: MarketMeta = { symbol: m.symbol, priceScale: m.priceScale, amountScale: m.amountScale };
      this.markets.set(m.symbol, new MarketState(meta, m.referencePrice, held, m.lotSize));
      this.metaMap.set(m.symbol, meta);
    }
  }

  // ─── Markets ─────────────────────────────────────────────────────────────────────────────────────────────────────

  /** The markets this instance follows, by symbol (BASE/QUOTE). */
  metas(): ReadonlyMap<string, MarketMeta> {
    return this.metaMap;
  }

  has(symbol: string): boolean {
    return this.markets.has(symbol);
  }

  // ─── Trades in ───────────────────────────────────────────────────────────────────────────────────────────────────

  /** A trade of `symbol`: price in ticks, volume in lots, side of the taker. O(1) per interval; listeners hear at once. */
  record(symbol: string, trade: TradeTick): void {
    const m = this.state(symbol);
    const time = trade.time > m.lastTime ? trade.time : m.lastTime;
    m.lastTime = time;
    const { price, volume } = trade;
    const amount = (price * volume) / m.quoteUnit;

    const minute = Math.floor(time / MINUTE_MS);
    const now = Math.floor(this.clock() / MINUTE_MS);
    // Before the last price changes: a window that everything left opens at the price before this trade.
    if (m.window.advance(minute > now ? minute : now, m.price)) m.windowMoved = true;
    m.window.add(minute, price, volume, amount);
    m.price = price;
    m.lastVolume = volume;
    m.time = time;

    const store = this.store;
    for (const series of m.series) {
      if (series.add(time, price, volume, amount) && store) this.dirty.push(series);
    }

    const copy: TradeTick = { price, volume, side: trade.side, time: trade.time };
    if (m.trades.length < TRADES_CAP) m.trades.push(copy);
    else {
      m.trades[m.tradeNext] = copy;
      m.tradeNext = (m.tradeNext + 1) % TRADES_CAP;
    }

    if (this.tickerListeners.length > 0) {
      this.emitTicker(m);
      m.windowMoved = false;
    }
    if (this.candleListeners.length > 0) {
      for (const series of m.series) {
        const candle = this.wireCandle(m, series, series.length - 1);
        for (const listener of this.candleListeners) {
          try {
            listener(symbol, series.interval, candle);
          } catch (error) {
            this.onError(error);
          }
        }
      }
    }
  }

  /**
   * Puts back the last trades of a market at start (oldest first, from the owner's fills); only the recent-trades list
   * changes, not the candles or the ticker.
   */
  restoreTrades(symbol: string, trades: readonly TradeTick[]): void {
    const m = this.state(symbol);
    m.trades.length = 0;
    m.tradeNext = 0;
    for (const t of trades.slice(-TRADES_CAP)) {
      m.trades.push({ price: t.price, volume: t.volume, side: t.side, time: t.time });
    }
  }

  // ─── Readings ────────────────────────────────────────────────────────────────────────────────────────────────────

  /** The 24 h ticker in the spec's order, wire numbers: price, last volume, open, high, low, volume, amount, time. */
  ticker(symbol: string): TickerValues {
    const m = this.state(symbol);
    this.slide(m);
    return this.tickerOf(m);
  }

  /** Every market's ticker. */
  tickers(): Record<string, TickerValues> {
    const out: Record<string, TickerValues> = {};
    for (const [symbol, m] of this.markets) {
      this.slide(m);
      out[symbol] = this.tickerOf(m);
    }
    return out;
  }

  /** The 24 h ticker in integer units, for exact decimal strings (REST). */
  stats(symbol: string): MarketStats {
    const m = this.state(symbol);
    this.slide(m);
    const w = m.window;
    return {
      price: m.price,
      lastVolume: m.lastVolume,
      open: w.before,
      high: w.high > w.before ? w.high : w.before,
      low: w.low < w.before ? w.low : w.before,
      volume: w.volume,
      amount: w.amount,
      time: m.time < 0 ? this.clock() : m.time,
    };
  }

  /** The newest candle, `[openTime, open, high, low, close, volume]` in wire numbers, or null before the first trade. */
  currentCandle(symbol: string, interval: CandleInterval): number[] | null {
    const m = this.state(symbol);
    const series = this.seriesOf(m, interval);
    return series.length > 0 ? this.wireCandle(m, series, series.length - 1) : null;
  }

  /**
   * Candles oldest first, the current one included: the newest `limit` (default 300, at most 1000) with
   * `from ≤ openTime ≤ to`. Periods without trades have no candle. Older candles than those in memory come from the
   * database when there is one.
   */
  history(symbol: string, interval: CandleInterval, query: HistoryQuery = {}): number[][] {
    const m = this.state(symbol);
    const series = this.seriesOf(m, interval);
    const from = query.from ?? 0;
    const to = query.to ?? Number.MAX_SAFE_INTEGER;
    const limit = clampLimit(query.limit);
    const out: number[][] = [];
    let reachedFrom = false;
    for (let i = series.length - 1; i >= 0 && out.length < limit; i--) {
      const openTime = series.get(i, Field.openTime);
      if (openTime > to) continue;
      if (openTime < from) {
        reachedFrom = true;
        break;
      }
      out.push(this.wireCandle(m, series, i));
    }
    if (this.store && !reachedFrom && out.length < limit) {
      // Memory holds every candle from its oldest on; the database has the ones before.
      const oldest = series.length > 0 ? series.get(0, Field.openTime) : Number.MAX_SAFE_INTEGER;
      const below = to < oldest ? Math.floor(to) + 1 : oldest;
      if (from < below) {
        for (const r of this.store.range(symbol, interval, from, below, limit - out.length)) {
          out.push([
            r.openTime,
            r.open / m.priceUnit,
            r.high / m.priceUnit,
            r.low / m.priceUnit,
            r.close / m.priceUnit,
            r.volume / m.amountUnit,
          ]);
        }
      }
    }
    return out.reverse();
  }

  /** The last {@link TRADES_CAP} trades in integer units, oldest first. */
  recentTrades(symbol: string): readonly TradeTick[] {
    const m = this.state(symbol);
    if (m.tradeNext === 0) return m.trades.slice();
    return [...m.trades.slice(m.tradeNext), ...m.trades.slice(0, m.tradeNext)];
  }

  /**
   * The closes of the last 24 hours for a sparkline, oldest first, one per hour (the current hour last), in wire numbers.
   * An hour without trades repeats the previous close, so the points are evenly spaced in time.
   */
  trend(symbol: string): number[] {
    const m = this.state(symbol);
    const series = this.seriesOf(m, 'H1');
    const first = Math.floor(this.clock() / HOUR_MS) * HOUR_MS - (TREND_POINTS - 1) * HOUR_MS;
    const closes = new Array<number>(TREND_POINTS).fill(Number.NaN);
    let carry = Number.NaN;
    for (let i = series.length - 1; i >= 0; i--) {
      const openTime = series.get(i, Field.openTime);
      if (openTime < first) {
        carry = series.get(i, Field.close);
        break;
      }
      const k = (openTime - first) / HOUR_MS;
      if (k < TREND_POINTS) closes[k] = series.get(i, Field.close);
    }
    // No candle before the day (memory holds a day of H1 and more): the market stood at its reference price.
    if (Number.isNaN(carry)) carry = m.referencePrice;
    for (let k = 0; k < TREND_POINTS; k++) {
      const close = closes[k] as number;
      if (Number.isNaN(close)) closes[k] = carry / m.priceUnit;
      else {
        carry = close;
        closes[k] = close / m.priceUnit;
      }
    }
    return closes;
  }

  // ─── Listeners ───────────────────────────────────────────────────────────────────────────────────────────────────

  /** Called synchronously after each trade with the market's new ticker, and by `sweep` when old trades leave it. */
  onTicker(listener: TickerListener): () => void {
    return subscribe(this.tickerListeners, listener);
  }

  /** Called synchronously after each trade for each of the market's 12 candles (every one changed). */
  onCandle(listener: CandleListener): () => void {
    return subscribe(this.candleListeners, listener);
  }

  /** Moves every market's window to now; ticker listeners hear of each market that trades left since the last sweep. */
  sweep(): void {
    for (const m of this.markets.values()) {
      this.slide(m);
      if (!m.windowMoved) continue;
      m.windowMoved = false;
      if (this.tickerListeners.length > 0) this.emitTicker(m);
    }
  }

  // ─── Persistence ─────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Reads the persisted candles back: the newest of every interval (a day of H1 for the trend) and the M1 of the last
   * 24 h for the rolling ticker, whose open is the newest M1 close before the window. Call once, before any trade.
   */
  load(): void {
    const store = this.store;
    if (!store) return;
    const head = Math.floor(this.clock() / MINUTE_MS);
    for (const [symbol, m] of this.markets) {
      for (const series of m.series) {
        const rows = store.newest(symbol, series.interval, LOAD_ROWS[series.interval] ?? LOAD_ROWS_DEFAULT).reverse();
        series.restore(rows);
        if (series.interval !== 'M1') continue;
        m.window.advance(head, m.price);
        for (const r of rows) m.window.restore(r.openTime, r.high, r.low, r.close, r.volume, r.amount);
        m.window.recount();
        const before = store.closeBefore(symbol, (head - WINDOW_MINUTES + 1) * MINUTE_MS);
        if (before !== undefined) m.window.before = before;
        const newest = rows.at(-1);
        if (newest) {
          m.price = newest.close;
          m.time = newest.openTime;
          m.lastTime = newest.openTime;
        }
      }
    }
  }

  /**
   * Upserts every candle changed since the last flush, in one transaction. Returns the rows written, or −1 when a
   * transaction is open on the connection (someone holds one across awaits): nothing is lost, the next flush retries.
   */
  flush(): number {
    const store = this.store;
    if (!store || this.dirty.length === 0) return 0;
    if (store.busy) return -1;
    const rows = store.write(this.dirty);
    for (const series of this.dirty) series.markClean();
    this.dirty.length = 0;
    return rows;
  }

  /** Runs `sweep` and `flush` every second on an unref'd timer (it never keeps the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.sweep();
        this.flush();
      } catch (error) {
        this.onError(error);
      }
    }, 1000);
    this.timer.unref();
  }

  /** Stops the timer and flushes what is left; returns what that flush returned. */
  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.flush();
  }

  // ─── Internals ───────────────────────────────────────────────────────────────────────────────────────────────────

  private state(symbol: string): MarketState {
    const m = this.markets.get(symbol);
    if (!m) throw new RangeError(`unknown market ${symbol}`);
    return m;
  }

  private seriesOf(m: MarketState, interval: CandleInterval): CandleSeries {
    const index = INTERVAL_INDEX.get(interval);
    const series = index === undefined ? undefined : m.series[index];
    if (!series) throw new RangeError(`unknown candle interval ${interval}`);
    return series;
  }

  /** Moves the window to the current minute. */
  private slide(m: MarketState): void {
    if (m.window.advance(Math.floor(this.clock() / MINUTE_MS), m.price)) m.windowMoved = true;
  }

  private tickerOf(m: MarketState): TickerValues {
    const w = m.window;
    const p = m.priceUnit;
    return [
      m.price / p,
      m.lastVolume / m.amountUnit,
      w.before / p,
      (w.high > w.before ? w.high : w.before) / p,
      (w.low < w.before ? w.low : w.before) / p,
      w.volume / m.amountUnit,
      w.amount,
      m.time < 0 ? this.clock() : m.time,
    ];
  }

  private emitTicker(m: MarketState): void {
    const values = this.tickerOf(m);
    for (const listener of this.tickerListeners) {
      try {
        listener(m.meta.symbol, values);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  private wireCandle(m: MarketState, series: CandleSeries, index: number): number[] {
    const p = m.priceUnit;
    return [
      series.get(index, Field.openTime),
      series.get(index, Field.open) / p,
      series.get(index, Field.high) / p,
      series.get(index, Field.low) / p,
      series.get(index, Field.close) / p,
      series.get(index, Field.volume) / m.amountUnit,
    ];
  }
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return HISTORY_DEFAULT_LIMIT;
  return Math.max(1, Math.min(Math.trunc(limit), HISTORY_MAX_LIMIT));
}

function subscribe<T>(listeners: T[], listener: T): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** The enabled spot markets of the catalogue as MarketData markets (reference prices turned into ticks). */
export function spotMarketsOf(
  rows: readonly Pick<SpotMarketWithRates, 'symbol' | 'priceScale' | 'amountScale' | 'referencePrice'>[],
): MarketDataMarket[] {
  return rows.map((r) => ({
    symbol: r.symbol,
    priceScale: r.priceScale,
    amountScale: r.amountScale,
    referencePrice: Number(toUnits(r.referencePrice, r.priceScale)),
  }));
}
