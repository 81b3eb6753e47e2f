/**
 * What both worker kinds run: one feed to the page's origin, one data plane, market grids from the server's market
 * list and candle history from its REST route. Depends on nothing outside workers/ and common/.
 */
import { transfer } from 'comlink';
import { WS_PATH } from '../common/protocol.ts';
import { fetchHistory } from './candles/index.ts';
import { Feed } from './feed/index.ts';
import { DataPlane, realScheduler } from './publish/index.ts';
import type { MarketGrid } from './sources/index.ts';

/** A page that has not pinged for this long is gone (a closed tab of a shared worker). */
const PAGE_IDLE_MS = 15_000;

export function startPlane(origin: string): DataPlane {
  const url = `${origin.replace(/^http/, 'ws')}${WS_PATH}`;
  const feed = new Feed({ url });
  let grids: Promise<Map<string, MarketGrid>> | null = null;
  const grid = async (symbol: string): Promise<MarketGrid | undefined> => {
    grids ??= fetch(`${origin}/market/symbol-thumb`)
      .then((r) => r.json() as Promise<{ data: { symbol: string; priceScale: number; amountScale: number }[] }>)
      .then(
        (body) => new Map(body.data.map((m) => [m.symbol, { priceScale: m.priceScale, amountScale: m.amountScale }])),
      )
      .catch(() => {
        // Asked again next time: a server that was down at the first ask must not leave books without a grid.
        grids = null;
        return new Map();
      });
    return (await grids).get(symbol);
  };
  // A page that went away (closed tab) rejects the call; the sweep below then drops its views.
  const plane = new DataPlane(
    feed,
    grid,
    (sink, batch, buffers) => {
      Promise.resolve(sink(transfer(batch, buffers))).catch(() => {});
    },
    realScheduler,
    // The worker knows the origin: a candles view starts from the server's history, then follows the feed.
    (symbol, interval) => fetchHistory(origin, symbol, interval),
  );
  setInterval(() => plane.sweep(PAGE_IDLE_MS), PAGE_IDLE_MS);
  return plane;
}
