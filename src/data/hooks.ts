import { type RefObject, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CandleInterval } from '../../common/protocol.ts';
import { type Health, type Snapshot, TICKER_COLUMN, type ViewSpec } from '../../workers/api.ts';
import { requestContext } from '../api/request.ts';
import { onSessionChange } from '../api/session.ts';
import { i18n } from '../i18n/i18n.ts';
import { createDataClient, type DataClient } from './client.ts';
import { SnapshotStore, type Subscription } from './store.ts';
import { loadUserState } from './user-load.ts';
import { type UserState, UserStore } from './user-store.ts';

let client: DataClient | null = null;
let store: SnapshotStore | null = null;
let user: UserStore | null = null;

/** The page's one data client and store, made on first use; hidden tabs stop receiving snapshots. */
export function dataStore(): SnapshotStore {
  if (!store) {
    const pageVisible = () => document.visibilityState !== 'hidden';
    // A tab opened in the background starts hidden.
    const made = createDataClient({ pageVisible: pageVisible() });
    client = made;
    store = new SnapshotStore(made);
    document.addEventListener('visibilitychange', () => made.setVisible(pageVisible()));
    // The worker's own REST calls carry the page's language and session (spec shell §7).
    const tell = () => made.setRequestContext(requestContext());
    tell();
    onSessionChange(tell);
    i18n.on('languageChanged', tell);
  }
  return store;
}

/** The page's one data client (the store's), for views a component holds itself: a book the worker paints. */
export function dataClient(): DataClient {
  dataStore();
  return client as DataClient;
}

/** The page's one store of the signed-in user's state, made on first use. */
export function userStore(): UserStore {
  const snapshots = dataStore();
  user ??= new UserStore(snapshots, client as DataClient, loadUserState);
  return user;
}

export interface ViewOptions {
  /**
   * False while the panel is collapsed or off screen (see {@link useInViewport}): the worker keeps the data but posts
   * nothing for it, and the component is not re-rendered; it shows the latest data again once true. Default true.
   */
  visible?: boolean;
}

function useView<K extends Snapshot['kind']>(
  spec: ViewSpec & { kind: K },
  options: ViewOptions = {},
): Extract<Snapshot, { kind: K }> | null {
  const visible = options.visible ?? true;
  const key = JSON.stringify(spec);
  // Visibility is told to the subscription, not part of it: hiding a panel must not close and re-open its view.
  const wanted = useRef(visible);
  const held = useRef<Subscription | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the spec.
  const subscribe = useCallback(
    (listener: () => void) => {
      // Text views (tickers, mark) come at most every 100 ms: the worker paces them (VIEW_EVERY_MS).
      const subscription = dataStore().watch(spec, listener, wanted.current);
      held.current = subscription;
      return () => {
        subscription.close();
        if (held.current === subscription) held.current = null;
      };
    },
    [key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the spec.
  const get = useCallback(() => dataStore().get(spec), [key]);
  const snapshot = useSyncExternalStore(subscribe, get) as Extract<Snapshot, { kind: K }> | null;
  // After the store's own effect (effects run in order), so a new subscription gets the latest wish too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new subscription must be told as well.
  useEffect(() => {
    wanted.current = visible;
    held.current?.setVisible(visible);
  }, [visible, subscribe]);
  return snapshot;
}

/** A market's order book: `depth` levels per side, `groupTicks` aggregation (0 = none). */
export const useBook = (symbol: string, depth = 50, groupTicks = 0, options?: ViewOptions) =>
  useView({ kind: 'book', symbol, depth, groupTicks }, options);

/** The last 100 trades, newest first. */
export const useTrades = (symbol: string, options?: ViewOptions) => useView({ kind: 'trades', symbol }, options);

/** Tickers of the given markets (all when empty). */
export const useTickers = (symbols: string[] = [], options?: ViewOptions) =>
  useView({ kind: 'tickers', symbols }, options);

/** A market's live last price and 24 h change (a fraction: 0.012 = +1.2 %). */
export interface LivePrice {
  price: number;
  chg: number;
}

/** Live last price and change of the given markets (all when empty) from the worker's tickers; no request of its own. */
export function useLivePrices(symbols: string[] = []): Map<string, LivePrice> {
  const tickers = useTickers(symbols);
  return useMemo(() => {
    const live = new Map<string, LivePrice>();
    if (!tickers || tickers.symbols.length === 0) return live;
    const width = tickers.values.length / tickers.symbols.length;
    tickers.symbols.forEach((s, i) => {
      const price = tickers.values[i * width + TICKER_COLUMN.price] ?? Number.NaN;
      const rate = tickers.values[i * width + TICKER_COLUMN.changeRate] ?? Number.NaN;
      if (Number.isFinite(price) && price > 0) live.set(s, { price, chg: Number.isFinite(rate) ? rate / 100 : 0 });
    });
    return live;
  }, [tickers]);
}

/** One market's ticker. */
export const useTicker = (symbol: string, options?: ViewOptions) => useView(tickerView(symbol), options);
/** The view {@link useTicker} reads. */
export const tickerView = (symbol: string) => ({ kind: 'tickers' as const, symbols: [symbol] });

/** A perpetual's index, mark and predicted funding (`market`: `BTC/USDT:USDT`); null before the first prices. */
export const useMark = (market: string, options?: ViewOptions) => useView(markView(market), options);
/** The view {@link useMark} reads. */
export const markView = (market: string) => ({ kind: 'mark', symbol: market }) as const;

/** The market's candles: the server's history (health.history says how it went), then live. */
export const useCandles = (symbol: string, interval: CandleInterval, options?: ViewOptions) =>
  useView({ kind: 'candles', symbol, interval }, options);

/**
 * The signed-in user's orders, fills, balances and positions (null for a visitor, and until the first snapshot): loaded
 * once over REST, then kept by the private channel; nothing here asks the server again because the channel spoke.
 */
export function useUserState(token: string | null): UserState | null {
  const subscribe = useCallback(
    (listener: () => void) => (token ? userStore().watch(token, listener) : () => {}),
    [token],
  );
  const get = useCallback(() => (token ? userStore().get() : null), [token]);
  return useSyncExternalStore(subscribe, get);
}

/** The feed's health, and the book's when a symbol is given (live / stale / resyncing, frame age, resyncs, duplicates). */
export function useFeedHealth(symbol?: string, options?: ViewOptions): Health | null {
  const spec: ViewSpec = symbol ? { kind: 'book', symbol, depth: 1, groupTicks: 0 } : { kind: 'tickers', symbols: [] };
  return useView(spec, options)?.health ?? null;
}

/**
 * Calls `onChange` with whether `element` is within `rootMargin` of the viewport, each time that changes; returns the
 * stop function. Without IntersectionObserver nothing is called (the element counts as visible).
 */
export function observeInViewport(
  element: Element,
  onChange: (inViewport: boolean) => void,
  rootMargin = '0px',
): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries.at(-1);
      if (last) onChange(last.isIntersecting);
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Whether the element of `ref` is on screen (a panel scrolled away or `display: none` is not), for
 * `{ visible: useInViewport(ref) }`. True until the first observation, so data is not held back for a mounted panel.
 * The element must be mounted with the component.
 */
export function useInViewport(ref: RefObject<Element | null>, rootMargin = '0px'): boolean {
  const [inViewport, setInViewport] = useState(true);
  useEffect(() => {
    const element = ref.current;
    return element ? observeInViewport(element, setInViewport, rootMargin) : undefined;
  }, [ref, rootMargin]);
  return inViewport;
}

// Hot data for canvas panels: the latest snapshot of a view, read outside React so a tick never re-renders a panel.
/**
 * Calls `onSnapshot` with each snapshot of `spec` (and the current one at once, when there is one) while mounted; the
 * worker posts the view only while `visible`. Returns a ref to the latest snapshot, for drawing.
 */
export function useViewData<K extends Snapshot['kind']>(
  spec: ViewSpec & { kind: K },
  visible: boolean,
  onSnapshot: (snapshot: Extract<Snapshot, { kind: K }>) => void,
): { readonly current: Extract<Snapshot, { kind: K }> | null } {
  const latest = useRef<Extract<Snapshot, { kind: K }> | null>(null);
  const callback = useRef(onSnapshot);
  callback.current = onSnapshot;
  const key = JSON.stringify(spec);
  const visibleRef = useRef(visible);
  const held = useRef<Subscription | null>(null);
  // The key stands for the spec.
  useEffect(() => {
    const store = dataStore();
    const parsed = JSON.parse(key) as ViewSpec;
    const read = () => {
      const snapshot = store.get(parsed) as Extract<Snapshot, { kind: K }> | null;
      if (!snapshot) return;
      latest.current = snapshot;
      callback.current(snapshot);
    };
    latest.current = null;
    const subscription = store.watch(parsed, read, visibleRef.current);
    held.current = subscription;
    read();
    return () => {
      subscription.close();
      if (held.current === subscription) held.current = null;
    };
  }, [key]);
  useEffect(() => {
    visibleRef.current = visible;
    held.current?.setVisible(visible);
  }, [visible]);
  return latest;
}
