// What every source of the data plane is: one per channel kind, between the feed and the publisher.
import type { CandleInterval, ServerFrame } from '../../common/protocol.ts';
import type { FeedState, Health, Snapshot, ViewSpec } from '../api.ts';
import type { ChannelRouter, FeedScheduler } from '../feed/index.ts';
import type { Resting } from '../user/index.ts';

export type Kind = ViewSpec['kind'];
export type SpecOf<K extends Kind> = Extract<ViewSpec, { kind: K }>;
export type SnapshotOf<K extends Kind> = Extract<Snapshot, { kind: K }>;

/** What the sources and the plane need of the socket (workers/feed's Feed; a fake in tests). */
export interface FeedPort {
  /** Who holds the channels and gets their frames: the registry of sources. */
  route(router: ChannelRouter): void;
  /** The router's channels changed: the server follows at the end of the turn. */
  sync(): void;
  /** Asks the server again for a held channel's snapshot. */
  resync(ch: string): boolean;
  auth(token: string): void;
  health(): { state: FeedState; lastFrameAt: number; reconnects: number; malformed: number };
  onHealth(listener: () => void): () => void;
  onReconnect(listener: () => void): () => void;
}

/** Grid of a market: what turns wire numbers into ticks and lots. */
export interface MarketGrid {
  priceScale: number;
  amountScale: number;
  /** A perpetual's contract size as a power of ten (see DepthBookOptions), for the book's value column. */
  valueScale?: number;
}

/** A market's candle history (REST), flat `[openTime, open, high, low, close, volume, …]` oldest first; rejects on failure. */
export type HistoryLoader = (symbol: string, interval: CandleInterval) => Promise<ArrayLike<number>>;

/** Where a snapshot's numbers go: the batch's single buffer (workers/publish/arena.ts). */
export interface SnapshotWriter {
  /** The free space from here on, `size` numbers at most, to write into before {@link take}. */
  peek(size: number): Float64Array;
  /** Claims the next `size` numbers (those just written through {@link peek}). */
  take(size: number): Float64Array;
}

/** What a source is given by the registry that holds it. */
export interface SourceContext {
  readonly feed: FeedPort;
  readonly scheduler: FeedScheduler;
  /** A market's grid, from the server's market list; undefined for an unknown market. */
  grid(symbol: string): Promise<MarketGrid | undefined>;
  /** Where a candles source's history comes from; null: from the live candles alone. */
  readonly history: HistoryLoader | null;
  /** Its data or its own health changed: the views that show it are posted again. */
  changed(source: Source): void;
  /** The user's orders resting in one market's book (none while no user view is open). */
  openOrders(symbol: string): readonly Resting[];
  /** The user's open orders changed in these markets: their books mark them anew. */
  openOrdersChanged(symbols: readonly string[]): void;
}

/**
 * One channel kind's state, shared by every view and page that shows it: it knows its channels on the feed, applies
 * their frames, writes a view's columnar snapshot and adds its own part of the health. Made and dropped by the
 * registry (./registry.ts), which holds the one count of the views on it.
 */
export interface Source<K extends Kind = Kind> {
  /** Channels it needs on the feed, for its whole life. */
  readonly channels: readonly string[];
  /** Grows with each change of its data or own health (the plane bumps it on {@link SourceContext.changed}). */
  version: number;
  /** A frame of one of its channels, or an error frame naming one. */
  apply(ch: string, frame: ServerFrame): void;
  /** The socket came back after a drop: frames may have been missed. */
  reconnected(): void;
  /** Numbers a view's snapshot may take in the batch's buffer. */
  size(spec: SpecOf<K>): number;
  /** The view's snapshot, its arrays cut from `out`; `health` is the feed's, to add its own part to. */
  snapshot(spec: SpecOf<K>, out: SnapshotWriter, health: Health): SnapshotOf<K>;
  /**
   * Its own state in a word, where it has one (a book: live, stale, resyncing): a view posted at a text pace is posted
   * at once when this changes, so a readout never waits out the pace.
   */
  status?(): string;
  /** The last view went: stop timers, let go. */
  close(): void;
}
