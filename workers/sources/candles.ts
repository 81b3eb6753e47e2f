import { type CandleInterval, type CandlesFrame, channel, type ServerFrame } from '../../common/protocol.ts';
import { CANDLE_COLUMNS, type Health, type HistoryStatus } from '../api.ts';
import { CandleSeries } from '../candles/index.ts';
import { type Backoff, backoffDelay } from '../feed/index.ts';
import type { SnapshotOf, SnapshotWriter, Source, SourceContext } from './source.ts';

/** Retries of a failed candle history fetch: 0.5–1 s, 1–2 s, … up to 15–30 s. */
export const HISTORY_BACKOFF: Readonly<Backoff> = { minMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.5 };

/**
 * A market's candles of one interval: the server's history (REST) under the live candles channel, the last candle
 * moved by every trade at once, before the server's next candle frame confirms it. After a reconnect the history is
 * fetched again: the gateway's snapshot holds only the current candle, so the ones missed come from there.
 */
export class CandlesSource implements Source<'candles'> {
  readonly channels: readonly string[];
  version = 0;
  private readonly series: CandleSeries;
  private readonly candlesCh: string;
  /** Null without a history loader. */
  private readonly history: HistoryFollow | null;

  constructor(
    readonly symbol: string,
    interval: CandleInterval,
    private readonly context: SourceContext,
  ) {
    this.series = new CandleSeries(interval);
    this.candlesCh = channel.candles(symbol, interval);
    this.channels = [this.candlesCh, channel.trades(symbol)];
    const load = context.history;
    this.history = load
      ? new HistoryFollow(
          () => load(symbol, interval),
          (candles) => this.series.load(candles),
          () => context.changed(this),
          context,
        )
      : null;
  }

  apply(ch: string, frame: ServerFrame): void {
    if (ch === this.candlesCh) {
      if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
      this.series.apply(frame as CandlesFrame);
      this.context.changed(this);
      return;
    }
    if (frame.kind !== 'update') return;
    const flat = (frame as { trades: number[] }).trades;
    let moved = false;
    for (let i = 0; i + 3 < flat.length; i += 4) {
      moved = this.series.applyTrade(flat[i] as number, flat[i + 2] as number, flat[i + 3] as number) || moved;
    }
    if (moved) this.context.changed(this);
  }

  reconnected(): void {
    this.series.unconfirm();
    this.history?.reload();
  }

  size(): number {
    return this.series.capacity * CANDLE_COLUMNS;
  }

  snapshot(_spec: unknown, out: SnapshotWriter, health: Health): SnapshotOf<'candles'> {
    const n = this.series.extract(out.peek(this.series.capacity * CANDLE_COLUMNS));
    if (this.history) health.history = { ...this.history.state };
    return { kind: 'candles', candles: out.take(n * CANDLE_COLUMNS), health };
  }

  close(): void {
    this.history?.stop();
  }
}

/**
 * Loads a series' history now and again on {@link reload}; a failed fetch is retried with backoff and shown in the
 * health, the live candles going on meanwhile.
 */
class HistoryFollow {
  state: { status: HistoryStatus; failures: number } = { status: 'loading', failures: 0 };
  private timer: unknown = null;
  private inFlight = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly fetch: () => Promise<ArrayLike<number>>,
    private readonly merge: (candles: ArrayLike<number>) => void,
    private readonly changed: () => void,
    private readonly context: Pick<SourceContext, 'scheduler'>,
  ) {
    this.fetchNow();
  }

  /** The feed missed frames: fetch again. */
  reload(): void {
    if (this.stopped) return;
    // An answer in flight may predate what the feed missed: ask again after it. A retry waiting is done now, as the
    // socket that just came back says the server is up.
    if (this.inFlight) {
      this.again = true;
      return;
    }
    if (this.timer !== null) this.context.scheduler.clearTimeout(this.timer);
    this.fetchNow();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.context.scheduler.clearTimeout(this.timer);
  }

  private fetchNow(): void {
    this.timer = null;
    this.inFlight = true;
    let answer: Promise<ArrayLike<number>>;
    try {
      answer = this.fetch();
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (candles) => this.answered(candles),
      () => this.failed(),
    );
  }

  private answered(candles: ArrayLike<number>): void {
    this.inFlight = false;
    if (this.stopped) return;
    this.merge(candles);
    this.state = { status: 'loaded', failures: 0 };
    this.changed();
    if (this.again) {
      this.again = false;
      this.fetchNow();
    }
  }

  private failed(): void {
    this.inFlight = false;
    if (this.stopped) return;
    const failures = this.state.failures + 1;
    this.state = { status: 'retrying', failures };
    // A reload asked for meanwhile is this retry.
    this.again = false;
    this.timer = this.context.scheduler.setTimeout(
      () => this.fetchNow(),
      backoffDelay(failures - 1, HISTORY_BACKOFF, Math.random),
    );
    this.changed();
  }
}
