/**
 * bench/load — a cold load of the spot terminal (/trade/BTC-USDT) in Chromium against the real server (the built
 * dist/, the simulator on, a fresh data folder), at 1× and --throttle (4×) CPU throttle (issue 22 item 1): first
 * contentful paint, live book (navigation → the book's first ladder drawn once its feed is live), bytes on the wire
 * and requests, the median of --runs fresh browser contexts (empty caches) each.
 * Side by side in one run, the variants taking turns:
 * - tickstream: the browser's own Accept-Encoding, so the build's brotli copies are sent;
 * - baseline_identity: the same pages asking for no encoding, as the server sent them before they were precompressed;
 * - baseline_build, with --baseline-dist DIR: another build's client (DIR/client, e.g. the commit before a change,
 *   `node scripts/build-to.mjs DIR`) in front of the same server (front.ts), brotli as tickstream;
 * - tickstream_front, with it: this build's client through a front of its own, so the two builds are compared on
 *   equal terms (a front is an idle process: it serves files faster than the server beside its simulator).
 * vs_<variant> is that variant ÷ tickstream (on tickstream_front's rows: baseline_build ÷ tickstream_front), the
 * median of the rounds' ratios, so > 1 means tickstream is faster or smaller; --builds alone measures only the two
 * builds, twice the rounds in the same time.
 * --mbps N and --rtt MS emulate a network too (default: none, the loopback).
 * Run: npm run bench -- load [--runs 5] [--throttle 4] [--baseline-dist DIR [--builds]] [--mbps 10 --rtt 40] [--json];
 * needs `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { freePort, startServer } from '../../e2e/server.ts';
import { CHROMIUM_ARGS, measureLoad } from '../page/measure.ts';
import { flag, median, option, type Row, report } from '../report.ts';
import { startFront } from './front.ts';

const RUNS = option('runs', 5);
const THROTTLE = option('throttle', 4);
const MBPS = process.argv.includes('--mbps') ? option('mbps', 10) : 0;
const RTT = process.argv.includes('--rtt') ? option('rtt', 40) : 0;
const PATH = '/trade/BTC-USDT';

const BASELINE_DIST = flag('baseline-dist');

type Variant = 'tickstream' | 'baseline_identity' | 'baseline_build' | 'tickstream_front';
/** Where a variant loads from and the headers it sends. */
interface Source {
  url: string;
  headers: Record<string, string>;
}

type Load = Awaited<ReturnType<typeof measureLoad>>;

const probe = readFileSync(join(process.cwd(), 'bench/page/probe.js'), 'utf8');

async function loadOnce(browser: Browser, source: Source, throttle: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript({ content: probe });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Set through CDP: Chromium replaces an Accept-Encoding given as a context header.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: source.headers });
    if (MBPS > 0) {
      const bytesPerS = (MBPS * 1e6) / 8;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: RTT,
        downloadThroughput: bytesPerS,
        uploadThroughput: bytesPerS,
      });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    return await measureLoad(page, `${source.url}${PATH}`);
  } finally {
    await context.close();
  }
}

/** RUNS loads of each variant, in rounds: the variants take turns so that drift on the machine touches all alike. */
async function measureAll(
  browser: Browser,
  sources: Map<Variant, Source>,
  throttle: number,
): Promise<Map<Variant, Load[]>> {
  const runs = new Map<Variant, Load[]>([...sources.keys()].map((v) => [v, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [variant, source] of sources) runs.get(variant)?.push(await loadOnce(browser, source, throttle));
  }
  return runs;
}

/**
 * A baseline against a variant: the median of the rounds' ratios (each round's loads came within seconds of each
 * other), which the host's drift over a run moves far less than it moves either median.
 */
function pairedRatio(theirs: readonly Load[], ours: readonly Load[], pick: (l: Load) => number): number {
  return median(ours.map((load, i) => pick(theirs[i] as Load) / pick(load)).filter(Number.isFinite));
}

function toRows(throttle: number, runs: Map<Variant, Load[]>, version: string): Row[] {
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  const metrics: [string, string, (l: Load) => number][] = [
    ['first_contentful_paint_ms', 'ms (median)', (l) => l.fcp],
    ['live_book_ms', 'ms (median)', (l) => l.liveBook],
    ['bytes', 'KiB', (l) => l.bytes / 1024],
    ['requests', 'count', (l) => l.requests],
  ];
  const net = MBPS > 0 ? `${MBPS} Mbit/s ${RTT} ms` : 'loopback';
  // Each baseline's ratio on tickstream's rows; the other build's on this build's through a front.
  const against: Partial<Record<Variant, Variant[]>> = {
    tickstream: ['baseline_identity', 'baseline_build'],
    tickstream_front: ['baseline_build'],
  };
  return [...runs].flatMap(([impl, loads]) =>
    metrics.map(([metric, unit, pick]) => {
      const vs: Record<string, number> = {};
      for (const other of against[impl] ?? []) {
        const theirs = runs.get(other);
        const ratio = theirs ? pairedRatio(theirs, loads, pick) : Number.NaN;
        if (Number.isFinite(ratio)) vs[`vs_${other}`] = round(ratio, 2);
      }
      const value = round(median(loads.map(pick)));
      return { bench: 'load', impl, metric, value, unit, throttle, ...vs, net, chromium: version };
    }),
  );
}

// e2e/server.ts finds dist/ next to itself, which the bundle in node_modules/.cache is not.
process.env.E2E_DIST ??= join(process.cwd(), 'dist');
const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-bench-load-'));
const server = await startServer(await freePort(), dataDir);
const fronts: Server[] = [];
const BUILDS_ONLY = process.argv.includes('--builds') && BASELINE_DIST !== undefined;
const sources = new Map<Variant, Source>(
  BUILDS_ONLY
    ? []
    : [
        ['tickstream', { url: server.url, headers: {} }],
        ['baseline_identity', { url: server.url, headers: { 'accept-encoding': 'identity' } }],
      ],
);
if (BASELINE_DIST) {
  const builds: [Variant, string][] = [
    ['baseline_build', resolve(BASELINE_DIST)],
    ['tickstream_front', process.env.E2E_DIST],
  ];
  for (const [variant, dist] of builds) {
    const port = await freePort();
    fronts.push(await startFront(port, join(dist, 'client'), server.url));
    sources.set(variant, { url: `http://127.0.0.1:${port}`, headers: {} });
  }
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const rows: Row[] = [];
try {
  // One load of each first, so that no measured one pays for the fresh server's first answers.
  for (const source of sources.values()) await loadOnce(browser, source, 1);
  for (const throttle of [1, THROTTLE])
    rows.push(...toRows(throttle, await measureAll(browser, sources, throttle), browser.version()));
} finally {
  await browser.close();
  for (const front of fronts) front.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
report(rows);
