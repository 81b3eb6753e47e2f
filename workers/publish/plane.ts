import type { RequestContext } from '../../common/request-context.ts';
import {
  type BatchMemory,
  type DataPlaneApi,
  DEFAULT_PUBLISH_RATE,
  type Health,
  type PaintBatch,
  type PaintSink,
  type PaintWith,
  PUBLISH_RATES,
  type PublishRate,
  type SnapshotBatch,
  type SnapshotSink,
  type ViewSpec,
} from '../api.ts';
import { after, BEFORE } from '../packed/index.ts';
import { type FeedPort, type HistoryLoader, type MarketGrid, type Source, Sources } from '../sources/index.ts';
import { Arena } from './arena.ts';
import { realScheduler, type Scheduler, Throttle } from './throttle.ts';

/**
 * Views read as text (tickers in headers and lists, mark prices) are posted at most this often: a figure that changes
 * 50 times a second reads no better than at 10, and each post wakes the page (at 4× CPU throttle their re-renders were
 * a fifth of the contract terminal's main thread). Canvas views (book, trades, candles) and the user's go every tick.
 */
export const VIEW_EVERY_MS: Partial<Record<ViewSpec['kind'], number>> = { tickers: 100, mark: 100 };

/**
 * A view the worker paints is drawn every tick; its snapshots, which the page then reads only as text (readout, live
 * summary, the test hooks), go at most this often.
 */
export const PAINTED_EVERY_MS = 100;

interface View {
  id: number;
  spec: ViewSpec;
  page: Page;
  visible: boolean;
  /** Version of the data (and health) last posted; -1 before the first post. */
  posted: number;
  /** When it was last posted (scheduler ms), and the feed's and source's state it showed then. */
  postedAt: number;
  postedStatus: string;
  source: Source;
  /** The page's painter that draws it (opened with one: {@link DataPlaneApi.open}), and the version last sent to it. */
  paint: PaintWith | null;
  drawnVersion: number;
}

interface Page {
  sink: SnapshotSink | null;
  /** Where its batches are cut from (a shared ring), and the batches posted so far. */
  memory: BatchMemory | null;
  seq: number;
  views: Map<number, View>;
  throttle: Throttle;
  lastPing: number;
  /** A publish waiting for a paced view's turn ({@link VIEW_EVERY_MS}), and when it runs. */
  paced: unknown;
  pacedAt: number;
  /** Where the page's painted views go every tick: its paint worker. */
  paintSink: PaintSink | null;
}

/**
 * The worker's pages and their views. A view shows one source (workers/sources: one per channel kind, shared by every
 * view and page that shows it, counted once in the registry); each page gets at most one batch per publish period
 * with only its visible views that changed, as columnar typed arrays cut from one transferred buffer.
 */
export class DataPlane {
  private readonly sources: Sources;
  private readonly pages = new Set<Page>();
  private nextView = 1;
  /** Health changes (feed state, reconnects) bump every view's version through this. */
  private healthVersion = 0;

  constructor(
    private readonly feed: FeedPort,
    grid: (symbol: string) => Promise<MarketGrid | undefined>,
    private readonly scheduler: Scheduler = realScheduler,
    /** Where a candles view's history comes from; without one a series starts from the live candles alone. */
    history: HistoryLoader | null = null,
    /** Where the page's session and language go, for the worker's own REST calls. */
    private readonly requestContext: (ctx: RequestContext) => void = () => {},
  ) {
    this.sources = new Sources({ feed, scheduler, grid, history, changed: (source) => this.changed(source) });
    feed.route(this.sources);
    feed.onHealth(() => this.healthChanged());
    feed.onReconnect(() => {
      this.sources.reconnected();
      this.healthChanged();
    });
  }

  /** A page's API: its own views, rate and sink. */
  connect(): DataPlaneApi & { disconnect(): void; lastPing(): number } {
    const page: Page = {
      sink: null,
      memory: null,
      seq: 0,
      views: new Map(),
      throttle: new Throttle(() => this.publish(page), 1000 / DEFAULT_PUBLISH_RATE, this.scheduler),
      lastPing: this.scheduler.now(),
      paced: null,
      pacedAt: 0,
      paintSink: null,
    };
    this.pages.add(page);
    return {
      attach: (sink, memory) => {
        page.sink = sink;
        page.memory = memory ?? null;
        page.throttle.request();
      },
      open: (spec, visible, paint) => this.open(page, spec, visible ?? true, paint),
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
      setRequestContext: (ctx) => this.requestContext(ctx),
      loadUser: (load) => this.sources.loadUser(load),
      ping: (t) => {
        page.lastPing = this.scheduler.now();
        return t;
      },
      paintTo: (sink) => {
        page.paintSink = sink;
        for (const view of page.views.values()) view.drawnVersion = -1;
        page.throttle.request();
      },
      disconnect: () => this.disconnect(page),
      lastPing: () => page.lastPing,
    };
  }

  disconnect(page: Page): void {
    for (const id of [...page.views.keys()]) this.closeView(page, id);
    page.throttle.cancel();
    if (page.paced !== null) this.scheduler.clearTimeout(page.paced);
    this.pages.delete(page);
  }

  /** Pages that stopped pinging (a closed tab of a shared worker) lose their views. */
  sweep(idleMs: number): void {
    const now = this.scheduler.now();
    for (const page of this.pages) if (now - page.lastPing > idleMs) this.disconnect(page);
  }

  private open(page: Page, spec: ViewSpec, visible: boolean, paint?: PaintWith): number {
    const id = this.nextView++;
    const source = this.sources.acquire(spec);
    const view: View = {
      id,
      spec,
      page,
      visible,
      posted: -1,
      postedAt: Number.NEGATIVE_INFINITY,
      postedStatus: '',
      source,
      paint: null,
      drawnVersion: -1,
    };
    page.views.set(id, view);
    if (paint) {
      // One view a painter: the one opened last takes it.
      for (const other of page.views.values()) if (other.paint?.painter === paint.painter) other.paint = null;
      view.paint = paint;
    }
    // The first snapshot goes at once when the data is already here (another view brought it).
    if (visible && view.source.version > 0) this.publish(page);
    return id;
  }

  private closeView(page: Page, id: number): void {
    const view = page.views.get(id);
    if (!view) return;
    page.views.delete(id);
    this.sources.release(view.spec);
  }

  private changed(source: Source): void {
    source.version++;
    for (const page of this.pages) {
      let wanted = false;
      let first = false;
      for (const view of page.views.values()) {
        if (view.source !== source || !view.visible) continue;
        wanted = true;
        if (view.posted < 0 || (view.paint && view.drawnVersion < 0)) first = true;
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
    this.post(page);
    this.postPainted(page);
  }

  /**
   * The painted views that changed since they were last sent, to the page's paint worker: one batch a tick, its
   * arrays cut from one transferred buffer as the page's are.
   */
  private postPainted(page: Page): void {
    if (!page.paintSink) return;
    const due: View[] = [];
    let size = 0;
    for (const view of page.views.values()) {
      if (!view.paint || !view.visible || view.source.version === 0) continue;
      if (this.versionOf(view) === view.drawnVersion) continue;
      due.push(view);
      size += view.source.size(view.spec);
    }
    if (due.length === 0) return;
    const arena = new Arena(size);
    const views: PaintBatch['views'] = [];
    for (const view of due) {
      const { painter, token } = view.paint as PaintWith;
      views.push({ painter, token, snapshot: view.source.snapshot(view.spec, arena, this.health()) });
      view.drawnVersion = this.versionOf(view);
    }
    page.paintSink({ views }, [arena.buffer as ArrayBuffer]);
  }

  /** The page's batch of the views due (a painted one tells what was drawn up to the tick before). */
  private post(page: Page): void {
    if (!page.sink) return;
    const now = this.scheduler.now();
    const due: View[] = [];
    let size = 0;
    let wait = Number.POSITIVE_INFINITY;
    for (const view of page.views.values()) {
      // Nothing is posted before the first data; then data or health changes post again.
      if (!view.visible || view.source.version === 0) continue;
      if (this.versionOf(view) === view.posted) continue;
      const every = view.paint ? PAINTED_EVERY_MS : (VIEW_EVERY_MS[view.spec.kind] ?? 0);
      const turn = view.postedAt + every - now;
      // A paced view waits its turn for new data, not for a new state (a book gone live, a feed gone stale).
      if (turn > 0 && this.statusOf(view) === view.postedStatus) {
        wait = Math.min(wait, turn);
        continue;
      }
      due.push(view);
      size += view.source.size(view.spec);
    }
    if (wait < Number.POSITIVE_INFINITY) this.publishLater(page, wait);
    if (due.length === 0) return;
    // Room for the head and directory, so the batch goes packed in its own buffer (workers/packed).
    const room = after(due.map((view) => view.spec.kind));
    const arena = new Arena(size, BEFORE, room, page.memory?.(BEFORE + size + room));
    const views: SnapshotBatch['views'] = [];
    for (const view of due) {
      views.push({ id: view.id, snapshot: view.source.snapshot(view.spec, arena, this.health()) });
      view.posted = this.versionOf(view);
      view.postedAt = now;
      view.postedStatus = this.statusOf(view);
    }
    const buffer = arena.buffer;
    page.sink({ t: this.scheduler.now(), seq: page.seq++, views }, buffer ? [buffer] : []);
  }

  /** One publish when the earliest paced view's turn comes (the page's throttle still spaces it). */
  private publishLater(page: Page, wait: number): void {
    const at = this.scheduler.now() + wait;
    if (page.paced !== null) {
      if (page.pacedAt <= at) return;
      this.scheduler.clearTimeout(page.paced);
    }
    page.pacedAt = at;
    page.paced = this.scheduler.setTimeout(() => {
      page.paced = null;
      page.throttle.request();
    }, wait);
  }

  private statusOf(view: View): string {
    return `${this.feed.health().state} ${view.source.status?.() ?? ''}`;
  }

  private versionOf(view: View): number {
    return view.source.version * 1_000_003 + this.healthVersion;
  }

  /** The feed's part of every view's health; each source adds its own. */
  private health(): Health {
    const feed = this.feed.health();
    return {
      feed: feed.state,
      frameAge: Math.max(0, this.scheduler.now() - feed.lastFrameAt),
      reconnects: feed.reconnects,
      malformed: feed.malformed,
    };
  }
}
