// The live views a terminal opens for its market, declared once: its panels read them, and a market selector warms them
// while a row is under the pointer or focused (issue 22 item 2), so the new market's book is there when the route
// changes instead of a server round trip later.
import type { CandleInterval } from '../../../common/protocol.ts';
import type { ViewSpec } from '../../../workers/api.ts';
import { dataStore, markView, tickerView } from '../../data/hooks.ts';
import { INTERVAL_KEY, readInterval } from './market.ts';

/** Levels per side of the terminal's book (and of the depth chart). */
export const BOOK_DEPTH = 50;

export const bookView = (symbol: string, groupTicks = 0) =>
  ({ kind: 'book', symbol, depth: BOOK_DEPTH, groupTicks }) as const;
export const tradesView = (symbol: string) => ({ kind: 'trades', symbol }) as const;
export const candlesView = (symbol: string, interval: CandleInterval) =>
  ({ kind: 'candles', symbol, interval }) as const;

/** localStorage, or null where it is refused (private mode): choices then last for the page. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The candle interval the chart opens with: the remembered one. */
export const storedInterval = (): CandleInterval => readInterval(readStored(INTERVAL_KEY));

/** The views a terminal on `symbol` opens first: book, trades, ticker and candles; a perpetual's mark prices too. */
export function terminalViews(symbol: string, perpetual: boolean): ViewSpec[] {
  const views: ViewSpec[] = [
    bookView(symbol),
    tradesView(symbol),
    tickerView(symbol),
    candlesView(symbol, storedInterval()),
  ];
  if (perpetual) views.push(markView(symbol));
  return views;
}

/** Opens a market's terminal views ahead of a switch to it; held a few seconds (SnapshotStore.warm). */
export function warmMarket(symbol: string, perpetual = false): void {
  const store = dataStore();
  for (const view of terminalViews(symbol, perpetual)) store.warm(view);
}

/** How long the pointer rests on a row before its market is warmed: a pointer passing over rows warms none of them. */
export const HOVER_INTENT_MS = 80;
let intent: ReturnType<typeof setTimeout> | null = null;

/** A selector row's pointer handlers: the row's market is warmed once the pointer rests on it. */
export function warmOnHover(symbol: string, perpetual = false) {
  const leave = () => {
    if (intent !== null) clearTimeout(intent);
    intent = null;
  };
  return {
    onPointerEnter: () => {
      leave();
      intent = setTimeout(() => {
        intent = null;
        warmMarket(symbol, perpetual);
      }, HOVER_INTENT_MS);
    },
    onPointerLeave: leave,
  };
}
