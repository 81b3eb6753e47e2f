import { type CandleInterval, channel, type ServerFrame } from '../../common/protocol.ts';
import {
  BOOK_COLUMNS,
  CANDLE_COLUMNS,
  type DataPlaneApi,
  DEFAULT_PUBLISH_RATE,
  type FeedState,
  type Health,
  type HistoryStatus,
  PUBLISH_RATES,
  type PublishRate,
  type Snapshot,
  type SnapshotBatch,
  type SnapshotSink,
  TRADE_COLUMNS,
  type ViewSpec,
} from '../api.ts';
import { DepthBook } from '../book/index.ts';
import { CandleSeries } from '../candles/index.ts';
import { type Backoff, backoffDelay } from '../feed/index.ts';
import { TICKER_COLUMNS, Tickers } from '../ticker/index.ts';
import { TRADES_CAP as TAPE_CAP, TradeTape } from '../trades/index.ts';
import { UserChannel } from '../user/index.ts';
import { realScheduler, type Scheduler, Throttle } from './throttle.ts';

/** Fresh snapshots asked for one book at most this often. */
const MIN_RESYNC_MS = 1000;
/** Retries of a failed candle history fetch: 0.5–1 s, 1–2 s, … up to 15–30 s. */
export const HISTORY_BACKOFF: Readonly<Backoff> = { minMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.5 };

/** What the plane needs of the socket (workers/feed's Feed; a fake in tests). */
export interface FeedPort {
  subscribe(ch: string, handler: (frame: ServerFrame) => void): () => void;
  /** Asks the server again for a held channel's snapshot. */
  resync(ch: string): void;
  auth(token: string): void;
  health(): { state: FeedState; lastFrameAt: number; reconnects: number; malformed: number };
  onHealth(listener: () => void): () => void;
  onReconnect(listener: () => void): () => void;
}

/** Grid of a market: what turns wire numbers into ticks and lots. */
export interface MarketGrid {
  priceScale: number;
  amountScale: number;
}

/** Sends a batch to a page, transferring the listed buffers (comlink `transfer` in a worker, a plain call in tests). */
export type Post = (sink: SnapshotSink, batch: SnapshotBatch, transfer: ArrayBuffer[]) => void;

/** A market's candle history (REST), flat `[openTime, open, high, low, close, volume, …]` oldest first; rejects on failure. */
export type HistoryLoader = (symbol: string, interval: CandleInterval) => Promise<ArrayLike<number>>;

/** One channel's state, shared by every view and page that watches it; `version` grows with each change. */
interface Source {
  version: number;
  views: number;
  detach: () => void;
}

interface BookSource extends Source {
  book: DepthBook;
}

interface CandleSource extends Source {
  series: CandleSeries;
  /** Null without a history loader. */
  history: { status: HistoryStatus; failures: number } | null;
  /** Fetches the history again: the feed missed frames. */
  reload: () => void;
}

interface View {
  id: number;
  spec: ViewSpec;
  page: Page;
  visible: boolean;
  /** Version of the data (and health) last posted; -1 before the first post. */
  posted: number;
  source: Source;
}

interface Page {
  sink: SnapshotSink | null;
  views: Map<number, View>;
  throttle: Throttle;
  lastPing: number;
}

/**
 * The worker's markets and the pages that watch them. Each channel is subscribed once on the feed however many views
 * and pages show it; each page gets at most one batch per publish period with only the visible views that changed,
 * as columnar typed arrays that are transferred. A book that goes stale asks the server for a fresh snapshot at once.
 */
export class DataPlane {
  private readonly books = new Map<string, BookSource>();
  private readonly tapes = new Map<string, Source & { tape: TradeTape }>();
  private readonly series = new Map<string, CandleSource>();
  private tickerSource: (Source & { tickers: Tickers }) | null = null;
  private userSource: (Source & { user: UserChannel }) | null = null;
  private readonly pages = new Set<Page>();
  private nextView = 1;
  /** Health changes (feed state, reconnects) bump every view's version through this. */
  private healthVersion = 0;

  constructor(
    private readonly feed: FeedPort,
    private readonly grid: (symbol: string) => Promise<MarketGrid | undefined>,
    private readonly post: Post,
    private readonly scheduler: Scheduler = realScheduler,
    /** Where a candles view's history comes from; without one a series starts from the live candles alone. */
    private readonly history: HistoryLoader | null = null,
  ) {
    feed.onHealth(() => this.healthChanged());
    // Every book may have missed frames while the socket was down; their snapshots follow the re-subscription.
    // Candles too: the gateway's snapshot holds only the current candle, so the ones missed come from the history.
    feed.onReconnect(() => {
      for (const source of this.books.values()) source.book.markResyncing();
      for (const source of this.series.values()) {
        source.series.unconfirm();
        source.reload();
      }
      this.healthChanged();
    });
  }

  /** A page's API: its own views, rate and sink. */
  connect(): DataPlaneApi & { disconnect(): void; lastPing(): number } {
    const page: Page = {
      sink: null,
      views: new Map(),
      throttle: new Throttle(() => this.publish(page), 1000 / DEFAULT_PUBLISH_RATE, this.scheduler),
      lastPing: this.scheduler.now(),
    };
    this.pages.add(page);
    return {
      attach: (sink) => {
        page.sink = sink;
        page.throttle.request();
      },
      open: (spec, visible) => this.open(page, spec, visible ?? true),
      close: (id) => this.closeView(page, id),
      setVisible: (id, visible) => {
        const view = page.views.get(id);
        if (!view) return;
        view.visible = visible;
        if (visible) page.throttle.request();
      },
      setRate: (hz: PublishRate) => {
        if (!PUBLISH_RATES.includes(hz)) return;
        page.throttle.setPeriod(1000 / hz);
      },
      auth: (token) => this.feed.auth(token),
      ping: (t) => {
        page.lastPing = this.scheduler.now();
        return t;
      },
      disconnect: () => this.disconnect(page),
      lastPing: () => page.lastPing,
    };
  }

  disconnect(page: Page): void {
    for (const id of [...page.views.keys()]) this.closeView(page, id);
    page.throttle.cancel();
    this.pages.delete(page);
  }

  /** Pages that stopped pinging (a closed tab of a shared worker) lose their views. */
  sweep(idleMs: number): void {
    const now = this.scheduler.now();
    for (const page of this.pages) if (now - page.lastPing > idleMs) this.disconnect(page);
  }

  private open(page: Page, spec: ViewSpec, visible: boolean): number {
    const id = this.nextView++;
    const view: View = { id, spec, page, visible, posted: -1, source: this.acquire(spec) };
    page.views.set(id, view);
    // The first snapshot goes at once when the data is already here (another view brought it).
    if (visible && view.source.version > 0) this.publish(page);
    return id;
  }

  private closeView(page: Page, id: number): void {
    const view = page.views.get(id);
    if (!view) return;
    page.views.delete(id);
    this.release(view.spec, view.source);
  }

  private acquire(spec: ViewSpec): Source {
    switch (spec.kind) {
      case 'book':
        return this.bookSource(spec.symbol);
      case 'trades':
        return this.tapeSource(spec.symbol);
      case 'tickers':
        return this.tickers();
      case 'candles':
        return this.candleSource(spec.symbol, spec.interval);
      case 'user':
        return this.user();
    }
  }

  private release(spec: ViewSpec, source: Source): void {
    source.views--;
    if (source.views > 0) return;
    source.detach();
    if (spec.kind === 'book') this.books.delete(spec.symbol);
    else if (spec.kind === 'trades') this.tapes.delete(spec.symbol);
    else if (spec.kind === 'candles') this.series.delete(`${spec.symbol}:${spec.interval}`);
    else if (spec.kind === 'user') this.userSource = null;
    else this.tickerSource = null;
  }

  private bookSource(symbol: string): Source {
    let source = this.books.get(symbol);
    if (!source) {
      const ch = channel.depth(symbol);
      // The grid comes from the server's market list; frames before it are dropped and the book waits for a snapshot.
      const book = new DepthBook({ priceScale: 0, amountScale: 0 });
      let ready: DepthBook | null = null;
      const created: BookSource = { book, version: 0, views: 0, detach: () => {} };
      void this.grid(symbol).then((grid) => {
        if (!grid || this.books.get(symbol) !== created) return;
        ready = new DepthBook(grid);
        created.book = ready;
        this.feed.resync(ch);
      });
      let lastResync = Number.NEGATIVE_INFINITY;
      let resyncPending = false;
      created.detach = this.feed.subscribe(ch, (frame) => {
        if (!ready || (frame.kind !== 'snapshot' && frame.kind !== 'diff')) return;
        // A gap, a wrong checksum or a crossed book (a bad snapshot too): never shown as live, re-synced from a fresh
        // snapshot — at once, but not more than once a second, so a server that keeps sending a bad book is not flooded.
        if (ready.apply(frame as Parameters<DepthBook['apply']>[0]) === 'stale') {
          ready.markResyncing();
          const now = this.scheduler.now();
          if (now - lastResync >= MIN_RESYNC_MS) {
            lastResync = now;
            this.feed.resync(ch);
          } else if (!resyncPending) {
            resyncPending = true;
            this.scheduler.setTimeout(
              () => {
                resyncPending = false;
                if (this.books.get(symbol) !== created || ready?.status === 'live') return;
                lastResync = this.scheduler.now();
                this.feed.resync(ch);
              },
              MIN_RESYNC_MS - (now - lastResync),
            );
          }
        }
        this.changed(created);
      });
      this.books.set(symbol, created);
      source = created;
    }
    source.views++;
    return source;
  }

  private tapeSource(symbol: string): Source {
    let source = this.tapes.get(symbol);
    if (!source) {
      const tape = new TradeTape();
      const created = { tape, version: 0, views: 0, detach: () => {} };
      created.detach = this.feed.subscribe(channel.trades(symbol), (frame) => {
        if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
        tape.apply(frame as Parameters<TradeTape['apply']>[0]);
        this.changed(created);
      });
      this.tapes.set(symbol, created);
      source = created;
    }
    source.views++;
    return source;
  }

  private candleSource(symbol: string, interval: CandleInterval): Source {
    const key = `${symbol}:${interval}`;
    let source = this.series.get(key);
    if (!source) {
      const series = new CandleSeries(interval);
      const created: CandleSource = { series, version: 0, views: 0, detach: () => {}, history: null, reload: () => {} };
      const candles = this.feed.subscribe(channel.candles(symbol, interval), (frame) => {
        if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
        series.apply(frame as Parameters<CandleSeries['apply']>[0]);
        this.changed(created);
      });
      // The last candle follows every trade at once, before the server's next candle frame confirms it.
      const trades = this.feed.subscribe(channel.trades(symbol), (frame) => {
        if (frame.kind !== 'update') return;
        const flat = (frame as { trades: number[] }).trades;
        let moved = false;
        for (let i = 0; i + 3 < flat.length; i += 4) {
          moved = series.applyTrade(flat[i] as number, flat[i + 2] as number, flat[i + 3] as number) || moved;
        }
        if (moved) this.changed(created);
      });
      const history = this.history ? this.followHistory(created, symbol, interval, this.history) : () => {};
      created.detach = () => {
        candles();
        trades();
        history();
      };
      this.series.set(key, created);
      source = created;
    }
    source.views++;
    return source;
  }

  /**
   * Loads a series' history now and again on {@link CandleSource.reload}; a failed fetch is retried with backoff and
   * shown in the health, the live candles going on meanwhile. Returns the stop function.
   */
  private followHistory(source: CandleSource, symbol: string, interval: CandleInterval, load: HistoryLoader) {
    let timer: unknown = null;
    let inFlight = false;
    let again = false;
    let stopped = false;
    source.history = { status: 'loading', failures: 0 };
    const fetchNow = () => {
      timer = null;
      inFlight = true;
      let answer: Promise<ArrayLike<number>>;
      try {
        answer = load(symbol, interval);
      } catch (error) {
        answer = Promise.reject(error);
      }
      answer.then(
        (candles) => {
          inFlight = false;
          if (stopped) return;
          source.series.load(candles);
          source.history = { status: 'loaded', failures: 0 };
          this.changed(source);
          if (again) {
            again = false;
            fetchNow();
          }
        },
        () => {
          inFlight = false;
          if (stopped) return;
          const failures = (source.history?.failures ?? 0) + 1;
          source.history = { status: 'retrying', failures };
          // A reload asked for meanwhile is this retry.
          again = false;
          timer = this.scheduler.setTimeout(fetchNow, backoffDelay(failures - 1, HISTORY_BACKOFF, Math.random));
          this.changed(source);
        },
      );
    };
    source.reload = () => {
      if (stopped) return;
      // An answer in flight may predate what the feed missed: ask again after it. A retry waiting is done now, as
      // the socket that just came back says the server is up.
      if (inFlight) {
        again = true;
        return;
      }
      if (timer !== null) this.scheduler.clearTimeout(timer);
      fetchNow();
    };
    fetchNow();
    return () => {
      stopped = true;
      if (timer !== null) this.scheduler.clearTimeout(timer);
    };
  }

  private tickers(): Source {
    if (!this.tickerSource) {
      const tickers = new Tickers();
      const created = { tickers, version: 0, views: 0, detach: () => {} };
      created.detach = this.feed.subscribe('ticker', (frame: ServerFrame) => {
        if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
        tickers.apply(frame as Parameters<Tickers['apply']>[0]);
        this.changed(created);
      });
      this.tickerSource = created;
    }
    this.tickerSource.views++;
    return this.tickerSource;
  }

  /** The private channel; the gateway refuses it until the feed's `auth` (the page sends that first). */
  private user(): Source {
    if (!this.userSource) {
      const user = new UserChannel();
      const created = { user, version: 0, views: 0, detach: () => {} };
      created.detach = this.feed.subscribe('user', (frame: ServerFrame) => {
        if (frame.kind !== 'order' && frame.kind !== 'fill' && frame.kind !== 'balance') return;
        if (user.apply(frame as Parameters<UserChannel['apply']>[0])) this.changed(created);
      });
      this.userSource = created;
    }
    this.userSource.views++;
    return this.userSource;
  }

  private changed(source: Source): void {
    source.version++;
    for (const page of this.pages) {
      let wanted = false;
      let first = false;
      for (const view of page.views.values()) {
        if (view.source !== source || !view.visible) continue;
        wanted = true;
        if (view.posted < 0) first = true;
      }
      // A view's first data goes out at once; after that, at most once per period.
      if (first) this.publish(page);
      else if (wanted) page.throttle.request();
    }
  }

  private healthChanged(): void {
    this.healthVersion++;
    for (const page of this.pages) page.throttle.request();
  }

  /**
   * One publish tick of a page: the visible views whose data or health changed since their last post. Every array of
   * the batch is a view into one buffer, transferred once: in Chromium each transferred buffer costs about as much as
   * the whole extract (bench/post), so one per batch rather than one or two per view.
   */
  private publish(page: Page): void {
    if (!page.sink) return;
    const due: View[] = [];
    let size = 0;
    for (const view of page.views.values()) {
      // Nothing is posted before the first data; then data or health changes post again.
      if (!view.visible || view.source.version === 0) continue;
      if (this.versionOf(view) === view.posted) continue;
      due.push(view);
      size += this.sizeOf(view);
    }
    if (due.length === 0) return;
    const arena = new Arena(size);
    const views: SnapshotBatch['views'] = [];
    for (const view of due) {
      views.push({ id: view.id, snapshot: this.snapshot(view, arena) });
      view.posted = this.versionOf(view);
    }
    this.post(page.sink, { t: this.scheduler.now(), views }, [arena.buffer]);
  }

  private versionOf(view: View): number {
    return view.source.version * 1_000_003 + this.healthVersion;
  }

  private health(book?: DepthBook): Health {
    const feed = this.feed.health();
    const health: Health = {
      feed: feed.state,
      frameAge: Math.max(0, this.scheduler.now() - feed.lastFrameAt),
      reconnects: feed.reconnects,
      malformed: feed.malformed,
    };
    if (book) health.book = { status: book.status, seq: book.seq, resyncs: book.resyncs, duplicates: book.duplicates };
    return health;
  }

  /** Numbers a view's snapshot may take in the batch's buffer. */
  private sizeOf(view: View): number {
    const spec = view.spec;
    switch (spec.kind) {
      case 'book':
        return 2 * spec.depth * BOOK_COLUMNS;
      case 'trades':
        return TAPE_CAP * TRADE_COLUMNS;
      case 'tickers': {
        const { tickers } = view.source as Source & { tickers: Tickers };
        return (spec.symbols.length > 0 ? spec.symbols.length : tickers.symbols().length) * TICKER_COLUMNS;
      }
      case 'candles':
        return (view.source as CandleSource).series.capacity * CANDLE_COLUMNS;
      case 'user':
        return 0;
    }
  }

  private snapshot(view: View, arena: Arena): Snapshot {
    const spec = view.spec;
    switch (spec.kind) {
      case 'book': {
        const { book } = view.source as BookSource;
        const bids = arena.peek(spec.depth * BOOK_COLUMNS);
        const nb = book.extract(1, spec.depth, bids, spec.groupTicks);
        const bidsUsed = arena.take(nb * BOOK_COLUMNS);
        const asks = arena.peek(spec.depth * BOOK_COLUMNS);
        const na = book.extract(2, spec.depth, asks, spec.groupTicks);
        return { kind: 'book', bids: bidsUsed, asks: arena.take(na * BOOK_COLUMNS), health: this.health(book) };
      }
      case 'trades': {
        const { tape } = view.source as Source & { tape: TradeTape };
        const n = tape.extract(arena.peek(TAPE_CAP * TRADE_COLUMNS));
        return { kind: 'trades', trades: arena.take(n * TRADE_COLUMNS), health: this.health() };
      }
      case 'tickers': {
        const { tickers } = view.source as Source & { tickers: Tickers };
        const symbols = spec.symbols.length > 0 ? spec.symbols : tickers.symbols();
        const values = arena.take(symbols.length * TICKER_COLUMNS);
        tickers.extract(symbols, values);
        return { kind: 'tickers', symbols, values, health: this.health() };
      }
      case 'candles': {
        const { series, history } = view.source as CandleSource;
        const n = series.extract(arena.peek(series.capacity * CANDLE_COLUMNS));
        const health = this.health();
        if (history) health.history = { ...history };
        return { kind: 'candles', candles: arena.take(n * CANDLE_COLUMNS), health };
      }
      case 'user': {
        // Small and rare: cloned objects, not columns.
        const { user } = view.source as Source & { user: UserChannel };
        return { kind: 'user', ...user.state(), health: this.health() };
      }
    }
  }
}

/** One batch's numbers: views are cut from one buffer in order, so the batch transfers a single ArrayBuffer. */
class Arena {
  private readonly numbers: Float64Array<ArrayBuffer>;
  private used = 0;

  constructor(size: number) {
    this.numbers = new Float64Array(size);
  }

  get buffer(): ArrayBuffer {
    return this.numbers.buffer;
  }

  /** The free space from here on, `size` numbers at most, to write into before {@link take}. */
  peek(size: number): Float64Array {
    return this.numbers.subarray(this.used, this.used + size);
  }

  /** Claims the next `size` numbers (those just written through {@link peek}). */
  take(size: number): Float64Array {
    const out = this.numbers.subarray(this.used, this.used + size);
    this.used += size;
    return out;
  }
}
