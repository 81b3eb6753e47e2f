import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataClient } from '../../../src/data/client.ts';
import type { Snapshot } from '../../../workers/api.ts';
import { FakeWorker, trades } from './fake-worker.ts';

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

  it('keeps the first snapshot the worker posted before the open answered, and hands it over with the answer', async () => {
    const { client, worker } = setup();
    worker().answersOpens = false;
    const a = recorder();
    client.open(SPEC, a.onSnapshot);
    const closed = client.open({ kind: 'trades', symbol: 'ETH/USDT' }, () => {});
    closed.close();
    // The worker posts at once when the data is already there (the user's state, a book another tab holds).
    worker().sink?.({ t: 0, views: [{ id: 1, snapshot: trades(1) }] });
    worker().sink?.({ t: 0, views: [{ id: 1, snapshot: trades(2) }] });
    worker().sink?.({ t: 0, views: [{ id: 2, snapshot: trades(9) }] });
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

  it('hands each side a canvas at once and opens the view with its painter and the looks of its sides', async () => {
    const { client, worker } = setup();
    const painter = client.painter();
    void painter.paint('bid', slot());
    client.open({ kind: 'book', symbol: 'BTC/USDT', depth: 50, groupTicks: 0 }, () => {}, true, painter);
    await flush();
    // The painter goes with the open: the worker draws a market it already holds without a round trip.
    expect(worker().calls).toEqual(['paint 1 bid', 'open 1 true painter 1 bid']);
    painter.point('bid', 15);
    painter.point('ask', 15);
    expect(await painter.priceAt('bid', 3)).toBe(30);
    expect(await painter.priceAt('ask', 3)).toBeNaN();
    painter.restyle('bid', { ...look, width: 90 } as never);
    painter.unpaint('bid');
    painter.close();
    expect(worker().calls.slice(2)).toEqual(['point 1 bid 15', 'restyle 1 bid 90x40', 'unpaint 1 bid', 'unpaint 1']);
  });

  it('gives a replacing worker new canvases and shows the view again in it', async () => {
    const { client, workers, worker } = setup();
    const painter = client.painter();
    const bids = slot();
    void painter.paint('bid', bids);
    client.open({ kind: 'book', symbol: 'BTC/USDT', depth: 50, groupTicks: 0 }, () => {}, true, painter);
    await flush();
    worker().answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(bids.made.count).toBe(2);
    expect(worker().calls).toEqual(['paint 1 bid', 'open 1 true painter 1 bid']);
  });

  it('tells the owner when a worker, the first or a replacing one, will not take a canvas', async () => {
    const workers: FakeWorker[] = [];
    const client = createDataClient({
      startWorker: () => {
        const worker = new FakeWorker();
        // The first takes canvases; its replacement will not.
        worker.refusesCanvases = workers.length > 0;
        workers.push(worker);
        return worker.link();
      },
    });
    const refused = vi.fn();
    const painter = client.painter(refused);
    await painter.paint('bid', slot());
    expect(refused).not.toHaveBeenCalled();
    (workers[0] as FakeWorker).answersPings = false;
    await vi.advanceTimersByTimeAsync(1000 + 3000);
    expect(workers).toHaveLength(2);
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
