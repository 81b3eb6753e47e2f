/**
 * bench/page — the real terminal pages in Chromium against the real server (the built dist/, the simulator on, a fresh
 * data folder), side by side in one run, at 1× and --throttle (4×) CPU throttle (issue 21 item 10):
 * - contract: /trade/contract?symbol=BTC_USDT, the perpetual terminal;
 * - spot: /trade/BTC-USDT, the spot terminal whose book, trade tape and chart the contract page reuses: the reference
 *   it must match (vs_spot: contract ÷ spot for fps; spot ÷ contract for times, so > 1 means the contract page is
 *   better, < 1 slower).
 * For each page and throttle a fresh browser context (a cold cache) measures, with bench/page/probe.js in the page:
 * - load: first contentful paint, and live book: navigation → the book's first ladder drawn (the worker's time of it,
 *   as the book section reports it) once the page has seen its feed live;
 *   bytes (transfer sizes of the navigation and the page's resources; the workers' own requests are not counted) and
 *   requests;
 * - steady: fps, p95 frame time and long animation frames over --seconds after --warmup (DESIGN §7: ≥ 55 fps, p95 ≤
 *   20 ms, no long animation frame), and book side paints per second;
 * - switch: --switches route changes BTC ↔ ETH as the selector's navigate makes them: route change → the new
 *   market's first snapshot on the page (switch_to_snapshot_ms) and → its first ladder drawn (switch_to_book_ms; the
 *   worker paints the ladders, so this may come first: the page's snapshot is paced for text);
 *   hover_switch_to_book_ms: the same switch made in the selector, the pointer resting on the row 300 ms before the
 *   click (the row warms its market: issue 22 item 2), timed from the click to the new ladder drawn.
 * Run: npm run bench -- page [--seconds 5] [--warmup 2] [--switches 6] [--throttle 4] [--json] [--loaf]; needs
 * `npm run build`. --loaf prints each long animation frame of the steady window with its longest scripts, to stderr.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { freePort, startServer } from '../../e2e/server.ts';
import { median, option, type Row, report } from '../report.ts';
import {
  CHROMIUM_ARGS,
  measureLoad,
  measureSteady,
  measureSwitches,
  type PageFigures,
  switchThreshold,
} from './measure.ts';

const SECONDS = option('seconds', 5);
const WARMUP = option('warmup', 2);
// Even: each pass of switches starts and ends on ETH.
const SWITCHES = Math.ceil(option('switches', 6) / 2) * 2;
const THROTTLE = option('throttle', 4);

/** The two pages, each with its route for a market (`BTC` → its URL path). */
const PAGES = {
  contract: (base: string) => `/trade/contract?symbol=${base}_USDT`,
  spot: (base: string) => `/trade/${base}-USDT`,
} as const;
type PageName = keyof typeof PAGES;

const probe = readFileSync(join(process.cwd(), 'bench/page/probe.js'), 'utf8');

async function runOne(browser: Browser, url: string, name: PageName, throttle: number): Promise<PageFigures> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript({ content: probe });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const load = await measureLoad(page, `${url}${PAGES[name]('BTC')}`);
    const steady = await measureSteady(page, WARMUP, SECONDS);
    const route = (base: string) => PAGES[name](base);
    const threshold = await switchThreshold(page, route);
    const switches = await measureSwitches(page, SWITCHES, route, threshold);
    const hoverSwitches = await measureSwitches(page, SWITCHES, route, threshold, 'hover');
    if (errors.length > 0) throw new Error(errors.join('; '));
    return { ...load, ...steady, switches, hoverSwitches };
  } finally {
    await context.close();
  }
}

// e2e/server.ts finds dist/ next to itself, which the bundle in node_modules/.cache is not.
process.env.E2E_DIST ??= join(process.cwd(), 'dist');
const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-bench-page-'));
const server = await startServer(await freePort(), dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const version = browser.version();
await warmUp(browser, server.url);
const results: { name: PageName; throttle: number; figures: PageFigures | null; error?: string }[] = [];
try {
  for (const throttle of [1, THROTTLE]) {
    for (const name of Object.keys(PAGES) as PageName[]) {
      try {
        results.push({ name, throttle, figures: await runOne(browser, server.url, name, throttle) });
      } catch (error) {
        const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
        results.push({ name, throttle, figures: null, error: message });
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

report(toRows(results, version));

/** One load first, so that no measured page pays for the fresh server's first answers. */
async function warmUp(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: probe });
    await measureLoad(await context.newPage(), `${url}${PAGES.spot('BTC')}`);
  } finally {
    await context.close();
  }
}

function toRows(all: typeof results, version: string): Row[] {
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  const rows: Row[] = [];
  for (const r of all) {
    const spot = all.find((s) => s.name === 'spot' && s.throttle === r.throttle)?.figures;
    const f = r.figures;
    const common = { bench: 'page', impl: r.name === 'contract' ? 'contract_page' : 'spot_page', throttle: r.throttle };
    const tail = { chromium: version, ...(r.error ? { error: r.error } : {}) };
    /** vs_spot on the contract page's rows: higher is better for `better: 'higher'`. */
    const row = (metric: string, unit: string, pick: (x: PageFigures) => number, better: 'higher' | 'lower') => {
      const value = f ? pick(f) : Number.NaN;
      const ref = spot ? pick(spot) : Number.NaN;
      const ratio = better === 'higher' ? value / ref : ref / value;
      const vs = r.name === 'contract' && Number.isFinite(ratio) ? { vs_spot: round(ratio, 2) } : {};
      rows.push({ ...common, metric, value: round(value), unit, ...vs, ...tail });
    };
    row('first_contentful_paint_ms', 'ms', (x) => x.fcp, 'lower');
    row('live_book_ms', 'ms', (x) => x.liveBook, 'lower');
    row('bytes', 'KiB', (x) => x.bytes / 1024, 'lower');
    row('requests', 'count', (x) => x.requests, 'lower');
    row('fps', '1/s', (x) => x.fps, 'higher');
    row('p95_frame_ms', 'ms', (x) => x.p95, 'lower');
    row('long_animation_frames', 'count', (x) => x.loafs, 'lower');
    row('side_paints_per_s', '1/s', (x) => x.sidePaintsPerS, 'higher');
    row('switch_to_snapshot_ms', 'ms (median)', (x) => median(x.switches.map((s) => s.toSnapshot)), 'lower');
    row('switch_to_book_ms', 'ms (median)', (x) => median(x.switches.map((s) => s.toBook)), 'lower');
    row('hover_switch_to_book_ms', 'ms (median)', (x) => median(x.hoverSwitches.map((s) => s.toBook)), 'lower');
  }
  return rows;
}
