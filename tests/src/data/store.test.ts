import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '../../../src/data/client.ts';
import { observeInViewport } from '../../../src/data/hooks.ts';
import { SnapshotStore } from '../../../src/data/store.ts';
import { FakeWorker, settle, trades } from './fake-worker.ts';

const SPEC = { kind: 'trades', symbol: 'BTC/USDT' } as const;

function setup() {
  const worker = new FakeWorker();
  const store = new SnapshotStore(createDataClient({ startWorker: () => worker.link() }));
  const reader = () => {
    const listener = vi.fn();
    const price = () => {
      const snapshot = store.get(SPEC);
      return snapshot?.kind === 'trades' ? snapshot.trades[0] : null;
    };
    return { listener, price };
  };
  return { worker, store, reader };
}

describe('snapshot store', () => {
  it('keeps a view shared by two components posted while one of them is visible', async () => {
    const { worker, store, reader } = setup();
    const a = reader();
    const b = reader();
    const first = store.watch(SPEC, a.listener);
    const second = store.watch({ symbol: 'BTC/USDT', kind: 'trades' }, b.listener);
    await settle();
    expect(worker.calls).toEqual(['open 1 true']);

    // One panel collapses: the other still gets every snapshot; the collapsed one is not re-rendered.
    first.setVisible(false);
    worker.post(() => trades(1));
    expect(worker.calls).toEqual(['open 1 true']);
    expect(b.listener).toHaveBeenCalledTimes(1);
    expect(a.listener).not.toHaveBeenCalled();
    expect(store.get(SPEC)).not.toBeNull();

    // Both hidden: the worker stops posting it.
    second.setVisible(false);
    expect(worker.calls).toEqual(['open 1 true', 'visible 1 false']);
    worker.post(() => trades(2));
    expect(b.listener).toHaveBeenCalledTimes(1);

    // One shows again: posted again, and the reader is called at once for what it missed.
    first.setVisible(true);
    expect(worker.calls).toEqual(['open 1 true', 'visible 1 false', 'visible 1 true']);
    expect(a.listener).toHaveBeenCalledTimes(1);
    worker.post(() => trades(3));
    expect(a.price()).toBe(3);
    expect(a.listener).toHaveBeenCalledTimes(2);
    expect(b.listener).toHaveBeenCalledTimes(1);
  });

  it('hides a view when its last visible reader leaves, and closes it with the last reader', async () => {
    const { worker, store, reader } = setup();
    const shown = store.watch(SPEC, reader().listener);
    const hidden = store.watch(SPEC, reader().listener, false);
    await settle();
    shown.close();
    expect(worker.calls).toEqual(['open 1 true', 'visible 1 false']);
    hidden.close();
    hidden.close();
    expect(worker.calls).toEqual(['open 1 true', 'visible 1 false', 'close 1']);
    expect(store.get(SPEC)).toBeNull();
  });

  it('opens a view hidden when its first reader is hidden, and visible once a visible reader joins', async () => {
    const { worker, store, reader } = setup();
    store.watch(SPEC, reader().listener, false);
    const unsubscribe = store.subscribe(SPEC, reader().listener);
    await settle();
    expect(worker.calls).toEqual(['open 1 false', 'visible 1 true']);
    unsubscribe();
    expect(worker.calls.at(-1)).toBe('visible 1 false');
  });
});

describe('warming a view ahead of its readers', () => {
  afterEach(() => vi.useRealTimers());

  it('holds a warmed view posted, gives a reader that comes meanwhile its snapshot at once, then lets it go', async () => {
    vi.useFakeTimers();
    const { worker, store, reader } = setup();
    store.warm(SPEC, 1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.calls).toEqual(['open 1 true']);
    worker.post(() => trades(7));
    // A panel mounts on the warmed market: the snapshot is there before any new post.
    const panel = reader();
    const watching = store.watch(SPEC, panel.listener);
    expect(panel.price()).toBe(7);
    // Warmed again: held 1000 ms from now, not from the first warm.
    await vi.advanceTimersByTimeAsync(600);
    store.warm(SPEC, 1000);
    await vi.advanceTimersByTimeAsync(600);
    watching.close();
    expect(worker.calls).toEqual(['open 1 true']);
    await vi.advanceTimersByTimeAsync(400);
    expect(worker.calls).toEqual(['open 1 true', 'close 1']);
    expect(store.get(SPEC)).toBeNull();
  });

  it('keeps the view open for its reader after the hold ends', async () => {
    vi.useFakeTimers();
    const { worker, store, reader } = setup();
    store.warm(SPEC, 100);
    const watching = store.watch(SPEC, reader().listener);
    await vi.advanceTimersByTimeAsync(200);
    expect(worker.calls).toEqual(['open 1 true']);
    watching.close();
    expect(worker.calls).toEqual(['open 1 true', 'close 1']);
  });
});

describe('observeInViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the element entering and leaving the viewport, and stops', () => {
    const observers: { callback: (entries: { isIntersecting: boolean }[]) => void; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly state: (typeof observers)[number];
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          this.state = { callback, disconnected: false };
          observers.push(this.state);
        }
        observe() {}
        disconnect() {
          this.state.disconnected = true;
        }
      },
    );
    const seen: boolean[] = [];
    const stop = observeInViewport({} as Element, (v) => seen.push(v));
    observers[0]?.callback([{ isIntersecting: false }]);
    observers[0]?.callback([{ isIntersecting: false }, { isIntersecting: true }]);
    expect(seen).toEqual([false, true]);
    stop();
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('counts everything as visible where IntersectionObserver is missing', () => {
    const seen: boolean[] = [];
    observeInViewport({} as Element, (v) => seen.push(v))();
    expect(seen).toEqual([]);
  });
});
