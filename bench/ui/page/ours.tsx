/**
 * `ours`: the terminal's own pipeline. The real data client (src/data/client.ts) starts the real dedicated worker
 * (workers/dedicated-worker.ts, bundled to /worker.js), which opens the msgpack socket and merges the 1000-level books;
 * each book panel is the order book's own ladders (src/features/trade/book-ladders.ts), wired as order-book.tsx wires
 * them, minus React around the panel: the page's paint worker (workers/paint-worker.ts, /paint-worker.js) paints them
 * on OffscreenCanvases from the data worker's snapshots (workers/paint), or, with
 * `transferControlToOffscreen` taken away before the page loads (mode `ours_page`), the page paints them from every
 * snapshot within its shared frame budget.
 */
import { wrap } from 'comlink';
import { createDataClient, linkTo } from '../../../src/data/client.ts';
import { observeInViewport } from '../../../src/data/hooks.ts';
import { BookLadders } from '../../../src/features/trade/book-ladders.ts';
import type { DedicatedInit, Drawn, PaintApi, WorkerApi } from '../../../workers/api.ts';
import { installMeter, type PageCounters } from './meter.tsx';

/** Levels per side asked of the worker, as order-book.tsx asks. */
const DEPTH = 50;

export function startOurs(root: HTMLElement, symbols: string[], grid: { priceScale: number; amountScale: number }) {
  const client = createDataClient({
    startWorker: () => {
      const worker = new Worker('/worker.js');
      // The worker's own socket to the bench's synthetic gateway.
      worker.postMessage({ hub: null } satisfies DedicatedInit);
      return linkTo(wrap<WorkerApi>(worker), () => worker.terminate());
    },
    startPainter: () => {
      const worker = new Worker('/paint-worker.js');
      return { api: wrap<PaintApi>(worker), stop: () => worker.terminate() };
    },
  });
  const seen = new Set<string>();
  const live = new Map<string, boolean>();
  /** Per book: what has been drawn (the worker's count, or the page's own), and whether the panel and each side are on screen. */
  const drawn = new Map<string, { drawn: Drawn; onScreen: boolean; sides: { ask: boolean; bid: boolean } }>();
  const counters: PageCounters = {
    updates: 0,
    // A book off screen is not posted until it shows: ready once every book on screen has shown data.
    ready: () => [...drawn].filter(([symbol, d]) => seen.has(symbol) || !d.onScreen).length,
    live: () => [...live.values()].filter(Boolean).length,
    // Each side on screen, asks then bids per book.
    sidePaints: () =>
      [...drawn.values()].flatMap(({ drawn: { asks, bids }, sides }) => [
        ...(sides.ask ? [asks] : []),
        ...(sides.bid ? [bids] : []),
      ]),
  };

  for (const symbol of symbols) {
    const panel = document.createElement('section');
    panel.className = 'book';
    const title = document.createElement('h2');
    title.textContent = symbol;
    const status = document.createElement('span');
    title.append(status);
    const box = () => {
      const host = document.createElement('div');
      host.className = 'side canvas-side';
      return host;
    };
    const asks = box();
    const mid = document.createElement('div');
    mid.className = 'mid';
    const bids = box();
    panel.append(title, asks, mid, bids);
    root.append(panel);

    const shown = {
      drawn: { asks: 0, bids: 0, at: 0, first: 0, seq: -1 },
      onScreen: true,
      sides: { ask: true, bid: true },
    };
    drawn.set(symbol, shown);
    let shownStatus = '';
    const ladders = new BookLadders(client, panel, (snapshot, drawn) => {
      counters.updates++;
      seen.add(symbol);
      if (drawn) shown.drawn = drawn;
      const state = snapshot.health.book?.status ?? 'resyncing';
      live.set(symbol, state === 'live' && snapshot.health.feed === 'live');
      if (state !== shownStatus) {
        shownStatus = state;
        status.textContent = state;
      }
    });
    ladders.open({ kind: 'book', symbol, depth: DEPTH, groupTicks: 0 }, grid);
    ladders.attach('ask', asks, `${symbol} asks`, '');
    ladders.attach('bid', bids, `${symbol} bids`, '');
    // As the order book's panel: a book off screen is not posted (nor painted).
    observeInViewport(panel, (onScreen) => {
      shown.onScreen = onScreen;
      ladders.setVisible(onScreen);
    });
    observeInViewport(asks, (onScreen) => {
      shown.sides.ask = onScreen;
    });
    observeInViewport(bids, (onScreen) => {
      shown.sides.bid = onScreen;
    });
  }
  installMeter(counters);
}
