import { channel, type DepthDiffFrame, type DepthSnapshotFrame, type ServerFrame } from '../../common/protocol.ts';
import { BOOK_COLUMNS, type Health, OWN_COLUMNS } from '../api.ts';
import { DepthBook, OwnLevels, toTicks } from '../book/index.ts';
import type { SnapshotOf, SnapshotWriter, Source, SourceContext, SpecOf } from './source.ts';

/** Fresh snapshots asked for one book at most this often. */
export const MIN_RESYNC_MS = 1000;

/**
 * A market's depth book: subscribed once for every view of it; a gap, a wrong checksum or a crossed book is never
 * shown as live and asks for a fresh snapshot at once (at most once a second). Its snapshots carry, per level, the
 * user's own resting volume there, from the user source's open orders.
 */
export class BookSource implements Source<'book'> {
  readonly channels: readonly string[];
  version = 0;
  private readonly ch: string;
  // The grid comes from the server's market list; frames before it are dropped and the book waits for a snapshot.
  private book = new DepthBook({ priceScale: 0, amountScale: 0 });
  private ready = false;
  private closed = false;
  private lastResync = Number.NEGATIVE_INFINITY;
  private resyncPending = false;
  private readonly ownBids = new OwnLevels(1);
  private readonly ownAsks = new OwnLevels(2);

  constructor(
    private readonly symbol: string,
    private readonly context: SourceContext,
  ) {
    this.ch = channel.depth(symbol);
    this.channels = [this.ch];
    void context.grid(symbol).then((grid) => {
      if (!grid || this.closed) return;
      this.book = new DepthBook(grid);
      this.ready = true;
      this.markOwn();
      context.feed.resync(this.ch);
    });
  }

  apply(_ch: string, frame: ServerFrame): void {
    if (!this.ready || (frame.kind !== 'snapshot' && frame.kind !== 'diff')) return;
    if (this.book.apply(frame as DepthSnapshotFrame | DepthDiffFrame) === 'stale') this.resync();
    this.context.changed(this);
  }

  reconnected(): void {
    // Its snapshot follows the re-subscription.
    this.book.markResyncing();
  }

  /** The user's open orders in this market changed. */
  openOrdersChanged(): void {
    if (!this.ready) return;
    this.markOwn();
    this.context.changed(this);
  }

  size(spec: SpecOf<'book'>): number {
    const own = this.ownBids.count + this.ownAsks.count > 0 ? OWN_COLUMNS : 0;
    return 2 * spec.depth * (BOOK_COLUMNS + own);
  }

  snapshot(spec: SpecOf<'book'>, out: SnapshotWriter, health: Health): SnapshotOf<'book'> {
    const book = this.book;
    const nb = book.extract(1, spec.depth, out.peek(spec.depth * BOOK_COLUMNS), spec.groupTicks);
    const bids = out.take(nb * BOOK_COLUMNS);
    const na = book.extract(2, spec.depth, out.peek(spec.depth * BOOK_COLUMNS), spec.groupTicks);
    const asks = out.take(na * BOOK_COLUMNS);
    const ownBids = this.marks(this.ownBids, bids, nb, spec.groupTicks, out);
    const ownAsks = this.marks(this.ownAsks, asks, na, spec.groupTicks, out);
    health.book = { status: book.status, seq: book.seq, resyncs: book.resyncs, duplicates: book.duplicates };
    return { kind: 'book', bids, asks, ownBids, ownAsks, health };
  }

  status(): string {
    return this.book.status;
  }

  close(): void {
    this.closed = true;
  }

  /** A side's own-order column: one number per level, or none when the user rests nothing on that side. */
  private marks(own: OwnLevels, levels: Float64Array, n: number, groupTicks: number, out: SnapshotWriter) {
    if (own.count === 0) return out.take(0);
    const column = out.take(n * OWN_COLUMNS);
    own.mark(levels, groupTicks, 10 ** this.book.priceScale, 10 ** this.book.amountScale, column);
    return column;
  }

  /** Reads the user's resting orders here into ticks and lots (on the book's grid). */
  private markOwn(): void {
    const { priceScale, amountScale } = this.book;
    const bids: { ticks: number; lots: number }[] = [];
    const asks: { ticks: number; lots: number }[] = [];
    for (const order of this.context.openOrders(this.symbol)) {
      const lots = toTicks(Number(order.amount), amountScale) - toTicks(Number(order.filled), amountScale);
      (order.direction === 1 ? bids : asks).push({ ticks: toTicks(Number(order.price), priceScale), lots });
    }
    this.ownBids.set(bids);
    this.ownAsks.set(asks);
  }

  /**
   * Asks for a fresh snapshot of a book gone stale (a bad snapshot too): at once, but not more than once a second, so
   * a server that keeps sending a bad book is not flooded.
   */
  private resync(): void {
    this.book.markResyncing();
    const { scheduler, feed } = this.context;
    const now = scheduler.now();
    if (now - this.lastResync >= MIN_RESYNC_MS) {
      this.lastResync = now;
      feed.resync(this.ch);
    } else if (!this.resyncPending) {
      this.resyncPending = true;
      scheduler.setTimeout(
        () => {
          this.resyncPending = false;
          if (this.closed || this.book.status === 'live') return;
          this.lastResync = scheduler.now();
          feed.resync(this.ch);
        },
        MIN_RESYNC_MS - (now - this.lastResync),
      );
    }
  }
}
