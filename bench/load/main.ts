/**
 * bench/load — a cold load of the spot terminal (/trade/BTC-USDT) in Chromium against the real server (the built
 * dist/, the simulator on, a fresh data folder), at 1× and --throttle (4×) CPU throttle (issue 22 item 1): first
 * contentful paint, live book (navigation → the book's first ladder drawn once its feed is live), bytes on the wire
 * and requests, the median of --runs fresh browser contexts (empty caches) each.
 * Chromium is driven over the DevTools protocol directly (cdp.ts), so that a page loads as in a trader's browser,
 * without the inspector's Network and Runtime domains that Playwright turns on for every page.
 * Side by side in one run, the variants taking turns:
 * - tickstream: the browser's own Accept-Encoding, so the build's brotli copies are sent;
 * - tickstream_inspected: the same with the Network and Runtime domains on, as Playwright or open DevTools have them
 *   (how this bench measured until 2026-12-03);
 * - baseline_identity: the same pages asking for no encoding, as the server sent them before they were precompressed
 *   (the header needs the Network domain, so it is inspected and its ratio is on tickstream_inspected's rows);
 * - baseline_build, with --baseline-dist DIR: another build's client (DIR/client, e.g. the commit before a change,
 *   `node scripts/build-to.mjs DIR`) in front of the same server (front.ts), brotli as tickstream;
 * - tickstream_front, with it: this build's client through a front of its own, so the two builds are compared on
 *   equal terms (a front is an idle process: it serves files faster than the server beside its simulator).
 * vs_<variant> is that variant ÷ the row's (on tickstream_front's rows: baseline_build ÷ tickstream_front), the
 * median of the rounds' ratios, so > 1 means the row is faster or smaller; --builds alone measures only the two
 * builds, twice the rounds in the same time.
 * --mbps N and --rtt MS emulate a network too (default: none, the loopback); that needs the Network domain on every
 * page.
 * Run: npm run bench -- load [--runs 5] [--throttle 4] [--baseline-dist DIR [--builds]] [--mbps 10 --rtt 40] [--json];
 * needs `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startServer } from '../../e2e/server.ts';
import { CHROMIUM_ARGS, type LoadFigures, loadFigures, loadReady } from '../page/measure.ts';
import { flag, median, option, type Row, report } from '../report.ts';
import { type Cdp, evaluate, launchCdp, openPage } from './cdp.ts';
import { startFront } from './front.ts';

const RUNS = option('runs', 5);
const THROTTLE = option('throttle', 4);
const MBPS = process.argv.includes('--mbps') ? option('mbps', 10) : 0;
const RTT = process.argv.includes('--rtt') ? option('rtt', 40) : 0;
const PATH = '/trade/BTC-USDT';
const READY_MS = 60_000;

const BASELINE_DIST = flag('baseline-dist');

type Variant = 'tickstream' | 'tickstream_inspected' | 'baseline_identity' | 'baseline_build' | 'tickstream_front';
/** Where a variant loads from, the headers it sends, and whether the page has DevTools' Network and Runtime on. */
interface Source {
  url: string;
  headers: Record<string, string>;
  inspected: boolean;
}

const probe = readFileSync(join(process.cwd(), 'bench/page/probe.js'), 'utf8');

/** The Network domain, where a variant needs it: its own headers, an emulated network, or inspected as DevTools is. */
async function network(cdp: Cdp, session: string, source: Source): Promise<void> {
  if (!source.inspected && MBPS === 0) return;
  await cdp.send('Network.enable', {}, session);
  if (Object.keys(source.headers).length > 0)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: source.headers }, session);
  if (MBPS > 0) {
    const bytesPerS = (MBPS * 1e6) / 8;
    await cdp.send(
      'Network.emulateNetworkConditions',
      { offline: false, latency: RTT, downloadThroughput: bytesPerS, uploadThroughput: bytesPerS },
      session,
    );
  }
}

async function loadOnce(cdp: Cdp, source: Source, throttle: number): Promise<LoadFigures> {
  const { session, dispose } = await openPage(cdp);
  try {
    const viewport = { width: 1920, height: 1080, deviceScaleFactor: 1, mobile: false };
    await cdp.send('Emulation.setDeviceMetricsOverride', viewport, session);
    // The Page domain is what runs the probe in the new document (its events cost the renderer nothing measurable).
    await cdp.send('Page.enable', {}, session);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: probe }, session);
    await network(cdp, session, source);
    if (source.inspected) await cdp.send('Runtime.enable', {}, session);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle }, session);
    await cdp.send('Page.navigate', { url: `${source.url}${PATH}` }, session);
    const deadline = Date.now() + READY_MS;
    while (!(await evaluate(cdp, session, loadReady))) {
      if (Date.now() > deadline) throw new Error(`no live book at ${source.url}${PATH} within ${READY_MS} ms`);
      await sleep(50);
    }
    const figures = await evaluate(cdp, session, loadFigures);
    if (!figures) throw new Error('the probe did not answer');
    return figures;
  } finally {
    await dispose();
  }
}

/** RUNS loads of each variant, in rounds: the variants take turns so that drift on the machine touches all alike. */
async function measureAll(
  cdp: Cdp,
  sources: Map<Variant, Source>,
  throttle: number,
): Promise<Map<Variant, LoadFigures[]>> {
  const runs = new Map<Variant, LoadFigures[]>([...sources.keys()].map((v) => [v, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [variant, source] of sources) runs.get(variant)?.push(await loadOnce(cdp, source, throttle));
  }
  return runs;
}

/**
 * A baseline against a variant: the median of the rounds' ratios (each round's loads came within seconds of each
 * other), which the host's drift over a run moves far less than it moves either median.
 */
function pairedRatio(
  theirs: readonly LoadFigures[],
  ours: readonly LoadFigures[],
  pick: (l: LoadFigures) => number,
): number {
  return median(ours.map((load, i) => pick(theirs[i] as LoadFigures) / pick(load)).filter(Number.isFinite));
}

function toRows(throttle: number, runs: Map<Variant, LoadFigures[]>, version: string): Row[] {
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  const metrics: [string, string, (l: LoadFigures) => number][] = [
    ['first_contentful_paint_ms', 'ms (median)', (l) => l.fcp],
    ['live_book_ms', 'ms (median)', (l) => l.liveBook],
    ['bytes', 'KiB', (l) => l.bytes / 1024],
    ['requests', 'count', (l) => l.requests],
  ];
  const net = MBPS > 0 ? `${MBPS} Mbit/s ${RTT} ms` : 'loopback';
  // Each baseline's ratio on tickstream's rows; the other build's on this build's through a front.
  const against: Partial<Record<Variant, Variant[]>> = {
    tickstream: ['tickstream_inspected', 'baseline_build'],
    tickstream_inspected: ['baseline_identity'],
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
/** What Playwright passes too, so that a page in a window of its own is never treated as one in the background. */
const QUIET_ARGS = [
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];
const BUILDS_ONLY = process.argv.includes('--builds') && BASELINE_DIST !== undefined;
const sources = new Map<Variant, Source>(
  BUILDS_ONLY
    ? []
    : [
        ['tickstream', { url: server.url, headers: {}, inspected: false }],
        ['tickstream_inspected', { url: server.url, headers: {}, inspected: true }],
        // Asking for no encoding needs the Network domain, so its ratio is against tickstream_inspected.
        ['baseline_identity', { url: server.url, headers: { 'accept-encoding': 'identity' }, inspected: true }],
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
    sources.set(variant, { url: `http://127.0.0.1:${port}`, headers: {}, inspected: false });
  }
}
const cdp = await launchCdp(process.env.CHROMIUM_PATH || '/usr/bin/chromium', [...CHROMIUM_ARGS, ...QUIET_ARGS]);
const rows: Row[] = [];
try {
  // One load of each first, so that no measured one pays for the fresh server's first answers.
  for (const source of sources.values()) await loadOnce(cdp, source, 1);
  for (const throttle of [1, THROTTLE])
    rows.push(...toRows(throttle, await measureAll(cdp, sources, throttle), cdp.version));
} finally {
  await cdp.close();
  for (const front of fronts) front.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
report(rows);
