import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { grouped } from '../shell/helpers.ts';
import { cancelDemoOrders, openRows, openTrade, restingBuy } from './helpers.ts';

/**
 * The user's orders are state kept by the private channel, not a doorbell for REST reloads (DESIGN §2, issue 18): once
 * /trade has settled, placing a spot order costs one request (its POST) and cancelling it one (its cancel).
 */

/** A window in which a reload set off by the channel's news (the old way: 300 ms after each burst) would show. */
const QUIET_MS = 1500;

/**
 * Resolves once the page has had no HTTP request in flight or started for `ms` (Playwright's `networkidle` never comes
 * here: the page keeps its socket and its worker's history fetches count).
 */
async function quiet(page: Page, ms: number): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const start = () => {
    inFlight++;
    last = Date.now();
  };
  const end = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  await expect.poll(() => inFlight <= 0 && Date.now() - last >= ms, { timeout: 15_000, intervals: [100] }).toBe(true);
  page.off('request', start);
  page.off('requestfinished', end);
  page.off('requestfailed', end);
}

/**
 * Every fetch and XHR the page (and its dedicated workers) makes from now on, whatever its path: a reload of orders,
 * balances or the account would show here (sockets are not requests, and nothing else is loaded once /trade settled).
 */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') seen.push(request);
  });
  return seen;
}

/** The quote coin the buy form says is available, as a number. */
async function availableQuote(page: Page): Promise<number> {
  const text = (await page.getByTestId('available-buy').textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

const described = (requests: readonly Request[]) => requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);

// Leave no open order behind for the other journeys.
test.afterEach(({ request }) => cancelDemoOrders(request));

test('placing a limit order costs one request, its POST, until it is listed and the balance updated; cancelling one, its cancel', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await openTrade(page, request);
  const book = page.locator('.trade-book');
  // Settled: the book is live, the spot account answered, the user's state is loaded and live.
  await expect(page.locator('.trade-orders')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  await expect(book).toHaveAttribute('data-best-bid', /^\d/);
  await quiet(page, QUIET_MS);

  const { price, level } = await restingBuy(page);
  const buy = page.locator('form.entry-side[data-side="buy"]');
  await buy.getByLabel('Price', { exact: true }).fill(price);
  await buy.getByLabel('Amount').fill('0.01');
  const before = await availableQuote(page);

  // From the click until the order is in the open-orders panel, its level marked in the book and the USDT it froze
  // gone from the available balance, then a quiet window for any reload the channel's news might set off.
  const placing = recordRequests(page);
  await buy.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(openRows(page)).toHaveCount(1);
  await expect(openRows(page).first()).toContainText(grouped(String(Number(price))));
  await expect(book).toHaveAttribute('data-own-levels', level);
  await expect.poll(() => availableQuote(page)).toBeLessThan(before);
  await page.waitForTimeout(QUIET_MS);
  expect(described(placing)).toEqual(['POST /exchange/order/add']);

  const cancelling = recordRequests(page);
  const id = await openRows(page).first().getAttribute('data-order-id');
  await openRows(page).first().getByRole('button', { name: 'Cancel' }).click();
  await expect(openRows(page)).toHaveCount(0);
  await expect(book).toHaveAttribute('data-own-levels', '');
  // The frozen USDT is available again.
  await expect.poll(() => availableQuote(page)).toBe(before);
  await page.waitForTimeout(QUIET_MS);
  expect(described(cancelling)).toEqual([`POST /exchange/order/cancel/${id}`]);
});

test('a cold load asks for the market list once: the page fetches it before its first render and hands it to the data worker', async ({
  page,
}) => {
  const seen = recordRequests(page);
  await page.goto('/trade/BTC-USDT');
  const book = page.locator('.trade-book');
  // The worker's book needs the list's grid: a live book means the worker had it.
  await expect(book.locator('.feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await expect(page.locator('.trade-page .market-header')).toContainText('BTC');
  await quiet(page, QUIET_MS);
  expect(described(seen).filter((r) => r.endsWith('/market/symbol-thumb'))).toEqual(['GET /market/symbol-thumb']);
});

/**
 * Records, through React's devtools hook (which production builds call on every commit), how many commits drew the
 * terminal's root element: its mount, then each render of the page component. Before the page's scripts run.
 */
function countTerminalRenders() {
  const seen = { renders: 0 };
  (globalThis as unknown as { __terminal: typeof seen }).__terminal = seen;
  interface Fiber {
    type: unknown;
    memoizedProps: { className?: string } | null;
    alternate: Fiber | null;
    child: Fiber | null;
    sibling: Fiber | null;
  }
  const find = (fiber: Fiber | null): Fiber | null => {
    for (let f = fiber; f; f = f.sibling) {
      if (f.type === 'div' && f.memoizedProps?.className === 'trade-page') return f;
      const inner = find(f.child);
      if (inner) return inner;
    }
    return null;
  };
  (globalThis as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    checkDCE() {},
    onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
      const page = find(root.current);
      // Mounted in this commit, or given new props: its component rendered.
      if (page && (!page.alternate || page.alternate.memoizedProps !== page.memoizedProps)) seen.renders++;
    },
  };
}

test("a cold load renders the terminal once: nothing its mount stores or resets, nor the shell's config, draws it again", async ({
  page,
}) => {
  await page.addInitScript(countTerminalRenders);
  // What may render it again for a reason: a market list that came after the first render (the page's chunk is held
  // here until the list has surely come). The shell's config answers must not: the terminal reads only the login.
  await page.route(/\/assets\/trade-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  // Not the stored last market (BTC/USDT on a first visit): the page stores this one as it mounts.
  await page.goto('/trade/ETH-USDT');
  await expect(page.locator('.trade-book .feed-state')).toHaveAttribute('data-state', 'live', { timeout: 15_000 });
  await page.waitForTimeout(QUIET_MS);
  const renders = await page.evaluate(() => (globalThis as unknown as { __terminal: { renders: number } }).__terminal);
  expect(renders.renders).toBe(1);
});

/** Each frame's book height and whether the tape and the orders panels are still boxes (after-book.tsx). */
function recordStages() {
  const frames: { book: number; tape: boolean; orders: boolean }[] = [];
  (globalThis as unknown as { __stages: typeof frames }).__stages = frames;
  const tick = () => {
    const book = document.querySelector<HTMLElement>('.trade-book');
    if (book) {
      frames.push({
        book: Math.round(book.getBoundingClientRect().height),
        tape: document.querySelector('.trade-trades[aria-busy="true"]') !== null,
        orders: document.querySelector('.trade-orders[aria-busy="true"]') !== null,
      });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

test('a cold load renders the tape and the orders after the book, and the book does not move when they come', async ({
  page,
}) => {
  await page.addInitScript(recordStages);
  await page.goto('/trade/BTC-USDT');
  await expect(page.locator('.trade-trades[aria-busy]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.trade-orders[aria-busy]')).toHaveCount(0);
  await expect(page.locator('.trade-trades .tape-columns')).toBeVisible();
  const frames = await page.evaluate(
    () => (globalThis as unknown as { __stages: { book: number; tape: boolean; orders: boolean }[] }).__stages,
  );
  // While the tape was a box the book was already laid out at its final height, and it kept it.
  const final = frames.at(-1)?.book;
  const boxed = frames.filter((f) => f.tape);
  expect(boxed.length).toBeGreaterThan(0);
  expect(new Set(frames.filter((f) => f.book > 0).map((f) => f.book))).toEqual(new Set([final]));
  // They came in a later frame than the book (once it drew live, or after the gate's 1.5 s).
  const firstReal = frames.findIndex((f) => !f.tape && !f.orders);
  expect(firstReal).toBeGreaterThan(0);
});
