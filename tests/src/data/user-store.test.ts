import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotBalance, SpotOrder } from '../../../common/trading.ts';
import { createDataClient } from '../../../src/data/client.ts';
import { SnapshotStore } from '../../../src/data/store.ts';
import { UserStore } from '../../../src/data/user-store.ts';
import type { Snapshot, UserStatus } from '../../../workers/api.ts';
import { spotOrder } from '../../common/spot-order.ts';
import { FakeWorker } from './fake-worker.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

/** A user snapshot as the worker posts it. */
function user(status: UserStatus, resyncs: number, seq: number, orders: SpotOrder[] = []): Snapshot {
  return {
    kind: 'user',
    orders,
    fills: [],
    balances: [],
    positions: [],
    swapOrders: [],
    plans: [],
    wallets: [],
    notices: [],
    health: { feed: 'live', frameAge: 0, reconnects: 0, malformed: 0, user: { status, seq, resyncs, duplicates: 0 } },
  };
}

function setup() {
  const workers: FakeWorker[] = [];
  const client = createDataClient({
    startWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker.link();
    },
  });
  const answers: ((answer: { orders: SpotOrder[]; balances: SpotBalance[] } | null) => void)[] = [];
  const load = vi.fn(
    () => new Promise<{ orders: SpotOrder[]; balances: SpotBalance[] } | null>((r) => answers.push(r)),
  );
  const store = new UserStore(new SnapshotStore(client), client, load);
  const worker = () => workers.at(-1) as FakeWorker;
  return { store, load, answers, worker, workers };
}

describe('the user store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads a stale state once over REST and hands the answer to the worker with the round and seq it saw', async () => {
    const { store, load, answers, worker } = setup();
    const listener = vi.fn();
    store.watch('token', listener);
    await flush();
    expect(worker().views.get(1)?.spec).toEqual({ kind: 'user' });
    worker().post(() => user('stale', 0, 3));
    expect(load).toHaveBeenCalledTimes(1);
    // Frames go on arriving while the load runs: the same round is not loaded twice.
    worker().post(() => user('stale', 0, 4));
    expect(load).toHaveBeenCalledTimes(1);
    answers[0]?.({ orders: [spotOrder(1)], balances: [] });
    await flush();
    expect(worker().loads).toEqual([{ resyncs: 0, seq: 3, orders: [spotOrder(1)], balances: [] }]);
    // A stale snapshot posted before the worker took the load: still not loaded again.
    worker().post(() => user('stale', 0, 4));
    worker().post(() => user('live', 0, 4, [spotOrder(1)]));
    expect(store.get()?.status).toBe('live');
    // Live: frames change the state, and nothing is fetched.
    worker().post(() => user('live', 0, 5, [spotOrder(2), spotOrder(1, { status: 2 })]));
    expect(load).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(5);
    // A reconnect or a gap: a new round, loaded again.
    worker().post(() => user('stale', 1, 0));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a failed load again after a second, and at once when the user acts', async () => {
    const { store, load, answers, worker } = setup();
    store.watch('token', () => {});
    await flush();
    worker().post(() => user('stale', 0, 0));
    answers[0]?.(null);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(2);
    answers[1]?.(null);
    await flush();
    // The next wait is longer; a refresh (an order placed) does not wait for it.
    store.refresh();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps one state object per snapshot: open orders newest first, and a version that grows', async () => {
    const { store, worker } = setup();
    store.watch('token', () => {});
    await flush();
    expect(store.get()).toBeNull();
    worker().post(() =>
      user('live', 0, 1, [spotOrder(1, { status: 2 }), spotOrder(2, { time: 500 }), spotOrder(3, { time: 900 })]),
    );
    const state = store.get();
    expect(store.get()).toBe(state);
    expect(state?.open.map((o) => o.orderId)).toEqual([3, 2]);
    expect(state?.orders.map((o) => o.orderId)).toEqual([1, 2, 3]);
    worker().post(() => user('live', 0, 2));
    expect(store.get()?.version).toBe((state?.version ?? 0) + 1);
  });

  it('drops a load still running when its view closed, and loads the next view afresh', async () => {
    const { store, load, answers, worker } = setup();
    const stop = store.watch('token', () => {});
    await flush();
    worker().post(() => user('stale', 0, 5));
    stop();
    store.watch('token', () => {});
    await flush();
    // The new view's state starts stale at round 0 too: loaded again, and the first answer goes nowhere.
    worker().post(() => user('stale', 0, 0));
    expect(load).toHaveBeenCalledTimes(2);
    answers[0]?.({ orders: [], balances: [] });
    answers[1]?.({ orders: [spotOrder(1)], balances: [] });
    await flush();
    expect(worker().loads).toEqual([{ resyncs: 0, seq: 0, orders: [spotOrder(1)], balances: [] }]);
  });

  it('loads again in a worker that replaced a dead one, whose state starts stale at round 0 again', async () => {
    const { store, load, answers, worker, workers } = setup();
    store.watch('token', () => {});
    await flush();
    worker().post(() => user('stale', 0, 0));
    answers[0]?.({ orders: [], balances: [] });
    await flush();
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(5000);
    expect(workers).toHaveLength(2);
    worker().post(() => user('stale', 0, 0));
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.get()?.epoch).toBe('1:0');
  });
});
