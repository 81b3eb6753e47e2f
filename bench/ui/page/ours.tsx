/**
 * `ours`: the terminal's own pipeline. The real data client (src/data/client.ts) starts the real dedicated worker
 * (workers/dedicated-worker.ts, bundled to /worker.js), which opens the msgpack socket, merges the 1000-level books and
 * posts batched, transferred snapshots; a SnapshotStore (src/data/store.ts) hands them to one canvas ladder per side
 * (src/canvas/book-ladder.ts on src/canvas/surface.ts), wired as src/features/trade/order-book.tsx wires them, minus
 * React around the panel (the order book's React does nothing per tick either).
 */
import { wrap } from 'comlink';
import { type LadderColors, LadderPainter, maxCumulative, rowsThatFit } from '../../../src/canvas/book-ladder.ts';
import { CanvasSurface, type DrawFn } from '../../../src/canvas/surface.ts';
import { createDataClient, linkTo } from '../../../src/data/client.ts';
import { SnapshotStore } from '../../../src/data/store.ts';
import type { Snapshot, ViewSpec, WorkerApi } from '../../../workers/api.ts';
import { installMeter, type PageCounters } from './meter.tsx';

/** Levels per side asked of the worker, as order-book.tsx asks. */
const DEPTH = 50;

const COLORS: LadderColors = {
  up: '#0ecb81',
  down: '#f6465d',
  text: '#eaecef',
  muted: '#848e9c',
  upBar: 'rgba(14, 203, 129, 0.14)',
  downBar: 'rgba(246, 70, 93, 0.14)',
  mark: '#2b3139',
};

type BookSnapshot = Extract<Snapshot, { kind: 'book' }>;

export function startOurs(root: HTMLElement, symbols: string[], grid: { priceScale: number; amountScale: number }) {
  const client = createDataClient({
    startWorker: () => {
      const worker = new Worker('/worker.js');
      return linkTo(wrap<WorkerApi>(worker), () => worker.terminate());
    },
  });
  const store = new SnapshotStore(client);
  const seen = new Set<string>();
  const live = new Map<string, boolean>();
  const params = new URLSearchParams(location.search);
  const unbudgeted = params.get('unbudgeted') === '1';
  const counters: PageCounters = {
    updates: 0,
    paints: 0,
    ready: () => seen.size,
    live: () => [...live.values()].filter(Boolean).length,
  };

  for (const symbol of symbols) {
    const panel = document.createElement('section');
    panel.className = 'book';
    const title = document.createElement('h2');
    title.textContent = symbol;
    const status = document.createElement('span');
    title.append(status);
    // One canvas per side, as order-book.tsx.
    const canvasBox = () => {
      const box = document.createElement('div');
      box.className = 'side canvas-side';
      const text = document.createElement('canvas');
      box.append(text);
      return { box, text };
    };
    const asks = canvasBox();
    const mid = document.createElement('div');
    mid.className = 'mid';
    const bids = canvasBox();
    panel.append(title, asks.box, mid, bids.box);
    root.append(panel);

    const spec: ViewSpec = { kind: 'book', symbol, depth: DEPTH, groupTicks: 0 };
    let book: BookSnapshot | null = null;
    const surface = (side: 'ask' | 'bid', canvases: { text: HTMLCanvasElement }) => {
      const painter = new LadderPainter();
      const draw: DrawFn = (ctx, size, full) => {
        counters.paints = (counters.paints ?? 0) + 1;
        const rows = rowsThatFit(size.height);
        const maxCum = Math.max(maxCumulative(book?.asks, rows), maxCumulative(book?.bids, rows));
        painter.paint(
          ctx,
          size,
          {
            side,
            levels: side === 'ask' ? book?.asks : book?.bids,
            ...grid,
            maxCum,
            colors: COLORS,
            font: '12px sans-serif',
            hover: Number.NaN,
          },
          full,
        );
      };
      return new CanvasSurface(canvases.text, draw, {
        budgeted: !unbudgeted,
        skipOffscreen: !unbudgeted,
      });
    };
    const ask = surface('ask', asks);
    const bid = surface('bid', bids);
    let shownStatus = '';
    store.watch(spec, () => {
      const snapshot = store.get(spec);
      if (snapshot?.kind !== 'book') return;
      book = snapshot;
      counters.updates++;
      seen.add(symbol);
      const state = snapshot.health.book?.status ?? 'resyncing';
      live.set(symbol, state === 'live' && snapshot.health.feed === 'live');
      if (state !== shownStatus) {
        shownStatus = state;
        status.textContent = state;
      }
      ask.invalidate();
      bid.invalidate();
    });
  }
  installMeter(counters);
}
