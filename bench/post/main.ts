/**
 * bench/post — snapshot extract + post in Chromium (DESIGN §7: ≤ 2 µs per market). Node's MessagePort in bench/depth
 * costs differently from a browser's, so this runs in the real thing: a dedicated Worker holds one 1000-level book
 * (bench/depth/stream.ts) and posts its top 50 levels a side to the page, as
 * - extract_only: the extract alone, nothing posted (the floor);
 * - transfer / clone: one Float64Array per market per message, transferred or copied;
 * - batch_buffer_per_market: 16 markets per message, each its own transferred buffer;
 * - batch_one_buffer: 16 markets per message, every side a view into one buffer transferred once (what
 *   workers/publish/plane.ts sends);
 * - shared_ring: 16 markets per batch written in place into a SharedArrayBuffer ring of 8 batches, published with
 *   Atomics and read by the page through Atomics.waitAsync (issue 22 item 5; the page and its worker share memory
 *   only when cross-origin isolated, so the page is served from 127.0.0.1 with COOP and COEP);
 * - hub_frames_ring: the same ring, written by a worker that merges the raw frames a SharedWorker passes on to it,
 *   16 diffs a message (bench/post/hub.ts): one socket for every tab, a book per tab, the page on shared memory;
 * - plane_message / plane_packed: the product's own batches (workers/publish/plane.ts: each market's book snapshot
 *   with its health, its sides views into one buffer), 16 markets a batch, posted as objects (as before issue 22
 *   item 5) and packed in their one buffer (workers/packed, as the product posts them), unpacked by the page;
 * - plane_pooled: plane_packed into buffers the page gives back once read (8 a message), fresh ones only while fewer
 *   than 32 are out: what packing into memory already paged in would save;
 * - plane_ring: the product's batches as it hands them over since 2026-12-06 (workers/ring): cut and packed in place
 *   in a free slot of a ring of 24 shared with the page, unpacked by the page's reader on the slot itself and freed
 *   once read (since 2026-12-07; before, each was copied out into memory of the page's own);
 * - objects: 100 cloned objects per market (the baseline).
 * The page touches every message's data (Chromium deserialises lazily) and copies each shared_ring batch out of its
 * slot; µs per snapshot run from the request until the last one arrives, worker_us is the worker's share (for the hub
 * row its decode, merge and extract), hub_us the shared worker's, page_us the page's own time on its messages
 * (reading a message's data, which Chromium deserialises then) or on a ring's batches.
 * With `--worker shared` the worker is a SharedWorker, as the data plane was before issue 22 item 5 (no ring rows: a
 * SharedWorker shares no memory with a page).
 * Run: npm run bench -- post [--snapshots 20000] [--passes 5] [--markets 16] [--worker shared] [--only row,row] [--json];
 * CHROMIUM_PATH overrides
 * /usr/bin/chromium.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { SnapshotBatch } from '../../workers/api.ts';
import type { unpackBatch } from '../../workers/packed/index.ts';
import type { RING_BYTES, RingReader } from '../../workers/ring/index.ts';
import { depthStream, GRID } from '../depth/stream.ts';
import { flag, median, option, type Row, report } from '../report.ts';
import { READ, RING_HEAD_BYTES, RING_SLOTS, WRITTEN } from './ring.ts';
import type { Request, Shape } from './worker.ts';

const SNAPSHOTS = option('snapshots', 20_000);
const PASSES = option('passes', 5);
const MARKETS = option('markets', 16);
/** `--worker shared`: the worker is a SharedWorker (as the data plane was before each tab had its own). */
const SHARED = flag('worker') === 'shared';
const ONLY = flag('only');
const NAMES: Record<Shape, string> = {
  extract: 'extract_only',
  transfer: 'transfer',
  clone: 'clone',
  buffers: 'batch_buffer_per_market',
  batch: 'batch_one_buffer',
  ring: 'shared_ring',
  hub: 'hub_frames_ring',
  plane: 'plane_message',
  planePacked: 'plane_packed',
  planePooled: 'plane_pooled',
  planeRing: 'plane_ring',
  objects: 'objects',
};
const DEPTH = 50;

/** A worker's script, bundled for the browser. */
async function script(file: string, format: 'iife' | 'esm' = 'iife'): Promise<string> {
  const bundle = await build({
    // scripts/bench.mjs runs from the project folder.
    entryPoints: [join(process.cwd(), 'bench/post', file)],
    bundle: true,
    format,
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  });
  return bundle.outputFiles[0]?.text ?? '';
}
const scripts: Record<string, string> = {
  '/worker.js': await script('worker.ts'),
  '/hub.js': await script('hub.ts'),
  '/page.js': await script('page.ts'),
  '/shared.js': await script('shared-entry.ts', 'esm'),
};
const stream = depthStream(10, 20);

/** The page and its workers, cross-origin isolated (COOP + COEP) so the page and its worker may share memory. */
const site = createServer((request, response) => {
  const code = scripts[request.url ?? ''];
  response.writeHead(200, {
    'content-type': code ? 'text/javascript' : 'text/html',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  response.end(code ?? '<!doctype html><title>bench/post</title><script src="/page.js"></script>');
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
const ringBytes = RING_HEAD_BYTES + RING_SLOTS * MARKETS * 2 * DEPTH * 4 * 8;

/** What the page code uses of the browser (bench/ compiles with Node's types only). */
interface PageWorker {
  postMessage(message: unknown, transfer?: unknown[]): void;
  onmessage: ((event: { data: unknown }) => void) | null;
}
/** Atomics.waitAsync (ES2024; bench/ compiles against an older lib). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
type PageGlobals = {
  Worker: new (url: string) => PageWorker;
  SharedWorker: new (url: string, options?: { type: 'module' }) => { port: PageWorker };
  MessageChannel: new () => { port1: unknown; port2: unknown };
  benchWorker: PageWorker;
  benchHub: PageWorker | null;
  benchRing: SharedArrayBuffer | null;
  /** bench/post/page.ts. */
  benchProduct: { unpackBatch: typeof unpackBatch; RingReader: typeof RingReader; RING_BYTES: typeof RING_BYTES };
  benchProductRing: SharedArrayBuffer | null;
  crossOriginIsolated: boolean;
};
/** Diffs the hub packs: a pass's and the warm-up's. */
const HUB_DIFFS = SNAPSHOTS + MARKETS * 100;

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
  await page.goto(origin);
  const pageIsolated = await page.evaluate(() => (globalThis as unknown as PageGlobals).crossOriginIsolated);
  /** Whether the ring rows run: the page shares memory with a dedicated worker. */
  const isolated = await page.evaluate(
    async ({ snapshot, grid, ringBytes, hubDiffs, shared }) => {
      const page = globalThis as unknown as PageGlobals;
      // A SharedWorker has an agent cluster of its own: it can share no memory with the page.
      const worker = shared
        ? new page.SharedWorker('/shared.js', { type: 'module' }).port
        : new page.Worker('/worker.js');
      page.benchWorker = worker;
      page.benchRing = page.crossOriginIsolated && !shared ? new SharedArrayBuffer(ringBytes) : null;
      page.benchProductRing = page.benchRing && new SharedArrayBuffer(page.benchProduct.RING_BYTES);
      await new Promise<void>((resolve, reject) => {
        worker.onmessage = (event) =>
          (event.data as { loaded: string }).loaded === 'applied' ? resolve() : reject(new Error('no book'));
        worker.postMessage({ snapshot, grid, ring: page.benchRing, productRing: page.benchProductRing });
      });
      page.benchHub = null;
      if (!page.benchRing) return false;
      // The hub's frames go straight to the worker, over a channel of their own.
      const hub = new page.SharedWorker('/hub.js').port;
      const channel = new page.MessageChannel();
      worker.postMessage({ hub: channel.port1 }, [channel.port1]);
      await new Promise<void>((resolve) => {
        hub.onmessage = () => resolve();
        hub.postMessage({ diffs: hubDiffs, worker: channel.port2 }, [channel.port2]);
      });
      page.benchHub = hub;
      return true;
    },
    { snapshot: stream.snapshot, grid: GRID, ringBytes, hubDiffs: HUB_DIFFS, shared: SHARED },
  );

  /** One pass: total µs per snapshot until the page has them all, and the worker's own share. */
  const pass = (request: Request) =>
    page.evaluate(
      (request) =>
        new Promise<{ total: number; send: number; page: number }>((resolve) => {
          const worker = (globalThis as unknown as PageGlobals).benchWorker;
          const messages =
            request.shape === 'extract'
              ? 0
              : ['buffers', 'batch', 'plane', 'planePacked', 'planePooled'].includes(request.shape)
                ? request.count / request.markets
                : request.count;
          let received = 0;
          let sink = 0;
          let send = -1;
          let pageMs = 0;
          let back: ArrayBuffer[] = [];
          const start = performance.now();
          const us = (ms: number) => (ms * 1000) / request.count + sink * 0;
          const done = () => {
            if (received === messages && send >= 0) {
              resolve({ total: us(performance.now() - start), send: us(send), page: us(pageMs) });
            }
          };
          worker.onmessage = (event) => {
            const from = performance.now();
            // Chromium deserialises a message when its data is first read: that is the page's share.
            const page = globalThis as unknown as PageGlobals;
            const raw = event.data as { sent: number } | unknown[] | Float64Array | SnapshotBatch | ArrayBuffer;
            const data = raw instanceof ArrayBuffer ? page.benchProduct.unpackBatch(raw) : raw;
            if ('sent' in data) send = data.sent;
            else {
              received++;
              if (!('views' in data)) sink += data.length;
              else for (const view of data.views) sink += (view.snapshot as { bids: Float64Array }).bids.length;
              if (request.shape === 'planePooled' && raw instanceof ArrayBuffer) {
                // The product's page gives a batch's buffer back once its snapshots are superseded: 8 at a time.
                back.push(raw);
                if (back.length === 8 || received === messages) {
                  worker.postMessage({ returned: back }, back);
                  back = [];
                }
              }
              pageMs += performance.now() - from;
            }
            done();
          };
          worker.postMessage(request);
        }),
      request,
    );

  /**
   * One pass through the ring: the page copies each batch out of its slot as soon as Atomics says it is written. The
   * ring row's worker extracts the batches on request; the hub row's merges the frames the hub sends it first.
   */
  const ringPass = (request: Request) =>
    page.evaluate(
      async ({ request, layout }) => {
        const page = globalThis as unknown as PageGlobals;
        const worker = page.benchWorker;
        const hub = request.shape === 'hub' ? page.benchHub : null;
        const ask = (message: unknown) =>
          new Promise<Record<string, number>>((resolve) => {
            worker.onmessage = (event) => resolve(event.data as Record<string, number>);
            worker.postMessage(message);
          });
        if (hub) await ask({ hubReset: { depth: request.depth } });
        const memory = page.benchRing as SharedArrayBuffer;
        const head = new Int32Array(memory, 0, 2);
        const batch = request.markets * 2 * request.depth * 4;
        const data = new Float64Array(memory, layout.headBytes, layout.slots * batch);
        const copy = new Float64Array(batch);
        const batches = request.count / request.markets;
        Atomics.store(head, layout.written, 0);
        Atomics.store(head, layout.read, 0);
        let read = 0;
        let pageMs = 0;
        const start = performance.now();
        const consumed = new Promise<void>((resolve) => {
          const consume = (): void => {
            const from = performance.now();
            for (;;) {
              const written = Atomics.load(head, layout.written);
              for (; read < written; read++) {
                const at = (read % layout.slots) * batch;
                copy.set(data.subarray(at, at + batch));
                Atomics.store(head, layout.read, read + 1);
                Atomics.notify(head, layout.read);
              }
              if (read >= batches) break;
              const wait = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(head, layout.written, written);
              if (wait.async) {
                pageMs += performance.now() - from;
                void wait.value.then(consume);
                return;
              }
            }
            pageMs += performance.now() - from;
            resolve();
          };
          consume();
        });
        const sent = new Promise<{ hubMs: number; workerMs: number }>((resolve) => {
          if (!hub) {
            worker.onmessage = (event) => resolve({ hubMs: 0, workerMs: (event.data as { sent: number }).sent });
            worker.postMessage(request);
            return;
          }
          hub.onmessage = (event) => resolve({ hubMs: (event.data as { hubSent: number }).hubSent, workerMs: 0 });
          hub.postMessage({ frames: request.count, markets: request.markets });
        });
        const [{ hubMs, workerMs }] = await Promise.all([sent, consumed]);
        const total = performance.now() - start;
        const mergeMs = hub ? (await ask({ hubReport: true })).sent : workerMs;
        const us = (ms: number) => (ms * 1000) / request.count;
        return { total: us(total), send: us(mergeMs ?? 0), hub: hub ? us(hubMs) : undefined, page: us(pageMs) };
      },
      { request, layout: { headBytes: RING_HEAD_BYTES, slots: RING_SLOTS, written: WRITTEN, read: READ } },
    );

  /**
   * One pass through the product's ring: the page's reader (workers/ring, as src/data/client.ts runs it) hands over
   * each batch's slot; the page unpacks it there and reads its data, as for a posted one.
   */
  const productRingPass = (request: Request) =>
    page.evaluate(
      (request) =>
        new Promise<{ total: number; send: number; page: number }>((resolve) => {
          const page = globalThis as unknown as PageGlobals;
          const memory = page.benchProductRing as SharedArrayBuffer;
          // The previous pass's count of batches written goes, before the reader looks at it.
          Atomics.store(new Int32Array(memory, 0, 2), 0, 0);
          const batches = request.count / request.markets;
          let received = 0;
          let sink = 0;
          let send = -1;
          let pageMs = 0;
          const start = performance.now();
          const us = (ms: number) => (ms * 1000) / request.count + sink * 0;
          const done = () => {
            if (received !== batches || send < 0) return;
            reader.stop();
            resolve({ total: us(performance.now() - start), send: us(send), page: us(pageMs) });
          };
          const reader = new page.benchProduct.RingReader(memory, (lease) => {
            const from = performance.now();
            received++;
            for (const view of page.benchProduct.unpackBatch(lease.buffer, lease.at).views) {
              sink += (view.snapshot as { bids: Float64Array }).bids.length;
            }
            // Read, and superseded by the next batch at once: its slot is freed REUSE_AFTER batches on.
            lease.letGo();
            pageMs += performance.now() - from;
            done();
          });
          page.benchWorker.onmessage = (event) => {
            send = (event.data as { sent: number }).sent;
            done();
          };
          page.benchWorker.postMessage(request);
        }),
      request,
    );

  const all: Shape[] = [
    'extract',
    'transfer',
    'clone',
    'buffers',
    'batch',
    'plane',
    'planePacked',
    'planePooled',
    ...(isolated ? ['planeRing' as const, 'ring' as const, 'hub' as const] : []),
    'objects',
  ];
  // `--only plane_ring,shared_ring`: those rows, and the baseline every row is divided by.
  const only = ONLY?.split(',') ?? null;
  const shapes = only ? all.filter((s) => only.includes(NAMES[s]) || s === 'objects') : all;
  type Pass = { total: number; send: number; hub?: number | undefined; page?: number };
  const run = (r: Request): Promise<Pass> =>
    r.shape === 'ring' || r.shape === 'hub' ? ringPass(r) : r.shape === 'planeRing' ? productRingPass(r) : pass(r);
  const runs = new Map<Shape, Pass[]>(shapes.map((s) => [s, []]));
  const request = (shape: Shape): Request => ({
    shape,
    count: shape === 'objects' ? SNAPSHOTS / 4 : SNAPSHOTS,
    markets: MARKETS,
    depth: DEPTH,
  });
  for (const shape of shapes) await run({ ...request(shape), count: MARKETS * 100 }); // warm-up
  for (let p = 0; p < PASSES; p++) for (const shape of shapes) runs.get(shape)?.push(await run(request(shape)));

  const objects = median((runs.get('objects') ?? []).map((r) => r.total));
  const rows: Row[] = shapes.map((shape) => {
    const passes = runs.get(shape) ?? [];
    const total = median(passes.map((r) => r.total));
    const part = (of: (r: Pass) => number | undefined) => {
      const values = passes.map(of).filter((v): v is number => v !== undefined);
      return values.length > 0 ? Number(median(values).toFixed(2)) : '-';
    };
    return {
      bench: 'snapshot-post-chromium',
      metric: 'us_per_snapshot',
      impl: NAMES[shape],
      value: Number(total.toFixed(2)),
      unit: 'us',
      worker_us: part((r) => r.send),
      hub_us: part((r) => r.hub),
      page_us: part((r) => r.page),
      vs_objects: Number((objects / total).toFixed(1)),
      levels: 2 * DEPTH,
      markets_per_post: [
        'buffers',
        'batch',
        'ring',
        'hub',
        'plane',
        'planePacked',
        'planePooled',
        'planeRing',
      ].includes(shape)
        ? MARKETS
        : 1,
      worker: SHARED ? 'shared' : 'dedicated',
      cross_origin_isolated: pageIsolated ? 'yes' : 'no',
      chromium: browser.version(),
    };
  });
  report(rows);
} finally {
  await browser.close();
  site.close();
}
