/**
 * What the data worker runs: one feed to the page's origin, one data plane, market grids from the server's market
 * list and candle history from its REST route. Depends on nothing outside workers/ and common/.
 */
import { DEFAULT_LANG } from '../common/i18n.ts';
import { CONTRACT_MARKET_LIST, SPOT_MARKET_LIST, swapMarket, swapSymbolOf } from '../common/market.ts';
import { socketUrl } from '../common/protocol.ts';
import { type RequestContext, requestHeaders, signedUrl } from '../common/request-context.ts';
import type { DataPlaneApi, SnapshotBatch, WorkerApi } from './api.ts';
import { fetchHistory } from './candles/index.ts';
import { Feed, type FeedOptions } from './feed/index.ts';
import { MarketLists, type ThumbRow } from './market-lists.ts';
import { packBatch } from './packed/index.ts';
import { DataPlane, realScheduler } from './publish/index.ts';
import { RingWriter } from './ring/index.ts';
import type { MarketGrid } from './sources/index.ts';

/** A page that has not pinged for this long is gone (a closed tab of a shared worker). */
const PAGE_IDLE_MS = 15_000;

/**
 * The worker's REST calls carry what the page's request layer sends (spec shell §7): headers, `v` and `langCode` of
 * the session the page told last (`setRequestContext`; a shared worker follows its most recent tab).
 */
export function workerRequests() {
  let context: RequestContext = { lang: DEFAULT_LANG, token: null, userId: null };
  return {
    set: (next: RequestContext) => {
      context = { lang: next.lang, token: next.token, userId: next.userId };
    },
    get: () => context,
    fetch: (url: string, fetcher: typeof fetch = fetch) =>
      fetcher(signedUrl(url, context, Date.now()), { headers: requestHeaders(context) }),
  };
}

/**
 * `socket`: the feed's WebSocket class (default the platform's; the socket hub's virtual sockets, workers/hub).
 * Returns the plane and the market lists its grids come from (a page may hand a list over, market-lists.ts).
 */
export function startPlane(
  origin: string,
  requests = workerRequests(),
  socket?: FeedOptions['WebSocket'],
): { plane: DataPlane; lists: MarketLists } {
  const feed = new Feed({ url: socketUrl(origin), ...(socket ? { WebSocket: socket } : {}) });
  const lists = new MarketLists((path) =>
    requests
      .fetch(`${origin}${path}`)
      .then((r) => r.json() as Promise<{ data: ThumbRow[] }>)
      .then((body) => (Array.isArray(body?.data) ? body.data : Promise.reject(new Error(`no list at ${path}`)))),
  );
  // A perpetual's market (`BTC/USDT:USDT`) is on the contract list, in whole contracts.
  const grid = async (symbol: string): Promise<MarketGrid | undefined> => {
    if (swapSymbolOf(symbol)) {
      const m = (await lists.rows(CONTRACT_MARKET_LIST)).find((row) => swapMarket(row.symbol) === symbol);
      return (
        m && {
          priceScale: m.quoteDecimal ?? 0,
          amountScale: 0,
          valueScale: -Math.round(Math.log10(Number(m.contractSize ?? '1'))),
        }
      );
    }
    const m = (await lists.rows(SPOT_MARKET_LIST)).find((row) => row.symbol === symbol);
    return m && { priceScale: m.priceScale ?? 0, amountScale: m.amountScale ?? 0 };
  };
  // A page that went away (closed tab) drops what its port is sent; the sweep below then drops its views.
  const plane = new DataPlane(
    feed,
    grid,
    realScheduler,
    // The worker knows the origin: a candles view starts from the server's history, then follows the feed.
    (symbol, interval) => fetchHistory(origin, symbol, interval, requests.get()),
    requests.set,
  );
  setInterval(() => plane.sweep(PAGE_IDLE_MS), PAGE_IDLE_MS);
  return { plane, lists };
}

/**
 * A page's api as comlink exposes it: its batches, and its paint worker's, go over the ports it hands over (WorkerApi).
 * A page's batch goes packed in its one buffer (workers/packed), as objects only when it could not be packed; through
 * the page's shared ring when it gave one and the batch fits (workers/ring).
 */
export function overPort(api: DataPlaneApi, lists: MarketLists): WorkerApi {
  return {
    ...api,
    marketList: (path, rows) => {
      if (rows === undefined) lists.expect(path);
      else lists.provide(path, Array.isArray(rows) ? (rows as ThumbRow[]) : null);
    },
    attach: (port, memory) => {
      const ring = memory ? new RingWriter(memory) : null;
      const post = (batch: SnapshotBatch, buffers: ArrayBuffer[]) => {
        const packed = buffers[0] ? packBatch(batch, buffers[0]) : null;
        if (packed) port.postMessage(packed, [packed]);
        else port.postMessage(batch, buffers);
      };
      const sink = (batch: SnapshotBatch, buffers: ArrayBuffer[]) => {
        if (!ring?.holding) return post(batch, buffers);
        if (ring.publish(batch)) return;
        const out = ring.copyOut(batch);
        post(out.batch, [out.buffer]);
      };
      api.attach(sink, ring ? (numbers) => ring.claim(numbers) : undefined);
    },
    paintTo: (port) => api.paintTo((batch, buffers) => port.postMessage(batch, buffers)),
  };
}
