/**
 * The data plane's wire types between a page and its worker (comlink), alone in one file as comlink keeps its
 * protocol: the page opens views, the worker posts batches of columnar snapshots, transferred, never cloned.
 */
import type { CandleInterval } from '../common/protocol.ts';
import type { SpotBalance, SpotFill, SpotOrder } from '../common/trading.ts';

/** Publish rates a user can choose (DESIGN §2): eco 4 Hz, 10, 20, 60 (default). */
export const PUBLISH_RATES = [4, 10, 20, 60] as const;
export type PublishRate = (typeof PUBLISH_RATES)[number];
export const DEFAULT_PUBLISH_RATE: PublishRate = 60;

/** What a view shows; one view per panel of the UI. */
export type ViewSpec =
  | {
      kind: 'book';
      symbol: string /** Levels per side. */;
      depth: number /** Aggregation step in ticks; 0 = none. */;
      groupTicks: number;
    }
  | { kind: 'trades'; symbol: string }
  | {
      kind: 'tickers' /** Markets to include, in this order; empty = every market, in the server's order. */;
      symbols: string[];
    }
  | { kind: 'candles'; symbol: string; interval: CandleInterval }
  /** The signed-in user's orders, fills and balances (after `auth`); a reconnect may miss some: refetch then. */
  | { kind: 'user' };

/** The socket's state as a view shows it. */
export type FeedState = 'connecting' | 'live' | 'stale' | 'closed';
/** A book's state: never shown as live while it may differ from the server's. */
export type BookStatus = 'live' | 'stale' | 'resyncing';

/**
 * The REST history under a candles view: `loading` until the first answer, `retrying` after a failed fetch (retried
 * with backoff; the live candles are shown meanwhile), `loaded` once merged.
 */
export type HistoryStatus = 'loading' | 'loaded' | 'retrying';

/** Health of the feed and, for a book view, of its book; for a candles view, of its history. */
export interface Health {
  feed: FeedState;
  /** Ms since the last frame of the socket. */
  frameAge: number;
  reconnects: number;
  malformed: number;
  /** Book views only; `duplicates` counts late diffs dropped as already applied (no resync). */
  book?: { status: BookStatus; seq: number; resyncs: number; duplicates: number };
  /** Candles views only; `failures` counts failed fetches since the last success. */
  history?: { status: HistoryStatus; failures: number };
}

/** Columns of a book side: `[price, volume, cumVolume, value]` per level, best first. */
export const BOOK_COLUMNS = 4;
/** Columns of a trade: `[price, side, volume, time]`, newest first. */
export const TRADE_COLUMNS = 4;
/** Columns of a candle: `[openTime, open, high, low, close, volume]`, oldest first. */
export const CANDLE_COLUMNS = 6;

export type Snapshot =
  | { kind: 'book'; bids: Float64Array; asks: Float64Array; health: Health }
  | { kind: 'trades'; trades: Float64Array; health: Health }
  /** `values` holds TICKER_COLUMNS numbers per symbol of `symbols` (workers/ticker). */
  | { kind: 'tickers'; symbols: string[]; values: Float64Array; health: Health }
  | { kind: 'candles'; candles: Float64Array; health: Health }
  /** Latest state of each order (most recently changed first), fill (newest first) and balance told since opening. */
  | { kind: 'user'; orders: SpotOrder[]; fills: SpotFill[]; balances: SpotBalance[]; health: Health };

/** What one publish tick carries to one page: the views that changed since their last post. */
export interface SnapshotBatch {
  /** Worker time of the tick. */
  t: number;
  views: { id: number; snapshot: Snapshot }[];
}

export type SnapshotSink = (batch: SnapshotBatch) => void;

/** The worker's face, per connected page. */
export interface DataPlaneApi {
  /** Registers where this page's batches go (a comlink proxy). */
  attach(sink: SnapshotSink): void;
  /**
   * Opens a view; its first snapshot comes as soon as there is data (when `visible`, the default; else once made
   * visible). Returns the view id.
   */
  open(spec: ViewSpec, visible?: boolean): number;
  close(id: number): void;
  /** A hidden view (background tab, collapsed panel) keeps merging but is not posted until visible again. */
  setVisible(id: number, visible: boolean): void;
  setRate(hz: PublishRate): void;
  /** The session token for the private `user` channel. */
  auth(token: string): void;
  /** The page's watchdog: a worker that stops answering is replaced. */
  ping(t: number): number;
}
