/**
 * bench/load — a cold load of the spot terminal (/trade/BTC-USDT) in Chromium against the real server (the built
 * dist/, the simulator on, a fresh data folder), at 1× and --throttle (4×) CPU throttle (issue 22 item 1): first
 * contentful paint, live book (navigation → the book's first ladder drawn once its feed is live), bytes on the wire
 * and requests, the median of --runs fresh browser contexts (empty caches) each.
 * Side by side in one run:
 * - tickstream: the browser's own Accept-Encoding, so the build's brotli copies are sent;
 * - baseline_identity: the same pages asking for no encoding, as the server sent them before they were precompressed
 *   (vs_baseline: baseline ÷ tickstream, so > 1 means faster or smaller).
 * --mbps N and --rtt MS emulate a network too (default: none, the loopback).
 * Run: npm run bench -- load [--runs 5] [--throttle 4] [--mbps 10 --rtt 40] [--json]; needs `npm run build`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { freePort, startServer } from '../../e2e/server.ts';
import { measureLoad } from '../page/measure.ts';
import { median, option, type Row, report } from '../report.ts';

const RUNS = option('runs', 5);
const THROTTLE = option('throttle', 4);
const MBPS = process.argv.includes('--mbps') ? option('mbps', 10) : 0;
const RTT = process.argv.includes('--rtt') ? option('rtt', 40) : 0;
const PATH = '/trade/BTC-USDT';

const VARIANTS = {
  tickstream: {},
  baseline_identity: { 'accept-encoding': 'identity' },
} as const satisfies Record<string, Record<string, string>>;
type Variant = keyof typeof VARIANTS;

type Load = Awaited<ReturnType<typeof measureLoad>>;

const probe = readFileSync(join(process.cwd(), 'bench/page/probe.js'), 'utf8');

async function loadOnce(browser: Browser, url: string, variant: Variant, throttle: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript({ content: probe });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Set through CDP: Chromium replaces an Accept-Encoding given as a context header.
    await cdp.send('Network.setExtraHTTPHeaders', { headers: VARIANTS[variant] });
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
    return await measureLoad(page, `${url}${PATH}`);
  } finally {
    await context.close();
  }
}

/** The medians of RUNS loads, the variants taking turns so that drift on the machine touches both alike. */
async function measureAll(browser: Browser, url: string, throttle: number): Promise<Record<Variant, Load>> {
  const runs: Record<Variant, Load[]> = { tickstream: [], baseline_identity: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      runs[variant].push(await loadOnce(browser, url, variant, throttle));
    }
  }
  const med = (loads: Load[]): Load => ({
    fcp: median(loads.map((l) => l.fcp)),
    liveBook: median(loads.map((l) => l.liveBook)),
    bytes: median(loads.map((l) => l.bytes)),
    requests: median(loads.map((l) => l.requests)),
  });
  return { tickstream: med(runs.tickstream), baseline_identity: med(runs.baseline_identity) };
}

function toRows(throttle: number, loads: Record<Variant, Load>, version: string): Row[] {
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  const metrics: [string, string, (l: Load) => number][] = [
    ['first_contentful_paint_ms', 'ms (median)', (l) => l.fcp],
    ['live_book_ms', 'ms (median)', (l) => l.liveBook],
    ['bytes', 'KiB', (l) => l.bytes / 1024],
    ['requests', 'count', (l) => l.requests],
  ];
  const net = MBPS > 0 ? `${MBPS} Mbit/s ${RTT} ms` : 'loopback';
  return (Object.keys(VARIANTS) as Variant[]).flatMap((impl) =>
    metrics.map(([metric, unit, pick]) => {
      const ratio = pick(loads.baseline_identity) / pick(loads[impl]);
      const vs = impl === 'tickstream' && Number.isFinite(ratio) ? { vs_baseline: round(ratio, 2) } : {};
      return {
        bench: 'load',
        impl,
        metric,
        value: round(pick(loads[impl])),
        unit,
        throttle,
        ...vs,
        net,
        chromium: version,
      };
    }),
  );
}

// e2e/server.ts finds dist/ next to itself, which the bundle in node_modules/.cache is not.
process.env.E2E_DIST ??= join(process.cwd(), 'dist');
const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-bench-load-'));
const server = await startServer(await freePort(), dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const rows: Row[] = [];
try {
  // One load first, so that no measured one pays for the fresh server's first answers.
  await loadOnce(browser, server.url, 'tickstream', 1);
  for (const throttle of [1, THROTTLE])
    rows.push(...toRows(throttle, await measureAll(browser, server.url, throttle), browser.version()));
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
report(rows);
