import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '../../../src/data/client.ts';
import type { Snapshot } from '../../../workers/api.ts';
import type { BatchLease } from '../../../workers/ring/index.ts';
import { FakePainter, FakeWorker, trades } from './fake-worker.ts';

const SPEC = { kind: 'trades', symbol: 'BTC/USDT' } as const;
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(pageVisible = true) {
  const workers: FakeWorker[] = [];
  const client = createDataClient({
    pageVisible,
    startWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker.link();
    },
  });
  const worker = () => workers.at(-1) as FakeWorker;
  return { client, workers, worker };
}

/** A ring slot's lease as the ring's reader hands it over (held once by its batch), counting its holds. */
function lease() {
  let holds = 1;
  const counted = {
    hold: () => {
      holds++;
    },
    letGo: () => {
      holds--;
    },
    count: () => holds,
  };
  return counted as unknown as BatchLease & { count(): number };
}

/** The prices a view got, in order. */
function recorder() {
  const got: number[] = [];
  return { got, onSnapshot: (s: Snapshot) => got.push(s.kind === 'trades' ? (s.trades[0] as number) : -1) };
}

describe('data client visibility', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts a view only while both the page and the view are visible', async () => {
    const { client, worker } = setup();
    const a = recorder();
    const view = client.open(SPEC, a.onSnapshot);
    await flush();
    expect(worker().calls).toEqual(['open 1 true']);
    worker().post(() => trades(1));
    expect(a.got).toEqual([1]);

    view.setVisible(false);
    worker().post(() => trades(2));
    client.setVisible(false);
    // The page going hidden does not tell the worker again about a view that is hidden already.
    client.setVisible(true);
    worker().post(() => trades(3));
    expect(worker().calls).toEqual(['open 1 true', 'visible 1 false']);
    expect(a.got).toEqual([1]);

    client.setVisible(false);
    view.setVisible(true);
    expect(worker().views.get(1)?.visible).toBe(false);
    client.setVisible(true);
    worker().post(() => trades(4));
    expect(worker().calls).toEqual(['open 1 true', 'visible 1 false', 'visible 1 true']);
    expect(a.got).toEqual([1, 4]);
  });

  it('opens a hidden view hidden, in a hidden page too, and applies a change made before the open answered', async () => {
    const { client, worker } = setup(false);
    worker().answersOpens = false;
    const shown = client.open(SPEC, () => {});
    const hidden = client.open({ kind: 'tickers', symbols: [] }, () => {}, false);
    hidden.setVisible(true);
    worker().answersOpens = true;
    worker().answerOpens();
    await flush();
    expect(worker().calls).toEqual(['open 1 false', 'open 2 false']);
    client.setVisible(true);
    expect(worker().calls.slice(2)).toEqual(['visible 1 true', 'visible 2 true']);
    shown.setVisible(false);
    shown.setVisible(false);
    expect(worker().calls.slice(4)).toEqual(['visible 1 false']);
  });

  it('closes a view that closed before its open answered, and delivers nothing to it', async () => {
    const { client, worker } = setup();
    worker().answersOpens = false;
    const a = recorder();
    const view = client.open(SPEC, a.onSnapshot);
    view.close();
    view.setVisible(false);
    worker().answerOpens();
    await flush();
    expect(worker().calls).toEqual(['open 1 true', 'close 1']);
    worker().post(() => trades(1));
    expect(a.got).toEqual([]);
  });

  it("drops a view's snapshot from a batch older than the one it last showed (a post overtaken by the ring)", async () => {
    const { client, worker } = setup();
    const a = recorder();
    const b = recorder();
    client.open(SPEC, a.onSnapshot);
    client.open({ kind: 'trades', symbol: 'ETH/USDT' }, b.onSnapshot);
    await flush();
    worker().sink?.({ t: 0, seq: 5, views: [{ id: 1, snapshot: trades(5) }] });
    worker().sink?.({
      t: 0,
      seq: 4,
      views: [
        { id: 1, snapshot: trades(4) },
        { id: 2, snapshot: trades(40) },
      ],
    });
    worker().sink?.({ t: 0, seq: 6, views: [{ id: 1, snapshot: trades(6) }] });
    expect(a.got).toEqual([5, 6]);
    expect(b.got).toEqual([40]);
  });

  it("holds the ring slot of each view's latest snapshot, and lets it go once superseded or closed", async () => {
    const { client, worker } = setup();
    const a = client.open(SPEC, () => {});
    client.open({ kind: 'trades', symbol: 'ETH/USDT' }, () => {});
    await flush();
    const [both, one, none] = [lease(), lease(), lease()];
    worker().sink?.(
      {
        t: 0,
        seq: 1,
        views: [
          { id: 1, snapshot: trades(1) },
          { id: 2, snapshot: trades(2) },
        ],
      },
      both,
    );
    expect(both.count()).toBe(2);
    worker().sink?.({ t: 0, seq: 2, views: [{ id: 1, snapshot: trades(3) }] }, one);
    expect([both.count(), one.count()]).toEqual([1, 1]);
    // A batch with nothing for an open view is free again at once.
    worker().sink?.({ t: 0, seq: 3, views: [{ id: 9, snapshot: trades(4) }] }, none);
    expect(none.count()).toBe(0);
    a.close();
    expect(one.count()).toBe(0);
  });

  it('keeps the first snapshot the worker posted before the open answered, and hands it over with the answer', async () => {
    const { client, worker } = setup();
    worker().answersOpens = false;
    const a = recorder();
    client.open(SPEC, a.onSnapshot);
    const closed = client.open({ kind: 'trades', symbol: 'ETH/USDT' }, () => {});
    closed.close();
    // The worker posts at once when the data is already there (the user's state, a book another tab holds).
    worker().send([{ id: 1, snapshot: trades(1) }]);
    worker().send([{ id: 1, snapshot: trades(2) }]);
    worker().send([{ id: 2, snapshot: trades(9) }]);
    expect(a.got).toEqual([]);
    worker().answerOpens();
    await flush();
    expect(a.got).toEqual([2]);
    worker().post(() => trades(3));
    expect(a.got).toEqual([2, 3]);
  });

  it('re-opens every view with its visibility in a worker that replaces a dead one', async () => {
    const { client, workers, worker } = setup();
    const a = recorder();
    const b = recorder();
    client.open(SPEC, a.onSnapshot);
    const hidden = client.open({ kind: 'trades', symbol: 'ETH/USDT' }, b.onSnapshot);
    await flush();
    hidden.setVisible(false);
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(workers[0]?.stopped).toBe(true);
    expect(client.restarts()).toBe(1);
    expect(worker().calls).toEqual(['open 1 true', 'open 2 false']);
    worker().post((id) => trades(id * 10));
    expect(a.got).toEqual([10]);
    expect(b.got).toEqual([]);
    hidden.setVisible(true);
    worker().post((id) => trades(id * 100));
    expect(b.got).toEqual([200]);
  });

  it("tells the worker the page's language and session, and tells a replacing worker again", async () => {
    const { client, workers, worker } = setup();
    client.setRequestContext({ lang: 'ja', token: 't1', userId: 3 });
    expect(worker().calls).toEqual(['context ja t1 3']);
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(worker().calls).toEqual(['context ja t1 3']);
  });

  it('hands the worker a list the page fetches, failed or not, and tells a replacing worker again', async () => {
    const { client, workers, worker } = setup();
    let answer: (r: { code: number; message: string; data: unknown }) => void = () => {};
    client.shareList('/a', new Promise((resolve) => (answer = resolve)));
    client.shareList('/b', Promise.resolve({ code: 500, message: 'down', data: null }));
    client.shareList('/c', Promise.reject(new Error('offline')));
    await flush();
    expect(worker().calls).toEqual([
      'list /a expected',
      'list /b expected',
      'list /c expected',
      'list /b failed',
      'list /c failed',
    ]);
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(worker().calls).toEqual(['list /a expected', 'list /b failed', 'list /c failed']);
    answer({ code: 0, message: '', data: [{ symbol: 'BTC/USDT' }] });
    await flush();
    expect(worker().calls.at(-1)).toBe('list /a 1');
  });
});

describe('data client painters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const look = { width: 100, height: 40, ratio: 1, colors: {}, font: '', priceScale: 2, amountScale: 4 };
  /** A slot that counts the canvases it handed out. */
  const slot = () => {
    const made = { count: 0 };
    return {
      made,
      canvas: () => {
        made.count++;
        return {} as OffscreenCanvas;
      },
      look: () => look as never,
    };
  };
  const BOOK = { kind: 'book', symbol: 'BTC/USDT', depth: 50, groupTicks: 0 } as const;

  function painted() {
    const workers: FakeWorker[] = [];
    const painter = new FakePainter();
    const client = createDataClient({
      startWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker.link();
      },
      startPainter: () => painter.link(),
    });
    return { client, workers, worker: () => workers.at(-1) as FakeWorker, painter };
  }

  it('starts the paint worker with the first painter and links the data worker to it', async () => {
    const { client, worker, painter } = painted();
    await flush();
    expect(painter.starts).toBe(0);
    const handle = client.painter();
    await handle.paint('bid', slot());
    expect(painter.starts).toBe(1);
    expect(painter.calls).toEqual(['listen', 'paint 1 bid']);
    expect(worker().calls).toEqual(['paintTo']);
  });

  it("tells the paint worker a view's showing, with its looks, before the data worker opens it with the token", async () => {
    const { client, worker, painter } = painted();
    const handle = client.painter();
    await handle.paint('bid', slot());
    client.open(BOOK, () => {}, true, handle);
    client.open(BOOK, () => {}, true, handle);
    await flush();
    expect(painter.calls.slice(2)).toEqual(['show 1 1 bid', 'show 1 2 bid']);
    expect(worker().calls.slice(1)).toEqual(['open 1 true painter 1 token 1', 'open 2 true painter 1 token 2']);
    handle.point('bid', 15);
    handle.point('ask', 15);
    expect(await handle.priceAt('bid', 3)).toBe(30);
    expect(await handle.priceAt('ask', 3)).toBeNaN();
    expect(await handle.drawn()).toMatchObject({ bids: 1 });
    handle.restyle('bid', { ...look, width: 90 } as never);
    handle.unpaint('bid');
    handle.close();
    await flush();
    expect(painter.calls.slice(4)).toEqual(['point 1 bid 15', 'restyle 1 bid 90x40', 'unpaint 1 bid', 'unpaint 1']);
    expect(await handle.drawn()).toBeNull();
  });

  it('links a replacing data worker to the same paint worker, which keeps its canvases', async () => {
    const { client, workers, worker, painter } = painted();
    const handle = client.painter();
    const bids = slot();
    await handle.paint('bid', bids);
    client.open(BOOK, () => {}, true, handle);
    await flush();
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(bids.made.count).toBe(1);
    expect(painter.starts).toBe(1);
    expect(painter.calls.filter((c) => c === 'listen')).toHaveLength(2);
    // The view comes back with the showing the paint worker expects.
    expect(worker().calls).toEqual(['paintTo', 'open 1 true painter 1 token 1']);
  });

  it('tells the owner when the paint worker will not take a canvas', async () => {
    const { client, painter } = painted();
    painter.refusesCanvases = true;
    const refused = vi.fn();
    const handle = client.painter(refused);
    await expect(handle.paint('bid', slot())).rejects.toThrow(/2d/);
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
