/**
 * The data plane's wire types between a page and its worker (comlink), alone in one file as comlink keeps its
 * protocol: the page opens views, the worker posts batches of columnar snapshots, transferred, never cloned. The one
 * place where the snapshots' column layouts are declared: the worker writes them and the UI reads them from here.
 */
import type { Position, SwapOrder, SwapPlan, SwapWallet } from '../common/contracts/swap.ts';
import type { FundingPayment } from '../common/contracts/swap-history.ts';
import type { ClosedPositionNotice, LiquidationNotice } from '../common/contracts/swap-market.ts';
import type { CandleInterval } from '../common/protocol.ts';
import type { RequestContext } from '../common/request-context.ts';
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
  /** A perpetual's index and mark prices and its funding (`symbol`: the market name, `BTC/USDT:USDT`). */
  | { kind: 'mark'; symbol: string }
  /** The signed-in user's orders, fills, balances and positions (after `auth`), loaded by the page (`loadUser`). */
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

/**
 * The user state's: `stale` until a REST load is merged ({@link DataPlaneApi.loadUser}), and again after a reconnect
 * or a gap in the channel's `seq`; `live` while every frame since the load has arrived.
 */
export type UserStatus = 'stale' | 'live';

/** Health of the feed and, for a book view, of its book; for a candles view, of its history; for the user view, of its state. */
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
  /**
   * User view only. `seq` of the last frame applied, `resyncs` the times the state went stale after a reconnect or a
   * gap (a load names the one it answers), `duplicates` frames dropped as already applied.
   */
  user?: { status: UserStatus; seq: number; resyncs: number; duplicates: number };
}

// ─── Column layouts ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Columns of a book side: `[price, volume, cumVolume, value]` per level, best first. */
export const BOOK_COLUMNS = 4;
export const BOOK_COLUMN = { price: 0, volume: 1, cumVolume: 2, value: 3 } as const;
/**
 * Columns of a book side's own-order marks: one per level of the side, in the same order, the user's resting volume
 * at that level (0: none). Empty when the user holds no resting order on the side.
 */
export const OWN_COLUMNS = 1;
/** Columns of a trade: `[price, side, volume, time]`, newest first. */
export const TRADE_COLUMNS = 4;
export const TRADE_COLUMN = { price: 0, side: 1, volume: 2, time: 3 } as const;
/** Columns of a candle: `[openTime, open, high, low, close, volume]`, oldest first. */
export const CANDLE_COLUMNS = 6;
export const CANDLE_COLUMN = { openTime: 0, open: 1, high: 2, low: 3, close: 4, volume: 5 } as const;
/**
 * Columns of a ticker, per symbol: `[price, change, changeRate, high, low, volume, amount, time]` (change and rate by
 * the spec's ticker math, workers/ticker), then, when asked for {@link STOCK_TICKER_COLUMNS}, `[openPrice, high52w,
 * low52w]` (NaN when the wire ticker lacks them).
 */
export const TICKER_COLUMNS = 8;
/** Columns per symbol with the stock extras. */
export const STOCK_TICKER_COLUMNS = 11;
export const TICKER_COLUMN = {
  price: 0,
  change: 1,
  changeRate: 2,
  high: 3,
  low: 4,
  volume: 5,
  amount: 6,
  time: 7,
  openPrice: 8,
  high52w: 9,
  low52w: 10,
} as const;

/**
 * Columns of a perpetual's prices: `[index, mark, fundingRate, nextFundingTime, time]` (the predicted rate of the next
 * settlement as a fraction, its instant and the frame's in ms).
 */
export const MARK_COLUMNS = 5;
export const MARK_COLUMN = { index: 0, mark: 1, fundingRate: 2, nextFundingTime: 3, time: 4 } as const;

// ─── The user's state ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A balance of the spot wallet as the user view holds it. `told` orders the channel's news: it grows with each frame
 * the worker applies, and is 0 for a balance that came from a REST load.
 */
export interface UserBalance extends SpotBalance {
  told: number;
}

/** The contract notices of the user channel, numbered by `told` (grows per frame) so the page can tell new ones. */
export type SwapNotice =
  | { kind: 'funding'; told: number; data: FundingPayment }
  | { kind: 'liquidation'; told: number; data: LiquidationNotice }
  | { kind: 'positionClosed'; told: number; data: ClosedPositionNotice }
  /** A TP/SL leg or trailing stop fired (its plan, triggered). */
  | { kind: 'tpsl'; told: number; data: SwapPlan }
  /** Auto-deleveraging reduced a position (the engine's order on it, filled). */
  | { kind: 'adl'; told: number; data: SwapOrder };

/** The contract half of the user view: positions, open and lately changed orders, waiting plans, wallets, notices. */
export interface SwapUserState {
  positions: Position[];
  swapOrders: SwapOrder[];
  plans: SwapPlan[];
  wallets: SwapWallet[];
  notices: SwapNotice[];
}

/** The contract half of a user load: /swap/position-list, /swap/order/current, /swap/wallet/balance. */
export interface SwapUserLoad {
  positions: Position[];
  orders: SwapOrder[];
  plans: SwapPlan[];
  wallets: SwapWallet[];
}

/**
 * What the page fetched over REST for a stale user view: open orders (every market), spot balances (every coin) and
 * the contract state,
 * with the `resyncs` and `seq` of the user view's health as they were when the fetch began. The worker merges it under
 * whatever the channel told after `seq`, and ignores a load for another `resyncs`.
 */
export interface UserLoad {
  resyncs: number;
  seq: number;
  orders: SpotOrder[];
  balances: SpotBalance[];
  /** The contract state; the page's loader always sends it (a load without it keeps the contract state as told). */
  swap?: SwapUserLoad;
}

// ─── Painting ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A side of the order book: asks above the spread, bids below. */
export type LadderSide = 'ask' | 'bid';

/** The ladder's colours (CSS colour strings), read from the page's theme. */
export interface LadderColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  upBar: string;
  downBar: string;
  mark: string;
}

/** How one painted side looks: its canvas's box in CSS pixels and device ratio, colours, font and number scales. */
export interface LadderLook {
  width: number;
  height: number;
  ratio: number;
  colors: LadderColors;
  font: string;
  priceScale: number;
  amountScale: number;
}

/**
 * What a painter has drawn: per side, the paints that changed its canvas; the time of the last paint and of the shown
 * view's first with a live book (ms since the epoch, comparable with the page's `performance.timeOrigin +
 * performance.now()`; 0: none yet) and the book's seq it showed.
 */
export interface Drawn {
  asks: number;
  bids: number;
  at: number;
  first: number;
  seq: number;
}

// ─── Snapshots ───────────────────────────────────────────────────────────────────────────────────────────────────────

export type Snapshot =
  /** `ownBids`/`ownAsks`: {@link OWN_COLUMNS} per level of `bids`/`asks`, or empty. */
  | {
      kind: 'book';
      bids: Float64Array;
      asks: Float64Array;
      ownBids: Float64Array;
      ownAsks: Float64Array;
      health: Health;
    }
  | { kind: 'trades'; trades: Float64Array; health: Health }
  /** `values` holds TICKER_COLUMNS numbers per symbol of `symbols`. */
  | { kind: 'tickers'; symbols: string[]; values: Float64Array; health: Health }
  | { kind: 'candles'; candles: Float64Array; health: Health }
  /** {@link MARK_COLUMNS} numbers; no snapshot before the price service's first tick. */
  | { kind: 'mark'; values: Float64Array; health: Health }
  /**
   * Small and rare, so cloned objects rather than columns: the open orders of every market and the orders changed
   * lately (most recently changed first), fills told since the view opened (newest first), every coin's balance,
   * positions.
   */
  | ({
      kind: 'user';
      orders: SpotOrder[];
      fills: SpotFill[];
      balances: UserBalance[];
      health: Health;
    } & SwapUserState);

/**
 * A view opened to be painted (DataPlaneApi `open`): by which painter of the page's paint worker, and the token the
 * page gave this showing ({@link PaintApi.show}), so the painter tells its snapshots from a view it showed before.
 */
export interface PaintWith {
  painter: number;
  token: number;
}

/** What one tick carries to a page's paint worker: the painted views that changed, by painter and token. */
export interface PaintBatch {
  views: { painter: number; token: number; snapshot: Snapshot }[];
}

/** Where a page's paint batches go, with the buffer to transfer (a port in the worker). */
export type PaintSink = (batch: PaintBatch, transfer: ArrayBuffer[]) => void;

/**
 * The page's paint worker (a dedicated worker of its own: Chromium crashes a page whose canvas a shared worker draws
 * on once it drew on another page's): it draws book views on the canvases the page hands over, from the snapshots the
 * data worker sends it directly, so neither the page's main thread nor its messages are on the way.
 */
export interface PaintApi {
  /** The data worker's batches come over this port (made again for a replaced data worker). */
  listen(port: MessagePort): void;
  /**
   * Paints side `side` of painter `painter` (a number the page picks) on `canvas`, transferred from the page
   * (`transferControlToOffscreen`). Throws when it cannot draw on it.
   */
  paint(painter: number, side: LadderSide, canvas: OffscreenCanvas, look: LadderLook): void;
  /**
   * The painter's next showing (`token`, growing), with its sides' looks where they change with it (a new market's or
   * grouping's scales): the last view's book is cleared, and the snapshots of this showing are drawn whole once they
   * come; older ones are dropped.
   */
  show(painter: number, token: number, looks: Partial<Record<LadderSide, LadderLook>>): void;
  /** A painted side's new size, colours or scales: drawn whole again. */
  restyle(painter: number, side: LadderSide, look: LadderLook): void;
  /** The pointer over a painted side `y` CSS pixels from its top (NaN: it left): the level there is highlighted. */
  point(painter: number, side: LadderSide, y: number): void;
  /** The price of the level drawn `y` CSS pixels from the top of a painted side; NaN when there is none. */
  priceAt(painter: number, side: LadderSide, y: number): number;
  /** What the painter has drawn; null for an unknown one. */
  drawn(painter: number): Drawn | null;
  /** Stops painting one side (its canvas is let go), or, without a side, the whole painter. */
  unpaint(painter: number, side?: LadderSide): void;
}

/** What one publish tick carries to one page: the views that changed since their last post. */
export interface SnapshotBatch {
  /** Worker time of the tick. */
  t: number;
  /**
   * The page's batches counted from 0: a batch that went by post may reach the page after a later one that went
   * through the shared ring (workers/ring), and a view's older snapshot is then dropped.
   */
  seq: number;
  views: { id: number; snapshot: Snapshot }[];
}

/** Where a page's batches go, with the buffers to transfer (a port in the worker; tests ignore them). */
export type SnapshotSink = (batch: SnapshotBatch, transfer: ArrayBuffer[]) => void;

/**
 * Where a page's next batch is cut from, asked for its `numbers` (head and directory room included): a slot of the
 * page's shared ring (workers/ring), then posted with nothing to transfer; null for a fresh buffer.
 */
export type BatchMemory = (numbers: number) => Float64Array | null;

/** The worker's face, per connected page. */
export interface DataPlaneApi {
  /** Registers where this page's batches go, and the memory they are cut from when the page shares a ring. */
  attach(sink: SnapshotSink, memory?: BatchMemory): void;
  /**
   * Opens a view; its first snapshot comes as soon as there is data (when `visible`, the default; else once made
   * visible). With `paint`, a book view is drawn by that painter of the page's paint worker ({@link paintTo}).
   * Returns the view id.
   */
  open(spec: ViewSpec, visible?: boolean, paint?: PaintWith): number;
  close(id: number): void;
  /** A hidden view (background tab, collapsed panel) keeps merging but is not posted until visible again. */
  setVisible(id: number, visible: boolean): void;
  setRate(hz: PublishRate): void;
  /** The session token for the private `user` channel. */
  auth(token: string): void;
  /** The page's language and session, sent with the worker's REST calls like the page's own (spec shell §7). */
  setRequestContext(ctx: RequestContext): void;
  /** The page's REST answer for a stale user view (see {@link UserLoad}). */
  loadUser(load: UserLoad): void;
  /** The page's watchdog: a worker that stops answering is replaced. */
  ping(t: number): number;
  /**
   * Where the page's paint worker takes the views it paints ({@link PaintApi}): opened with `paint`, a book view goes
   * there every tick it changed, and to the page at the text pace (`PAINTED_EVERY_MS`) for what it reads as text.
   */
  paintTo(sink: PaintSink): void;
}

/**
 * The first message a page posts to its data worker: `hub`, a port to the socket hub (workers/hub), whose one
 * connection the worker's feed then shares with the origin's other tabs (null: a socket of its own).
 */
export interface DedicatedInit {
  hub: MessagePort | null;
}

/**
 * The worker's face as a page calls it through comlink: `attach` takes a port of the page's own, and every batch comes
 * over it as one message with no answer, packed in one transferred buffer (workers/packed) or, failing that, as a
 * {@link SnapshotBatch}. As a comlink callback, each batch also cost a reply message and its handling
 * on the page's main thread (about 5 % of it at 4× CPU throttle on the contract terminal).
 */
export type WorkerApi = Omit<DataPlaneApi, 'attach' | 'paintTo'> & {
  /** With `ring` (a cross-origin isolated page), batches that fit go through it rather than the port (workers/ring). */
  attach(port: MessagePort, ring?: SharedArrayBuffer): void;
  paintTo(port: MessagePort): void;
  /**
   * A market list the page fetches for its own first render (`/market/symbol-thumb`): without `rows`, the page says
   * it is fetching it; then its rows, or null when its fetch failed. The worker's grids wait for them instead of
   * asking the server again (workers/market-lists.ts).
   */
  marketList(path: string, rows?: readonly object[] | null): void;
};
