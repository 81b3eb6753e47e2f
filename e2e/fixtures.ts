import { type Browser, type BrowserContext, test as base, expect, type Page, type Worker } from '@playwright/test';

/** A console error a test expects, matched on the message and, when given, on the URL it comes from. */
interface Allowance {
  text: string | RegExp;
  url?: string | RegExp;
  /** Messages it matched. */
  seen: number;
}

/**
 * What a test may say about the errors its pages log. Never a blanket filter: each allowance names one message (and
 * a URL), and an allowance that matched nothing fails the test too, so the list cannot outlive its reason.
 */
export interface PageErrors {
  /**
   * Allows console errors whose text matches `text` (a string is a substring) and, with `url`, whose source URL
   * matches it — e.g. Chromium's "Failed to load resource" for a 401 the test provokes. Uncaught errors are never
   * allowed: fix them instead.
   */
  allow(text: string | RegExp, options?: { url?: string | RegExp }): void;
}

const matches = (value: string, pattern: string | RegExp): boolean =>
  typeof pattern === 'string' ? value.includes(pattern) : pattern.test(value);

/** Collects uncaught errors and console errors, minus the allowed ones. */
class ErrorWatch implements PageErrors {
  private readonly found: string[] = [];
  private readonly allowances: Allowance[] = [];
  private readonly contexts = new Set<BrowserContext>();

  allow(text: string | RegExp, options: { url?: string | RegExp } = {}): void {
    this.allowances.push({ text, ...(options.url === undefined ? {} : { url: options.url }), seen: 0 });
  }

  uncaught(where: string, error: string): void {
    this.found.push(`uncaught on ${where}: ${error}`);
  }

  consoleError(where: string, text: string, url: string): void {
    const allowance = this.allowances.find((a) => matches(text, a.text) && (!a.url || matches(url, a.url)));
    if (allowance) allowance.seen++;
    else this.found.push(`console error on ${where}: ${text}${url ? ` (${url})` : ''}`);
  }

  /** Every page of the context, those opened later and popups included, and their dedicated workers. */
  watch(context: BrowserContext): void {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    context.on('weberror', (error) => this.uncaught(placeOf(error.page()), describe(error.error())));
    // The context's console event carries the messages of its pages and of their dedicated workers.
    context.on('console', (message) => {
      if (message.type() === 'error') {
        this.consoleError(placeOf(message.page(), message.worker()), message.text(), message.location().url);
      }
    });
    const watchPage = (page: Page) => page.on('crash', () => this.found.push(`crashed: ${placeOf(page)}`));
    context.pages().forEach(watchPage);
    context.on('page', watchPage);
  }

  /** What fails the test: every error collected, and allowances that never matched. */
  report(): string[] {
    const unused = this.allowances
      .filter((a) => a.seen === 0)
      .map((a) => `an allowed console error never came: ${String(a.text)}${a.url ? ` at ${String(a.url)}` : ''}`);
    return [...this.found, ...unused];
  }
}

function placeOf(page: Page | null, worker: Worker | null = null): string {
  if (worker) return `worker ${worker.url()}`;
  return page ? page.url() : 'a page';
}

/** One line: the error and the first frame that threw it. */
function describe(error: Error): string {
  const frame = error.stack
    ?.split('\n')
    .find((line) => /^\s+at /.test(line))
    ?.trim();
  return `${error.name}: ${error.message}${frame ? ` (${frame})` : ''}`;
}

/** What the CDP events of a shared worker carry, as far as read here. */
interface WorkerEvent {
  method?: string;
  params?: {
    type?: string;
    args?: { value?: unknown; description?: string }[];
    stackTrace?: { callFrames: { url: string }[] };
    exceptionDetails?: { text: string; url?: string; exception?: { description?: string } };
    entry?: { level: string; text: string; url?: string };
  };
}

/**
 * Playwright does not expose SharedWorkers (the socket hub is one), so their errors are read over
 * CDP: each shared worker that starts during the test is attached to, and its console errors, uncaught exceptions
 * and browser log errors (a refused WebSocket, say) go to `watch`. Returns the function that stops watching.
 */
async function watchSharedWorkers(browser: Browser, watch: ErrorWatch): Promise<() => Promise<void>> {
  const cdp = await browser.newBrowserCDPSession();
  // Workers of earlier tests' contexts, still closing, are not this test's.
  const before = new Set((await cdp.send('Target.getTargets')).targetInfos.map((t) => t.targetId));
  const workers = new Map<string, string>();
  let id = 0;
  cdp.on('Target.targetCreated', async ({ targetInfo: target }) => {
    if (target.type !== 'shared_worker' || before.has(target.targetId)) return;
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
      workers.set(sessionId, `shared worker ${target.url}`);
      // Both replay what was logged before they were enabled.
      for (const method of ['Runtime.enable', 'Log.enable']) {
        await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method }) });
      }
    } catch {
      // The worker ended before it could be attached to: nothing of it is left to read.
    }
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const where = workers.get(sessionId);
    if (where) readWorkerEvent(JSON.parse(message) as WorkerEvent, where, watch);
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return async () => {
    await cdp.detach().catch(() => {});
  };
}

function readWorkerEvent(event: WorkerEvent, where: string, watch: ErrorWatch): void {
  const p = event.params;
  if (event.method === 'Runtime.consoleAPICalled' && p?.type === 'error') {
    const text = (p.args ?? []).map((a) => (a.value === undefined ? (a.description ?? '') : String(a.value))).join(' ');
    watch.consoleError(where, text, p.stackTrace?.callFrames[0]?.url ?? '');
  } else if (event.method === 'Runtime.exceptionThrown' && p?.exceptionDetails) {
    const details = p.exceptionDetails;
    watch.uncaught(where, details.exception?.description ?? details.text);
  } else if (event.method === 'Log.entryAdded' && p?.entry?.level === 'error') {
    watch.consoleError(where, p.entry.text, p.entry.url ?? '');
  }
}

/**
 * Tests run against the server that global-setup started. Every test fails on any uncaught error or console error
 * in any page or worker of its browser contexts — its own, and any it opens with `browser.newContext()` — unless it
 * allowed that message through `pageErrors`.
 */
export const test = base.extend<{ pageErrors: PageErrors }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
  pageErrors: [
    async ({ context, browser }, use) => {
      const watch = new ErrorWatch();
      watch.watch(context);
      const onContext = (created: BrowserContext) => watch.watch(created);
      browser.on('context', onContext);
      const stopWorkers = await watchSharedWorkers(browser, watch);
      try {
        await use(watch);
      } finally {
        browser.off('context', onContext);
        await stopWorkers();
      }
      const errors = watch.report();
      if (errors.length > 0) {
        throw new Error(`the pages logged ${errors.length} unexpected error(s):\n  - ${errors.join('\n  - ')}`);
      }
    },
    { auto: true },
  ],
});
export { expect };
