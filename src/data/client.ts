import { proxy, type Remote, wrap } from 'comlink';
import type { DataPlaneApi, PublishRate, Snapshot, SnapshotBatch, ViewSpec } from '../../workers/api.ts';

/** How often the page checks that its worker answers, and how long it waits before replacing it. */
const PING_MS = 1000;
const DEAD_AFTER_MS = 3000;

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
  /** Opens a view; `onSnapshot` gets each snapshot the worker posts for it. */
  open(spec: ViewSpec, onSnapshot: (snapshot: Snapshot) => void, visible?: boolean): ViewHandle;
  /**
   * The page's visibility (a background tab hides every view). A view is posted only while the page and the view
   * are both visible.
   */
  setVisible(visible: boolean): void;
  setRate(hz: PublishRate): void;
  auth(token: string): void;
  /** Times the worker was replaced because it stopped answering. */
  restarts(): number;
}

/** A started worker: its api (comlink's proxy) and how to let it go. */
export interface WorkerLink {
  api: Remote<DataPlaneApi>;
  stop(): void;
}

export interface DataClientOptions {
  /** Starts a worker; `generation` counts the starts from 1 (default: a SharedWorker, else a dedicated Worker). */
  startWorker?: (generation: number) => WorkerLink;
  /** Whether the page starts visible (default true). */
  pageVisible?: boolean;
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
}

/** A SharedWorker (one socket and one book per market for every tab), or a dedicated Worker where it is missing. */
function startBrowserWorker(generation: number): WorkerLink {
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('../../workers/shared-worker.ts', import.meta.url), {
      type: 'module',
      // A new name after a restart: the hung instance is left behind by every tab that gave up on it.
      name: `tickstream-data-${generation}`,
    });
    return { api: wrap<DataPlaneApi>(worker.port), stop: () => worker.port.close() };
  }
  const worker = new Worker(new URL('../../workers/dedicated-worker.ts', import.meta.url), { type: 'module' });
  return { api: wrap<DataPlaneApi>(worker), stop: () => worker.terminate() };
}

/**
 * The page's side of the data plane. A worker that stops answering pings is replaced and every view re-opened in the
 * new one, with its visibility.
 */
export function createDataClient(options: DataClientOptions = {}): DataClient {
  const startWorker = options.startWorker ?? startBrowserWorker;
  const views = new Map<number, OpenView>();
  const byRemote = new Map<number, number>();
  let nextId = 1;
  let generation = 0;
  let restarts = 0;
  let pageVisible = options.pageVisible ?? true;
  let rate: PublishRate | null = null;
  let token: string | null = null;
  let api: Remote<DataPlaneApi>;
  let stop: () => void = () => {};

  const onBatch = (batch: SnapshotBatch) => {
    for (const { id, snapshot } of batch.views) {
      const local = byRemote.get(id);
      const view = local === undefined ? undefined : views.get(local);
      view?.onSnapshot(snapshot);
    }
  };

  const shown = (view: OpenView) => pageVisible && view.visible;

  /** Tells the worker a view's visibility when it changed; before the open answers, the answer does it. */
  const sync = (view: OpenView) => {
    if (view.remote === null || view.told === shown(view)) return;
    view.told = shown(view);
    void api.setVisible(view.remote, view.told);
  };

  const openRemote = (localId: number, view: OpenView) => {
    const asked = generation;
    view.remote = null;
    view.told = shown(view);
    void Promise.resolve(api.open(view.spec, view.told)).then((remote) => {
      // A restart re-opened it in the new worker; a closed view is let go at once.
      if (asked !== generation) return;
      if (views.get(localId) !== view) {
        void api.close(remote);
        return;
      }
      view.remote = remote;
      byRemote.set(remote, localId);
      sync(view);
    });
  };

  const start = () => {
    generation++;
    byRemote.clear();
    const link = startWorker(generation);
    api = link.api;
    stop = link.stop;
    void api.attach(proxy(onBatch));
    if (rate) void api.setRate(rate);
    if (token) void api.auth(token);
    for (const [id, view] of views) openRemote(id, view);
  };

  start();
  let waiting = false;
  setInterval(() => {
    if (waiting) return;
    waiting = true;
    const asked = generation;
    const timer = setTimeout(() => {
      if (asked !== generation) return;
      restarts++;
      stop();
      waiting = false;
      start();
    }, DEAD_AFTER_MS);
    Promise.resolve(api.ping(Date.now())).then(
      () => {
        clearTimeout(timer);
        waiting = false;
      },
      () => {},
    );
  }, PING_MS);

  return {
    open(spec, onSnapshot, visible = true) {
      const id = nextId++;
      const view: OpenView = { spec, onSnapshot, visible, remote: null, told: true };
      views.set(id, view);
      openRemote(id, view);
      return {
        setVisible(next) {
          if (views.get(id) !== view) return;
          view.visible = next;
          sync(view);
        },
        close() {
          if (views.get(id) !== view) return;
          views.delete(id);
          if (view.remote === null) return;
          byRemote.delete(view.remote);
          void api.close(view.remote);
        },
      };
    },
    setVisible(next) {
      pageVisible = next;
      for (const view of views.values()) sync(view);
    },
    setRate(hz) {
      rate = hz;
      void api.setRate(hz);
    },
    auth(next) {
      token = next;
      void api.auth(next);
    },
    restarts: () => restarts,
  };
}
