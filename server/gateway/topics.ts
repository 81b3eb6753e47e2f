/**
 * Public channels as topics: each collects what happened since the last flush and, at flush, packs ONE frame that every
 * subscriber receives as the same Buffer. Nothing is collected while a topic has no subscribers.
 */
import {
  type CandleInterval,
  CHECKSUM_LEVELS,
  channel,
  type TickerFrame,
  type TickerValues,
  TRADES_CAP,
} from '../../common/protocol.ts';
import type { Connection, Topic } from './connection.ts';
import { DepthFeed } from './depth-feed.ts';
import { packFrame } from './frames.ts';
import type { MarketMeta, MarketSource, TradeTick } from './source.ts';

function broadcast(subscribers: Set<Connection>, frame: Buffer): void {
  // A send may close a slow connection, which deletes it from this set; deleting during for-of is safe.
  for (const connection of subscribers) connection.send(frame);
}

/** How long an unchanged depth snapshot may be handed to further subscribers. */
const SNAPSHOT_REUSE_MS = 50;

export class DepthTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly feed: DepthFeed;
  /**
   * The last snapshot, reused while the book is unchanged and it is younger than {@link SNAPSHOT_REUSE_MS}, so a burst
   * of subscribers (a reconnect storm) converts and packs the whole book once; the age cap keeps its `t` honest.
   */
  private cached: Buffer | null = null;
  private cachedAt = 0;

  constructor(
    private readonly source: MarketSource,
    meta: MarketMeta,
  ) {
    this.feed = new DepthFeed(meta);
  }

  get channel(): string {
    return this.feed.channel;
  }

  /** Returns false when nobody listens, so the caller need not mark the topic dirty. */
  record(side: 1 | 2, priceTicks: number, volumeLots: number): boolean {
    this.cached = null;
    if (this.subscribers.size === 0) return false;
    this.feed.record(side, priceTicks, volumeLots);
    return true;
  }

  flush(t: number): void {
    if (!this.feed.changed) return;
    if (this.subscribers.size === 0) {
      this.feed.clear();
      return;
    }
    // The source's book is live, so at flush time it is exactly the book after the pending changes.
    // Only the checksum reads the book at flush time, so only its levels are copied.
    const frame = this.feed.diff(t, this.source.depth(this.feed.meta.symbol, CHECKSUM_LEVELS));
    if (frame) broadcast(this.subscribers, packFrame(frame));
  }

  snapshot(t: number): Buffer {
    if (this.cached === null || t - this.cachedAt > SNAPSHOT_REUSE_MS || t < this.cachedAt) {
      this.cached = packFrame(this.feed.snapshot(t, this.source.depth(this.feed.meta.symbol)));
      this.cachedAt = t;
    }
    return this.cached;
  }

  idle(): void {
    this.feed.clear();
    this.cached = null;
  }
}

export class TradesTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel: `trades:${string}`;
  /** New trades, oldest first, flat `[price, side, volume, time, …]` in wire numbers. */
  private pending: number[] = [];
  private readonly priceUnit: number;
  private readonly amountUnit: number;

  constructor(
    private readonly source: MarketSource,
    private readonly meta: MarketMeta,
  ) {
    this.channel = channel.trades(meta.symbol);
    this.priceUnit = 10 ** meta.priceScale;
    this.amountUnit = 10 ** meta.amountScale;
  }

  record(trade: TradeTick): boolean {
    if (this.subscribers.size === 0) return false;
    this.pending.push(trade.price / this.priceUnit, trade.side, trade.volume / this.amountUnit, trade.time);
    return true;
  }

  flush(t: number): void {
    if (this.pending.length === 0) return;
    const trades = this.pending;
    this.pending = [];
    broadcast(this.subscribers, packFrame({ ch: this.channel, kind: 'update', t, trades }));
  }

  snapshot(t: number): Buffer {
    const recent = this.source.recentTrades(this.meta.symbol);
    const trades: number[] = [];
    for (let i = Math.max(0, recent.length - TRADES_CAP); i < recent.length; i++) {
      const trade = recent[i] as TradeTick;
      trades.push(trade.price / this.priceUnit, trade.side, trade.volume / this.amountUnit, trade.time);
    }
    return packFrame({ ch: this.channel, kind: 'snapshot', t, trades });
  }

  idle(): void {
    this.pending = [];
  }
}

export class TickerTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel = 'ticker';
  /** Latest values per market that changed since the last flush. */
  private readonly pending = new Map<string, TickerValues>();

  constructor(private readonly source: MarketSource) {}

  record(symbol: string, values: TickerValues): boolean {
    if (this.subscribers.size === 0) return false;
    // Copied: the source may reuse its array for the next event.
    this.pending.set(symbol, [...values]);
    return true;
  }

  flush(t: number): void {
    if (this.pending.size === 0) return;
    const tickers: TickerFrame['tickers'] = {};
    this.pending.forEach((values, symbol) => {
      tickers[symbol] = values;
    });
    this.pending.clear();
    broadcast(this.subscribers, packFrame({ ch: 'ticker', kind: 'update', t, tickers }));
  }

  snapshot(t: number): Buffer {
    return packFrame({ ch: 'ticker', kind: 'snapshot', t, tickers: this.source.tickers() });
  }

  idle(): void {
    this.pending.clear();
  }
}

const CANDLE_FIELDS = 6;

export class CandlesTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel: `candles:${string}:${CandleInterval}`;
  /**
   * Latest value of each candle that changed, oldest first, flat groups of six. Usually one candle; two when a candle
   * closed and the next opened within one flush, so the closed candle's final value is not lost.
   */
  private pending: number[] = [];

  constructor(
    private readonly source: MarketSource,
    private readonly symbol: string,
    private readonly interval: CandleInterval,
  ) {
    this.channel = channel.candles(symbol, interval);
  }

  record(candle: readonly number[]): boolean {
    if (this.subscribers.size === 0 || candle.length < CANDLE_FIELDS) return false;
    const last = this.pending.length - CANDLE_FIELDS;
    const at = last >= 0 && this.pending[last] === candle[0] ? last : this.pending.length;
    for (let i = 0; i < CANDLE_FIELDS; i++) this.pending[at + i] = candle[i] as number;
    return true;
  }

  flush(t: number): void {
    if (this.pending.length === 0) return;
    const candles = this.pending;
    this.pending = [];
    broadcast(this.subscribers, packFrame({ ch: this.channel, kind: 'update', t, candles }));
  }

  snapshot(t: number): Buffer {
    const current = this.source.currentCandle(this.symbol, this.interval);
    const candles = current ? current.slice(0, CANDLE_FIELDS) : [];
    return packFrame({ ch: this.channel, kind: 'snapshot', t, candles });
  }

  idle(): void {
    this.pending = [];
  }
}
