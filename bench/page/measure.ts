// The three measurements of bench/page on one open page, read from bench/page/probe.js (`__probe`).
import type { Page } from '@playwright/test';

/**
 * How the page benches launch Chromium. Each fresh context is a new window, for which this Chromium builds its
 * omnibox popup (a WebUI renderer taking 1–4 s of CPU on this 2-core machine, in the middle of the measured load);
 * a person's browser has done that long before they open a page, so it is left out.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
];

/** What probe.js keeps on the page (restated: bench/ compiles without the DOM's types). */
interface Probe {
  frame: number;
  recording: boolean;
  deltas: number[];
  loafs: number[] | null;
  loafScripts: string[];
  sidePaints: number;
  firstBookPaint: number | null;
  firstLivePaint: number | null;
  liveAt: number | null;
  switch: {
    above: boolean;
    threshold: number;
    startAt: number;
    snapAt: number | null;
    paintAt: number | null;
  } | null;
}
type Globals = { __probe: Probe; document: { querySelector(s: string): { dataset: Record<string, string> } | null } };
type PageApi = {
  performance: {
    now(): number;
    getEntriesByType(type: string): { name?: string; startTime: number; transferSize?: number }[];
  };
};
type History = { history: { pushState(data: null, unused: string, url: string): void } };

/** A switch's times from its start: to the page's first snapshot of the new market, and to its first ladder drawn. */
export interface Switch {
  toSnapshot: number;
  toBook: number;
}

export interface PageFigures {
  fcp: number;
  liveBook: number;
  bytes: number;
  requests: number;
  fps: number;
  p95: number;
  loafs: number;
  sidePaintsPerS: number;
  switches: Switch[];
  /** Switches made in the selector: pointer rests on the row, then a click. */
  hoverSwitches: Switch[];
}

const READY_MS = 60_000;

/** On the page: the book is live and drawn (plain, so that it can be sent as source over CDP too: bench/load). */
export function loadReady(): boolean {
  const p = (globalThis as unknown as Partial<Globals>).__probe;
  return p !== undefined && (p.firstLivePaint !== null || (p.liveAt !== null && p.firstBookPaint !== null));
}

export interface LoadFigures {
  fcp: number;
  liveBook: number;
  bytes: number;
  requests: number;
}

/** On the page, once {@link loadReady}: first paint, the live book, and the bytes and requests so far. */
export function loadFigures(): LoadFigures {
  const g = globalThis as unknown as Globals & PageApi;
  const p = g.__probe;
  const fcp = g.performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  const entries = [...g.performance.getEntriesByType('navigation'), ...g.performance.getEntriesByType('resource')];
  return {
    fcp: fcp?.startTime ?? Number.NaN,
    // The book says when it first drew a live book; a build that does not, drew it once the page had it live.
    liveBook: p.firstLivePaint ?? Math.max(p.liveAt ?? 0, p.firstBookPaint ?? 0),
    bytes: entries.reduce((sum, e) => sum + (e.transferSize ?? 0), 0),
    requests: entries.length,
  };
}

/** Cold navigation to `url`, until the book is live and drawn. */
export async function measureLoad(page: Page, url: string): Promise<LoadFigures> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(loadReady, null, { timeout: READY_MS, polling: 50 });
  return page.evaluate(loadFigures);
}

/** fps, p95 frame time, long animation frames and book side paints over `seconds` after `warmup`. */
export async function measureSteady(page: Page, warmup: number, seconds: number) {
  await page.waitForTimeout(warmup * 1000);
  const from = await page.evaluate(() => {
    const p = (globalThis as unknown as Globals).__probe;
    p.deltas = [];
    if (p.loafs) p.loafs = [];
    p.loafScripts = [];
    p.sidePaints = 0;
    p.recording = true;
    return p.frame;
  });
  await page.waitForTimeout(seconds * 1000);
  const m = await page.evaluate(() => {
    const p = (globalThis as unknown as Globals).__probe;
    p.recording = false;
    return { frame: p.frame, deltas: p.deltas, loafs: p.loafs, sidePaints: p.sidePaints, loafScripts: p.loafScripts };
  });
  if (process.argv.includes('--loaf')) for (const line of m.loafScripts) process.stderr.write(`  LoAF ${line}\n`);
  const sorted = [...m.deltas].sort((a, b) => a - b);
  const ms = m.deltas.reduce((sum, d) => sum + d, 0);
  return {
    fps: ((m.frame - from) * 1000) / (ms || seconds * 1000),
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN,
    loafs: m.loafs?.length ?? Number.NaN,
    sidePaintsPerS: (m.sidePaints * 1000) / (ms || seconds * 1000),
  };
}

/** `count` route changes between BTC and ETH; the new market is told from the old by its best bid's size. */
/**
 * How a switch is made: `route` changes the route as the selector's navigate does (nothing known ahead); `hover` opens
 * the selector, rests the pointer on the market's row for {@link HOVER_MS}, as a person does before clicking, and
 * clicks it (timed from the click: the selector warms a market it rests on, issue 22 item 2).
 */
export type SwitchMode = 'route' | 'hover';
const HOVER_MS = 300;

/**
 * From the BTC page, a first route change to ETH; returns the best bid between the two markets' (their geometric
 * mean), by which a switch's first snapshot of the new market is told from the old market's.
 */
export async function switchThreshold(page: Page, route: (base: string) => string): Promise<number> {
  const bid = () =>
    page.evaluate(() =>
      Number((globalThis as unknown as Globals).document.querySelector('.trade-book')?.dataset.bestBid),
    );
  const btc = await bid();
  await page.evaluate((url) => (globalThis as unknown as History).history.pushState(null, '', url), route('ETH'));
  await page.waitForFunction(
    (limit) =>
      Number((globalThis as unknown as Globals).document.querySelector('.trade-book')?.dataset.bestBid) < limit,
    btc / 2,
    { timeout: READY_MS },
  );
  return Math.sqrt(btc * (await bid()));
}

/** `count` switches from the ETH page, to BTC first; an even count ends on ETH again, ready for the next call. */
export async function measureSwitches(
  page: Page,
  count: number,
  route: (base: string) => string,
  threshold: number,
  mode: SwitchMode = 'route',
): Promise<Switch[]> {
  const switches: Switch[] = [];
  for (let i = 0; i < count; i++) {
    const toBtc = i % 2 === 0;
    const base = toBtc ? 'BTC' : 'ETH';
    const row = `.selector-popover tr[data-symbol="${base}/USDT"]`;
    if (mode === 'hover') {
      await page.click('.symbol-selector .selector-toggle');
      await page.hover(row);
      await page.waitForTimeout(HOVER_MS);
    }
    switches.push(await switchOnce(page, mode === 'hover' ? { row } : { url: route(base) }, toBtc, threshold));
    await page.waitForTimeout(500);
  }
  return switches;
}

/** One switch to `to.url` by a route change, or by a click on the row `to.row` (in the page: no driver delay). */
async function switchOnce(
  page: Page,
  to: { url?: string; row?: string },
  above: boolean,
  threshold: number,
): Promise<Switch> {
  await page.evaluate(
    ({ to, above, threshold }) => {
      const g = globalThis as unknown as Globals & PageApi & History;
      const startAt = g.performance.now();
      g.__probe.switch = { above, threshold, startAt, snapAt: null, paintAt: null };
      if (to.row) (g.document.querySelector(to.row) as unknown as { click(): void } | null)?.click();
      else g.history.pushState(null, '', to.url as string);
    },
    { to, above, threshold },
  );
  await page.waitForFunction(
    () => {
      const s = (globalThis as unknown as Globals).__probe.switch;
      return s?.paintAt != null && s.snapAt !== null;
    },
    null,
    { timeout: READY_MS, polling: 50 },
  );
  return page.evaluate(() => {
    const s = (globalThis as unknown as Globals).__probe.switch;
    if (!s || s.snapAt === null || s.paintAt === null) throw new Error('switch not measured');
    return { toSnapshot: s.snapAt - s.startAt, toBook: s.paintAt - s.startAt };
  });
}
