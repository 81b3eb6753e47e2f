import { describe, expect, it, vi } from 'vitest';
import type { CandleInterval } from '../../../common/protocol.ts';
import { decodeVersionParam, type RequestContext } from '../../../common/request-context.ts';
import type { Health, SnapshotBatch } from '../../../workers/api.ts';
import { fetchHistory, HISTORY_LIMIT, historyUrl, parseHistory } from '../../../workers/candles/index.ts';
import { DataPlane } from '../../../workers/publish/index.ts';
import { HISTORY_BACKOFF } from '../../../workers/sources/index.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';
import { FakeFeed as BaseFeed } from '../sources/fake-feed.ts';

const SYMBOL = 'BTC/USDT';
const CH = `candles:${SYMBOL}:M1` as const;
const MIN = 60_000;
const T = Date.UTC(2026, 10, 22, 12);
const CTX: RequestContext = { lang: 'en_US', token: null, userId: null };

/** The fake socket, with a way to send this test's candles channel. */
class FakeFeed extends BaseFeed {
  candles(kind: 'snapshot' | 'update', t: number, candles: number[]): void {
    this.emit(CH, { ch: CH, kind, t, candles });
  }
}

/** A history loader whose answers the test gives, one per call. */
class Loader {
  readonly calls: { symbol: string; interval: CandleInterval }[] = [];
  private readonly pending: { resolve: (c: number[]) => void; reject: (e: Error) => void }[] = [];

  readonly load = (symbol: string, interval: CandleInterval) => {
    this.calls.push({ symbol, interval });
    return new Promise<number[]>((resolve, reject) => this.pending.push({ resolve, reject }));
  };

  async answer(candles: number[]): Promise<void> {
    this.next().resolve(candles);
    await settle();
  }

  async fail(): Promise<void> {
    this.next().reject(new Error('502'));
    await settle();
  }

  private next() {
    const first = this.pending.shift();
    if (!first) throw new Error('no history request is waiting');
    return first;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const feed = new FakeFeed();
  const scheduler = new ManualScheduler();
  const loader = new Loader();
  const posts: SnapshotBatch[] = [];
  const plane = new DataPlane(feed, async () => undefined, scheduler, loader.load);
  const api = plane.connect();
  api.attach((batch) => posts.push(batch));
  /** The last candles snapshot posted: the candles as rows, and the health. */
  const shown = () => {
    const snapshot = posts.flatMap((b) => b.views.map((v) => v.snapshot)).findLast((s) => s.kind === 'candles');
    if (snapshot?.kind !== 'candles') return null;
    const rows: number[][] = [];
    for (let i = 0; i < snapshot.candles.length; i += 6) rows.push([...snapshot.candles.subarray(i, i + 6)]);
    return { rows, health: snapshot.health as Health };
  };
  return { feed, scheduler, loader, posts, api, shown };
}

describe('candle history', () => {
  it('asks /market/history for the spec limit and reads the envelope, oldest first', async () => {
    expect(HISTORY_LIMIT).toBe(300);
    const url = new URL(historyUrl('http://127.0.0.1:8080', SYMBOL, 'H4'));
    expect(url.pathname).toBe('/market/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({ symbol: SYMBOL, resolution: 'H4', limit: '300' });
    const body = {
      code: 0,
      message: 'success',
      data: [
        [T + MIN, 2, 3, 1, 2.5, 4],
        [T, 1, 2, 0.5, 1.5, 3],
      ],
    };
    expect(parseHistory(body)).toEqual([T, 1, 2, 0.5, 1.5, 3, T + MIN, 2, 3, 1, 2.5, 4]);
    expect(parseHistory({ code: 0, data: [] })).toEqual([]);
    expect(() => parseHistory({ code: 4301, message: 'unknown market', data: null })).toThrow(/4301/);
    expect(() => parseHistory({ code: 0, data: [[T, 1, 2, 3, 4]] })).toThrow(/malformed/);
    expect(() => parseHistory({ code: 0, data: [[T, 1, 2, 3, 4, 'x']] })).toThrow(/malformed/);
    expect(() => parseHistory('<html>')).toThrow();

    const fetcher = vi.fn(async (url: string | URL | Request) => {
      expect(String(url)).toContain('/market/history?');
      return new Response(JSON.stringify(body), { status: 200 });
    });
    expect(await fetchHistory('http://x', SYMBOL, 'M1', CTX, fetcher as typeof fetch)).toHaveLength(12);
    const down = async () => new Response('bad gateway', { status: 502 });
    await expect(fetchHistory('http://x', SYMBOL, 'M1', CTX, down as typeof fetch)).rejects.toThrow(/502/);
  });

  it("sends the request layer's headers, v and langCode (spec shell §7, issue 19 item 16)", async () => {
    let seen: { url: string; headers: Record<string, string> } | null = null;
    const fetcher = async (url: string | URL | Request, init?: RequestInit) => {
      seen = { url: String(url), headers: (init?.headers ?? {}) as Record<string, string> };
      return new Response(JSON.stringify({ code: 0, data: [] }), { status: 200 });
    };
    await fetchHistory('http://x', SYMBOL, 'M1', { lang: 'ko_KR', token: 'tk', userId: 7 }, fetcher as typeof fetch);
    const { url, headers } = seen as unknown as { url: string; headers: Record<string, string> };
    const query = new URL(url).searchParams;
    expect(query.get('langCode')).toBe('ko_KR');
    expect(decodeVersionParam(query.get('v') ?? '').userId).toBe(7);
    expect(query.get('symbol')).toBe(SYMBOL);
    expect(headers).toMatchObject({ lang: 'ko_KR', platform: 'web', 'client-type': 'pc', 'x-auth-token': 'tk' });
  });

  it("asks /swap/history for a perpetual's market, naming its contract", () => {
    const url = new URL(historyUrl('http://127.0.0.1:8080', 'ETH/USDT:USDT', 'M15'));
    expect(url.pathname).toBe('/swap/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({ symbol: 'ETH/USDT', resolution: 'M15', limit: '300' });
  });

  it('starts a candles view from the history and follows the feed from there', async () => {
    const { feed, loader, api, shown, scheduler } = setup();
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    expect(loader.calls).toEqual([{ symbol: SYMBOL, interval: 'M1' }]);
    await loader.answer([T, 1, 2, 1, 2, 10, T + MIN, 2, 3, 2, 3, 5]);
    expect(shown()?.health.history).toEqual({ status: 'loaded', failures: 0 });
    expect(shown()?.rows).toHaveLength(2);
    // The gateway's snapshot: the current candle, newer than the history's.
    feed.candles('snapshot', T + MIN + 9, [T + MIN, 2, 4, 2, 4, 8]);
    scheduler.advance(20);
    feed.candles('update', T + 2 * MIN, [T + 2 * MIN, 4, 4, 4, 4, 1]);
    scheduler.advance(20);
    expect(shown()?.rows).toEqual([
      [T, 1, 2, 1, 2, 10],
      [T + MIN, 2, 4, 2, 4, 8],
      [T + 2 * MIN, 4, 4, 4, 4, 1],
    ]);
  });

  it('never rolls back newer live candles with history that arrives after them', async () => {
    const { feed, loader, api, shown, scheduler } = setup();
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    feed.candles('snapshot', T + MIN + 5, [T + MIN, 2, 4, 2, 4, 8]);
    feed.candles('update', T + 2 * MIN, [T + MIN, 2, 4, 2, 3.5, 9, T + 2 * MIN, 3.5, 3.5, 3.5, 3.5, 1]);
    // Shown before the history: the live candles do not wait for it.
    scheduler.advance(20);
    expect(shown()?.rows).toHaveLength(2);
    expect(shown()?.health.history?.status).toBe('loading');
    await loader.answer([T - MIN, 0, 1, 0, 1, 1, T, 1, 2, 1, 2, 10, T + MIN, 2, 3, 2, 3, 5]);
    scheduler.advance(20);
    expect(shown()?.rows).toEqual([
      [T - MIN, 0, 1, 0, 1, 1],
      [T, 1, 2, 1, 2, 10],
      [T + MIN, 2, 4, 2, 3.5, 9],
      [T + 2 * MIN, 3.5, 3.5, 3.5, 3.5, 1],
    ]);
    expect(shown()?.health.history).toEqual({ status: 'loaded', failures: 0 });
  });

  it('retries a failed fetch with backoff, shows it in the health, and loads once the server answers', async () => {
    const { feed, loader, api, shown, scheduler } = setup();
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    feed.candles('snapshot', T + 5, [T, 1, 1, 1, 1, 1]);
    await loader.fail();
    scheduler.advance(20);
    expect(shown()?.health.history).toEqual({ status: 'retrying', failures: 1 });
    expect(shown()?.rows).toEqual([[T, 1, 1, 1, 1, 1]]);
    // Not before the backoff's shortest delay, at the latest after its base (both counted from the failure, 20 ms ago).
    scheduler.advance(HISTORY_BACKOFF.minMs * (1 - HISTORY_BACKOFF.jitter) - 21);
    expect(loader.calls).toHaveLength(1);
    scheduler.advance(HISTORY_BACKOFF.minMs);
    expect(loader.calls).toHaveLength(2);
    await loader.fail();
    scheduler.advance(20);
    expect(shown()?.health.history).toEqual({ status: 'retrying', failures: 2 });
    scheduler.advance(HISTORY_BACKOFF.minMs * HISTORY_BACKOFF.factor);
    expect(loader.calls).toHaveLength(3);
    await loader.answer([T - MIN, 0, 1, 0, 1, 1, T, 1, 2, 1, 2, 10]);
    scheduler.advance(20);
    expect(shown()?.health.history).toEqual({ status: 'loaded', failures: 0 });
    expect(shown()?.rows).toEqual([
      [T - MIN, 0, 1, 0, 1, 1],
      [T, 1, 1, 1, 1, 1],
    ]);
  });

  it('posts the failure even before any candle, and survives a loader that throws', async () => {
    const feed = new FakeFeed();
    const scheduler = new ManualScheduler();
    const posts: SnapshotBatch[] = [];
    const load = vi.fn((): Promise<number[]> => {
      throw new Error('no fetch here');
    });
    const plane = new DataPlane(feed, async () => undefined, scheduler, load);
    const api = plane.connect();
    api.attach((batch) => posts.push(batch));
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    await settle();
    const first = posts[0]?.views[0]?.snapshot;
    expect(first?.kind === 'candles' && first.candles.length).toBe(0);
    expect(first?.health.history).toEqual({ status: 'retrying', failures: 1 });
    scheduler.advance(HISTORY_BACKOFF.minMs);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches again after a reconnect and takes the history for the candles the feed may have missed', async () => {
    const { feed, loader, api, shown, scheduler } = setup();
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    await loader.answer([T, 1, 2, 1, 2, 10]);
    feed.candles('snapshot', T + 10, [T, 1, 2, 1, 2, 10]);
    feed.candles('update', T + 20, [T, 1, 2, 1, 1.5, 11]);
    // Down for three periods; the re-subscription's snapshot holds only the current candle.
    feed.reconnect();
    expect(loader.calls).toHaveLength(2);
    feed.candles('snapshot', T + 3 * MIN + 5, [T + 3 * MIN, 7, 7, 7, 7, 1]);
    await loader.answer([T, 1, 2, 0.5, 1, 14, T + MIN, 1, 1, 1, 1, 2, T + 3 * MIN, 7, 7, 6, 6, 2]);
    scheduler.advance(20);
    expect(shown()?.rows).toEqual([
      [T, 1, 2, 0.5, 1, 14],
      [T + MIN, 1, 1, 1, 1, 2],
      [T + 3 * MIN, 7, 7, 7, 7, 1],
    ]);
  });

  it('asks again after an answer that was in flight during the reconnect, and stops when the view closes', async () => {
    const { feed, loader, api, scheduler } = setup();
    const id = api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    feed.reconnect();
    feed.reconnect();
    expect(loader.calls).toHaveLength(1);
    await loader.answer([T, 1, 1, 1, 1, 1]);
    expect(loader.calls).toHaveLength(2);
    await loader.fail();
    api.close(id);
    scheduler.advance(HISTORY_BACKOFF.maxMs);
    expect(loader.calls).toHaveLength(2);
    expect(scheduler.pending()).toBe(0);
  });
});
