import { type Remote, transfer, wrap } from 'comlink';
import type { Envelope } from '../../common/api.ts';
import type { RequestContext } from '../../common/request-context.ts';
import type {
  DedicatedInit,
  PaintWith,
  PublishRate,
  Snapshot,
  SnapshotBatch,
  UserLoad,
  ViewSpec,
  WorkerApi,
} from '../../workers/api.ts';
import { unpackBatch } from '../../workers/packed/index.ts';
import { type BatchLease, RingReader, ringMemory } from '../../workers/ring/index.ts';
import { isSuccess } from '../api/request.ts';
import { PaintClient, type PainterHandle, type PaintLink } from './painters.ts';

/** How often the page checks that its worker answers, and how long it waits before replacing it. */
const PING_MS = 1000;
const DEAD_AFTER_MS = 3000;

/** A view's snapshot that came before its open answered, with its batch and the ring slot it is in. */
interface Early {
  seq: number;
  snapshot: Snapshot;
  lease: BatchLease | null;
}

/** One open view of the page. */
export interface ViewHandle {
  /**
   * The view's own visibility (a collapsed panel, one scrolled off screen): hidden, it keeps merging in the worker but
   * nothing is posted for it; made visible, its latest snapshot comes at once.
   */
  setVisible(visible: boolean): void;
  close(): void;
}

export interface DataClient {
  /**
   * Opens a view; `onSnapshot` gets each snapshot the worker posts for it. With `painter`, a book view is drawn by it
   * from now on, in place of the view it showed (workers/api.ts `open`).
   */
  open(
    spec: ViewSpec,
    onSnapshot: (snapshot: Snapshot) => void,
    visible?: boolean,
    painter?: PainterHandle,
  ): ViewHandle;
  /**
   * The page's visibility (a background tab hides every view). A view is posted only while the page and the view
   * are both visible.
   */
  setVisible(visible: boolean): void;
  setRate(hz: PublishRate): void;
  auth(token: string): void;
  /** The page's language and session for the worker's REST calls (told again to a replaced worker). */
  setRequestContext(ctx: RequestContext): void;
  /** The page's REST answer for a stale user view (workers/api.ts UserLoad). */
  loadUser(load: UserLoad): void;
  /** Times the worker was replaced because it stopped answering. */
  restarts(): number;
  /** A new painter of the page's paint worker; `refused` is told when one of its canvases cannot be painted there. */
  painter(refused?: () => void): PainterHandle;
  /** Starts the paint worker ahead of the first painter. */
  preparePainting(): void;
  /**
   * A market list the page fetches itself (`answer`), handed to the worker for its grids so that it does not ask
   * the server again (workers/api.ts `marketList`; told again to a replaced worker).
   */
  shareList(path: string, answer: Promise<Envelope<unknown>>): void;
}

/** A started worker: its api (comlink's proxy), where its batches go, and how to let it go. */
export interface WorkerLink {
  api: Remote<WorkerApi>;
  /**
   * Has the worker post this page's batches to `onBatch`; one read from the shared ring comes with the lease of its
   * slot (workers/ring), to hold while its snapshots are shown and let go after.
   */
  listen(onBatch: (batch: SnapshotBatch, lease: BatchLease | null) => void): void;
  stop(): void;
}

/**
 * The link to a worker's comlink endpoint: its batches come through the ring the page shares with it when the page is
 * cross-origin isolated (workers/ring), else, and when one does not fit, over a channel of their own (WorkerApi
 * `attach`), each packed in one buffer (workers/packed) or as objects.
 */
export function linkTo(api: Remote<WorkerApi>, stop: () => void, memory = ringMemory()): WorkerLink {
  let port: MessagePort | null = null;
  let ring: RingReader | null = null;
  return {
    api,
    listen: (onBatch) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<ArrayBuffer | SnapshotBatch>) => {
        ring?.passed();
        onBatch(event.data instanceof ArrayBuffer ? unpackBatch(event.data) : event.data, null);
      };
      port = channel.port1;
      ring = memory ? new RingReader(memory, (lease) => onBatch(unpackBatch(lease.buffer, lease.at), lease)) : null;
      void api.attach(transfer(channel.port2, [channel.port2]), memory ?? undefined);
    },
    stop: () => {
      port?.close();
      ring?.stop();
      stop();
    },
  };
}

export interface DataClientOptions {
  /** Starts a worker; `generation` counts the starts from 1 (default: a SharedWorker, else a dedicated Worker). */
  startWorker?: (generation: number) => WorkerLink;
  /** Whether the page starts visible (default true). */
  pageVisible?: boolean;
  /** Starts the page's paint worker, with the first painter (default: workers/paint-worker.ts). */
  startPainter?: () => PaintLink;
}

interface OpenView {
  spec: ViewSpec;
  onSnapshot: (snapshot: Snapshot) => void;
  /** The view's own wish; what the worker is told is this and the page's. */
  visible: boolean;
  /** The worker's id of this view in the current worker, once its open answered. */
  remote: number | null;
  /** What the current worker was last told (views open visible). */
  told: boolean;
  /** Its painter's showing, when the paint worker draws it. */
  paint: PaintWith | null;
  /** The current worker's batch its last snapshot came in: an older one arriving late is dropped. */
  seq: number;
  /** The ring slot that snapshot is in, held while it is the view's latest. */
  lease: BatchLease | null;
}

/**
 * The page's own data worker, in its own process (a SharedWorker's batches took twice as long to reach the page,
 * bench/post `--worker shared`), on the socket hub's one connection for every tab; a socket of its own where
 * SharedWorker is missing.
 */
function startBrowserWorker(generation: number): WorkerLink {
  const worker = new Worker(new URL('../../workers/dedicated-worker.ts', import.meta.url), { type: 'module' });
  // A new name after a restart: the hung hub is left behind by every tab that gave up on it.
  const hub = typeof SharedWorker !== 'undefined' ? hubPort(`tickstream-data-${generation}`) : null;
  worker.postMessage({ hub } satisfies DedicatedInit, hub ? [hub] : []);
  return linkTo(wrap<WorkerApi>(worker), () => worker.terminate());
}

/** A port to the origin's socket hub, for the tab's data worker. */
function hubPort(name: string): MessagePort {
  return new SharedWorker(new URL('../../workers/hub-worker.ts', import.meta.url), { type: 'module', name }).port;
}

/**
 * The page's side of the data plane: a transport that keeps no count of its own (the snapshot store counts a view's
 * readers). A worker that stops answering pings is replaced and every view re-opened in the new one, with its
 * visibility.
 */
class WorkerClient implements DataClient {
  private readonly startWorker: (generation: number) => WorkerLink;
  private readonly views = new Map<number, OpenView>();
  private readonly byRemote = new Map<number, number>();
  /**
   * Snapshots for views whose open has not answered yet: the worker posts a view's first snapshot at once when its
   * data is there (the user's state, a book another tab holds), and the batch may arrive before the open's answer.
   */
  private readonly early = new Map<number, Early>();
  private readonly paints: PaintClient;
  private opening = 0;
  private nextId = 1;
  private generation = 0;
  private restarted = 0;
  private pageVisible: boolean;
  private rate: PublishRate | null = null;
  private token: string | null = null;
  private context: RequestContext | null = null;
  /** Shared lists: their rows, null for a failed fetch, undefined while on its way. */
  private readonly lists = new Map<string, readonly object[] | null | undefined>();
  private api!: Remote<WorkerApi>;
  private stop: () => void = () => {};
  private waiting = false;

  constructor(options: DataClientOptions) {
    this.startWorker = options.startWorker ?? startBrowserWorker;
    this.paints = new PaintClient(options.startPainter);
    this.pageVisible = options.pageVisible ?? true;
    this.start();
    setInterval(() => this.watch(), PING_MS);
  }

  open(spec: ViewSpec, onSnapshot: (snapshot: Snapshot) => void, visible = true, painter?: PainterHandle): ViewHandle {
    const id = this.nextId++;
    const paint = painter ? this.paints.showing(painter) : null;
    const view: OpenView = { spec, onSnapshot, visible, remote: null, told: true, paint, seq: -1, lease: null };
    this.views.set(id, view);
    this.openRemote(id, view);
    return {
      setVisible: (next) => {
        if (this.views.get(id) !== view) return;
        view.visible = next;
        this.sync(view);
      },
      close: () => {
        if (this.views.get(id) !== view) return;
        this.views.delete(id);
        view.lease?.letGo();
        view.lease = null;
        if (view.remote === null) return;
        this.byRemote.delete(view.remote);
        void this.api.close(view.remote);
      },
    };
  }

  painter(refused?: () => void): PainterHandle {
    return this.paints.painter(refused);
  }

  preparePainting(): void {
    this.paints.prepare();
  }

  setVisible(next: boolean): void {
    this.pageVisible = next;
    for (const view of this.views.values()) this.sync(view);
  }

  setRate(hz: PublishRate): void {
    this.rate = hz;
    void this.api.setRate(hz);
  }

  auth(next: string): void {
    this.token = next;
    void this.api.auth(next);
  }

  setRequestContext(ctx: RequestContext): void {
    this.context = ctx;
    void this.api.setRequestContext(ctx);
  }

  loadUser(load: UserLoad): void {
    void this.api.loadUser(load);
  }

  shareList(path: string, answer: Promise<Envelope<unknown>>): void {
    this.lists.set(path, undefined);
    void this.api.marketList(path);
    const rows = (r: Envelope<unknown>) => (isSuccess(r.code) && Array.isArray(r.data) ? (r.data as object[]) : null);
    void answer
      .then(rows, () => null)
      .then((given) => {
        this.lists.set(path, given);
        void this.api.marketList(path, given);
      });
  }

  restarts(): number {
    return this.restarted;
  }

  /** Each view's snapshot of the batch goes to it, its lease held in place of the one of the view's last. */
  private readonly onBatch = ({ seq, views }: SnapshotBatch, lease: BatchLease | null) => {
    for (const { id, snapshot } of views) {
      const local = this.byRemote.get(id);
      if (local === undefined) {
        if (this.opening > 0 && seq > (this.early.get(id)?.seq ?? -1)) {
          lease?.hold();
          this.early.get(id)?.lease?.letGo();
          this.early.set(id, { seq, snapshot, lease });
        }
        continue;
      }
      const view = this.views.get(local);
      if (!view || seq <= view.seq) continue;
      lease?.hold();
      this.show(view, { seq, snapshot, lease });
    }
    // The batch's own hold: a slot none of its snapshots went to cools and frees again.
    lease?.letGo();
  };

  /** A view's new latest snapshot, whose lease (held already) replaces the one of its last. */
  private show(view: OpenView, { seq, snapshot, lease }: Early): void {
    view.lease?.letGo();
    view.lease = lease;
    view.seq = seq;
    view.onSnapshot(snapshot);
  }

  private dropEarly(): void {
    for (const { lease } of this.early.values()) lease?.letGo();
    this.early.clear();
  }

  private shown(view: OpenView): boolean {
    return this.pageVisible && view.visible;
  }

  /** Tells the worker a view's visibility when it changed; before the open answers, the answer does it. */
  private sync(view: OpenView): void {
    if (view.remote === null || view.told === this.shown(view)) return;
    view.told = this.shown(view);
    void this.api.setVisible(view.remote, view.told);
  }

  private openRemote(localId: number, view: OpenView): void {
    const asked = this.generation;
    view.remote = null;
    view.seq = -1;
    view.lease?.letGo();
    view.lease = null;
    view.told = this.shown(view);
    this.opening++;
    void Promise.resolve(this.api.open(view.spec, view.told, view.paint ?? undefined)).then((remote) => {
      // A restart re-opened it in the new worker; a closed view is let go at once.
      if (asked !== this.generation) return;
      const early = this.early.get(remote);
      this.early.delete(remote);
      if (--this.opening === 0) this.dropEarly();
      if (this.views.get(localId) !== view) {
        early?.lease?.letGo();
        void this.api.close(remote);
        return;
      }
      view.remote = remote;
      this.byRemote.set(remote, localId);
      this.sync(view);
      if (early) this.show(view, early);
    });
  }

  private start(): void {
    this.generation++;
    this.byRemote.clear();
    this.dropEarly();
    this.opening = 0;
    const link = this.startWorker(this.generation);
    this.api = link.api;
    this.stop = link.stop;
    link.listen(this.onBatch);
    if (this.rate) void this.api.setRate(this.rate);
    if (this.token) void this.api.auth(this.token);
    if (this.context) void this.api.setRequestContext(this.context);
    for (const [path, rows] of this.lists) void this.api.marketList(path, rows);
    // The paint worker keeps its canvases: only its channel from the data worker is new.
    this.paints.connect(this.api);
    for (const [id, view] of this.views) this.openRemote(id, view);
  }

  /** A worker that does not answer a ping within {@link DEAD_AFTER_MS} is replaced. */
  private watch(): void {
    if (this.waiting) return;
    this.waiting = true;
    const asked = this.generation;
    const timer = setTimeout(() => {
      if (asked !== this.generation) return;
      this.restarted++;
      this.stop();
      this.waiting = false;
      this.start();
    }, DEAD_AFTER_MS);
    Promise.resolve(this.api.ping(Date.now())).then(
      () => {
        clearTimeout(timer);
        this.waiting = false;
      },
      () => {},
    );
  }
}

export function createDataClient(options: DataClientOptions = {}): DataClient {
  return new WorkerClient(options);
}
