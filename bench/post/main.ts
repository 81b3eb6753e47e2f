/**
 * bench/post — snapshot extract + post in Chromium (DESIGN §7: ≤ 2 µs per market). Node's MessagePort in bench/depth
 * costs differently from a browser's, so this runs in the real thing: a dedicated Worker holds one 1000-level book
 * (bench/depth/stream.ts) and posts its top 50 levels a side to the page, as
 * - extract_only: the extract alone, nothing posted (the floor);
 * - transfer / clone: one Float64Array per market per message, transferred or copied;
 * - batch_buffer_per_market: 16 markets per message, each its own transferred buffer;
 * - batch_one_buffer: 16 markets per message, every side a view into one buffer transferred once (what
 *   workers/publish/plane.ts sends);
 * - objects: 100 cloned objects per market (the baseline).
 * The page touches every message's data (Chromium deserialises lazily); µs per snapshot run from the request until
 * the last one arrives, worker_us is the worker's share.
 * Run: npm run bench -- post [--snapshots 20000] [--passes 5] [--markets 16] [--json]; CHROMIUM_PATH overrides
 * /usr/bin/chromium.
 */
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { depthStream, GRID } from '../depth/stream.ts';
import { median, option, type Row, report } from '../report.ts';
import type { Request, Shape } from './worker.ts';

const SNAPSHOTS = option('snapshots', 20_000);
const PASSES = option('passes', 5);
const MARKETS = option('markets', 16);
const NAMES: Record<Shape, string> = {
  extract: 'extract_only',
  transfer: 'transfer',
  clone: 'clone',
  buffers: 'batch_buffer_per_market',
  batch: 'batch_one_buffer',
  objects: 'objects',
};
const DEPTH = 50;

const bundle = await build({
  // scripts/bench.mjs runs from the project folder.
  entryPoints: [join(process.cwd(), 'bench/post/worker.ts')],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  write: false,
  logLevel: 'warning',
});
const source = bundle.outputFiles[0]?.text ?? '';
const stream = depthStream(10, 20);

/** What the page code uses of the browser (bench/ compiles with Node's types only). */
interface PageWorker {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
type PageGlobals = { Worker: new (url: string) => PageWorker; benchWorker: PageWorker };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  await page.evaluate(
    async ({ source, snapshot, grid }) => {
      const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
      const page = globalThis as unknown as PageGlobals;
      const worker = new page.Worker(url);
      page.benchWorker = worker;
      await new Promise<void>((resolve, reject) => {
        worker.onmessage = (event) =>
          (event.data as { loaded: string }).loaded === 'applied' ? resolve() : reject(new Error('no book'));
        worker.postMessage({ snapshot, grid });
      });
    },
    { source, snapshot: stream.snapshot, grid: GRID },
  );

  /** One pass: total µs per snapshot until the page has them all, and the worker's own share. */
  const pass = (request: Request) =>
    page.evaluate(
      (request) =>
        new Promise<{ total: number; send: number }>((resolve) => {
          const worker = (globalThis as unknown as PageGlobals).benchWorker;
          const messages =
            request.shape === 'extract'
              ? 0
              : request.shape === 'buffers' || request.shape === 'batch'
                ? request.count / request.markets
                : request.count;
          let received = 0;
          let sink = 0;
          let send = -1;
          const start = performance.now();
          const done = () => {
            if (received === messages && send >= 0) {
              const total = performance.now() - start;
              resolve({ total: (total * 1000) / request.count, send: (send * 1000) / request.count + sink * 0 });
            }
          };
          worker.onmessage = (event) => {
            const data = event.data as { sent: number } | unknown[] | Float64Array;
            if ('sent' in data) send = data.sent;
            else {
              received++;
              sink += data.length;
            }
            done();
          };
          worker.postMessage(request);
        }),
      request,
    );

  const shapes: Shape[] = ['extract', 'transfer', 'clone', 'buffers', 'batch', 'objects'];
  const runs = new Map<Shape, { total: number; send: number }[]>(shapes.map((s) => [s, []]));
  const request = (shape: Shape): Request => ({
    shape,
    count: shape === 'objects' ? SNAPSHOTS / 4 : SNAPSHOTS,
    markets: MARKETS,
    depth: DEPTH,
  });
  for (const shape of shapes) await pass({ ...request(shape), count: MARKETS * 100 }); // warm-up
  for (let p = 0; p < PASSES; p++) for (const shape of shapes) runs.get(shape)?.push(await pass(request(shape)));

  const objects = median((runs.get('objects') ?? []).map((r) => r.total));
  const rows: Row[] = shapes.map((shape) => {
    const total = median((runs.get(shape) ?? []).map((r) => r.total));
    return {
      bench: 'snapshot-post-chromium',
      metric: 'us_per_snapshot',
      impl: NAMES[shape],
      value: Number(total.toFixed(2)),
      unit: 'us',
      worker_us: Number(median((runs.get(shape) ?? []).map((r) => r.send)).toFixed(2)),
      vs_objects: Number((objects / total).toFixed(1)),
      levels: 2 * DEPTH,
      markets_per_post: shape === 'buffers' || shape === 'batch' ? MARKETS : 1,
      chromium: browser.version(),
    };
  });
  report(rows);
} finally {
  await browser.close();
}
