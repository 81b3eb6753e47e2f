import { useCallback, useSyncExternalStore } from 'react';
import type { CandleInterval } from '../../common/protocol.ts';
import type { Health, Snapshot, ViewSpec } from '../../workers/api.ts';
import { createDataClient, type DataClient } from './client.ts';
import { SnapshotStore } from './store.ts';

let client: DataClient | null = null;
let store: SnapshotStore | null = null;

/** The page's one data client and store, made on first use; hidden tabs stop receiving snapshots. */
export function dataStore(): SnapshotStore {
  if (!store) {
    client = createDataClient();
    store = new SnapshotStore(client);
    const data = client;
    document.addEventListener('visibilitychange', () => data.setVisible(document.visibilityState === 'visible'));
  }
  return store;
}

function useView<K extends Snapshot['kind']>(spec: ViewSpec & { kind: K }): Extract<Snapshot, { kind: K }> | null {
  const key = JSON.stringify(spec);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the spec.
  const subscribe = useCallback((listener: () => void) => dataStore().subscribe(spec, listener), [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the spec.
  const get = useCallback(() => dataStore().get(spec), [key]);
  return useSyncExternalStore(subscribe, get) as Extract<Snapshot, { kind: K }> | null;
}

/** A market's order book: `depth` levels per side, `groupTicks` aggregation (0 = none). */
export const useBook = (symbol: string, depth = 50, groupTicks = 0) =>
  useView({ kind: 'book', symbol, depth, groupTicks });

/** The last 100 trades, newest first. */
export const useTrades = (symbol: string) => useView({ kind: 'trades', symbol });

/** Tickers of the given markets (all when empty). */
export const useTickers = (symbols: string[] = []) => useView({ kind: 'tickers', symbols });

/** One market's ticker. */
export const useTicker = (symbol: string) => useView({ kind: 'tickers', symbols: [symbol] });

export const useCandles = (symbol: string, interval: CandleInterval) => useView({ kind: 'candles', symbol, interval });

/** The feed's health, and the book's when a symbol is given (live / stale / resyncing, frame age, resyncs). */
export function useFeedHealth(symbol?: string): Health | null {
  const spec: ViewSpec = symbol ? { kind: 'book', symbol, depth: 1, groupTicks: 0 } : { kind: 'tickers', symbols: [] };
  return useView(spec)?.health ?? null;
}
