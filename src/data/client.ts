import { proxy, type Remote, wrap } from 'comlink';
import type { DataPlaneApi, PublishRate, Snapshot, SnapshotBatch, ViewSpec } from '../../workers/api.ts';

/** How often the page checks that its worker answers, and how long it waits before replacing it. */
const PING_MS = 1000;
const DEAD_AFTER_MS = 3000;

export interface DataClient {
  /** Opens a view; `onSnapshot` gets each snapshot the worker posts for it. Returns the close function. */
  open(spec: ViewSpec, onSnapshot: (snapshot: Snapshot) => void): () => void;
  /** Hidden (background tab): views keep merging in the worker but nothing is posted. */
  setVisible(visible: boolean): void;
  setRate(hz: PublishRate): void;
  auth(token: string): void;
  /** Times the worker was replaced because it stopped answering. */
  restarts(): number;
}

interface OpenView {
  spec: ViewSpec;
  onSnapshot: (snapshot: Snapshot) => void;
  /** The worker's id of this view, in the current worker. */
  remote: Promise<number>;
}

/**
 * The page's side of the data plane: a SharedWorker (one socket and one book per market for every tab) or, where it is
 * missing, a dedicated Worker. A worker that stops answering pings is replaced and every view re-opened in the new one.
 */
export function createDataClient(): DataClient {
  const views = new Map<number, OpenView>();
  const byRemote = new Map<number, number>();
  let nextId = 1;
  let generation = 0;
  let restarts = 0;
  let visible = true;
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

  const openRemote = (localId: number, view: OpenView) => {
    view.remote = Promise.resolve(api.open(view.spec)).then((remote) => {
      byRemote.set(remote, localId);
      if (!visible) void api.setVisible(remote, false);
      return remote;
    });
  };

  const start = () => {
    generation++;
    byRemote.clear();
    if (typeof SharedWorker !== 'undefined') {
      const worker = new SharedWorker(new URL('../../workers/shared-worker.ts', import.meta.url), {
        type: 'module',
        // A new name after a restart: the hung instance is left behind by every tab that gave up on it.
        name: `tickstream-data-${generation}`,
      });
      api = wrap<DataPlaneApi>(worker.port);
      stop = () => worker.port.close();
    } else {
      const worker = new Worker(new URL('../../workers/dedicated-worker.ts', import.meta.url), { type: 'module' });
      api = wrap<DataPlaneApi>(worker);
      stop = () => worker.terminate();
    }
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
    open(spec, onSnapshot) {
      const id = nextId++;
      const view: OpenView = { spec, onSnapshot, remote: Promise.resolve(-1) };
      views.set(id, view);
      openRemote(id, view);
      return () => {
        views.delete(id);
        void view.remote.then((remote) => {
          byRemote.delete(remote);
          void api.close(remote);
        });
      };
    },
    setVisible(next) {
      visible = next;
      for (const view of views.values()) void view.remote.then((remote) => api.setVisible(remote, next));
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
