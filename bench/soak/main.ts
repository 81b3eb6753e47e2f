/**
 * bench/soak — memory over a long session (issue 22 item 7): the built server with the simulator at --rate (10) and
 * /trade/BTC-USDT open in Chromium for --minutes (30). Every --every seconds it samples the page's, its data worker's,
 * its paint worker's, the socket hub's and the server's JS heap after a full GC (the server's over its inspector, on
 * the loopback), the server's resident memory (mostly the room V8 and SQLite's 64 MiB page cache keep, not what is live) and the data
 * folder's size on disk (database and WAL: a WAL that never restarted grew 50 MB a second at rate 10); growth is the
 * last sample against the first after --warmup minutes (2), and the slope a least-squares fit over the samples after
 * it (% per 10 minutes). Baseline in the same run: a fresh page opened on the same server at the end (its own
 * context, so its own worker), held --every seconds: what a page needs at that moment without the session's history;
 * `vs_fresh` is soaked ÷ fresh.
 * Run: npm run bench -- soak [--minutes 30] [--warmup 2] [--every 60] [--rate 10] [--json]; needs `npm run build`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { freePort, type RunningServer, startServer } from '../../e2e/server.ts';
import { option, type Row, report } from '../report.ts';
import { pageHeap, ServerHeap, WorkerHeap } from './heap.ts';
import { slopePer10Min } from './trend.ts';

const MINUTES = option('minutes', 30);
const WARMUP = option('warmup', 2);
const EVERY = option('every', 60);
const RATE = option('rate', 10);
const ROUTE = '/trade/BTC-USDT';

interface Sample {
  minute: number;
  page: number;
  worker: number;
  /** The page's paint worker (workers/paint-worker.ts). */
  paint: number;
  /** The socket hub of the isolated pages (workers/hub-worker.ts). */
  hub: number;
  /** The server's V8 heap after a full GC, and its resident memory. */
  server: number;
  rss: number;
  /** The data folder's files (database, WAL, shared memory) on disk. */
  disk: number;
}

/** Bytes of the files in `dir`. */
function diskOf(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) bytes += statSync(join(dir, name)).size;
  return bytes;
}

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** A page on the terminal with a live book, and its heap probes. */
async function openTerminal(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}${ROUTE}`);
  await page.waitForSelector('.trade-book[data-best-bid]', { timeout: 90_000 });
  const cdp = await context.newCDPSession(page);
  const worker = await WorkerHeap.attach(browser, page, cdp, 'data');
  const paint = await WorkerHeap.attach(browser, page, cdp, 'paint');
  const hub = await WorkerHeap.attach(browser, page, cdp, 'hub');
  const probe = async () => ({
    page: await pageHeap(cdp),
    worker: await worker.heap(),
    paint: await paint.heap(),
    hub: await hub.heap(),
  });
  return { context, page, errors, probe };
}

async function soak(
  browser: Browser,
  server: RunningServer,
  serverHeap: ServerHeap,
  dataDir: string,
): Promise<{ samples: Sample[]; fresh: Sample }> {
  const terminal = await openTerminal(browser, server.url);
  const serverSample = async () => ({
    server: await serverHeap.heap(),
    rss: rssOf(server.child.pid as number),
    disk: diskOf(dataDir),
  });
  const started = Date.now();
  const samples: Sample[] = [];
  while ((Date.now() - started) / 60_000 < MINUTES) {
    await terminal.page.waitForTimeout(EVERY * 1000);
    const minute = (Date.now() - started) / 60_000;
    const sample = { minute, ...(await terminal.probe()), ...(await serverSample()) };
    samples.push(sample);
    const mb = (b: number) => (b / 2 ** 20).toFixed(1);
    process.stderr.write(
      `  ${minute.toFixed(1)} min: page ${mb(sample.page)} MB, worker ${mb(sample.worker)} MB, ` +
        `paint ${mb(sample.paint)} MB, hub ${mb(sample.hub)} MB, ` +
        `server heap ${mb(sample.server)} MB, rss ${mb(sample.rss)} MB, disk ${mb(sample.disk)} MB\n`,
    );
  }
  if (terminal.errors.length > 0) throw new Error(terminal.errors.join('; '));
  const other = await openTerminal(browser, server.url);
  await other.page.waitForTimeout(EVERY * 1000);
  const fresh = { minute: MINUTES, ...(await other.probe()), ...(await serverSample()) };
  await other.context.close();
  await terminal.context.close();
  return { samples, fresh };
}

/** Row names of the samples not named `<key>_heap`. */
const ROW_NAMES: Partial<Record<keyof Sample, string>> = {
  rss: 'server_rss',
  paint: 'paint_worker_heap',
  hub: 'hub_worker_heap',
  disk: 'data_folder',
};

function toRows(samples: readonly Sample[], fresh: Sample): Row[] {
  const after = samples.filter((s) => s.minute >= WARMUP);
  const first = after[0];
  const last = after.at(-1);
  if (!first || !last) throw new Error('no sample after the warm-up: raise --minutes');
  const rows: Row[] = [];
  const common = { bench: 'soak', rate: RATE, minutes: MINUTES };
  for (const key of ['page', 'worker', 'paint', 'hub', 'server', 'rss', 'disk'] as const) {
    const name = ROW_NAMES[key] ?? `${key}_heap`;
    const points = after.map((s) => ({ minute: s.minute, value: s[key] }));
    // A fresh page is a baseline for the browser's side; the server is the same process.
    const browserSide = key === 'page' || key === 'worker' || key === 'paint' || key === 'hub';
    const vsFresh = browserSide ? { vs_fresh: Number((last[key] / fresh[key]).toFixed(2)) } : {};
    rows.push(
      { ...common, impl: 'tickstream', metric: `${name}_mb`, value: last[key] / 2 ** 20, unit: 'MB', ...vsFresh },
      {
        ...common,
        impl: 'tickstream',
        metric: `${name}_growth`,
        value: (100 * (last[key] - first[key])) / first[key],
        unit: '%',
      },
      { ...common, impl: 'tickstream', metric: `${name}_slope`, value: slopePer10Min(points), unit: '%/10 min' },
    );
    if (browserSide)
      rows.push({ ...common, impl: 'fresh_page', metric: `${name}_mb`, value: fresh[key] / 2 ** 20, unit: 'MB' });
  }
  return rows;
}

const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-bench-soak-'));
process.env.E2E_DIST ??= join(process.cwd(), 'dist');
const inspectPort = await freePort();
const server = await startServer(await freePort(), dataDir, {
  TICKSTREAM_SIM_RATE: String(RATE),
  RATE_LIMIT: '1000000',
  // The server's heap is read over its inspector, on the loopback only.
  NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
});
const serverHeap = await ServerHeap.connect(inspectPort);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const { samples, fresh } = await soak(browser, server, serverHeap, dataDir);
  report(toRows(samples, fresh));
} finally {
  serverHeap.close();
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
