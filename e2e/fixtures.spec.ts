import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * The shared fixture fails a test on any uncaught error or console error of its pages and workers. Each `test.fail()`
 * case below does nothing that could fail but provoke one error: it passes only if the fixture fails it.
 */

const html = (body: string) => `data:text/html,${encodeURIComponent(body)}`;
const settle = (page: Page) => page.waitForTimeout(300);

/** A page of a made-up origin that starts a SharedWorker running `script`. */
async function withSharedWorker(page: Page, script: string): Promise<void> {
  await page.route('http://shared.test/**', (route) =>
    route.request().url().endsWith('/w.js')
      ? route.fulfill({ contentType: 'text/javascript', body: script })
      : route.fulfill({ contentType: 'text/html', body: '<script>new SharedWorker("/w.js")</script>' }),
  );
  await page.goto('http://shared.test/');
  await page.waitForTimeout(800);
}

test.describe('the e2e fixture fails a test on', () => {
  test.beforeEach(() => test.fail());

  test('an uncaught error', async ({ page }) => {
    await page.goto(html('<script>setTimeout(() => { throw new Error("boom") })</script>'));
    await settle(page);
  });

  test('an unhandled rejection', async ({ page }) => {
    await page.goto(html('<script>Promise.reject(new Error("nope"))</script>'));
    await settle(page);
  });

  test('console.error', async ({ page }) => {
    await page.goto(html('<script>console.error("bad")</script>'));
    await settle(page);
  });

  test('a page opened later in the context', async ({ context }) => {
    const later = await context.newPage();
    await later.goto(html('<script>console.error("later")</script>'));
    await settle(later);
  });

  test('a popup', async ({ page }) => {
    await page.goto(
      html(`<button onclick="window.open('about:blank').eval('setTimeout(() => { throw 1 })')">x</button>`),
    );
    const popup = page.waitForEvent('popup');
    await page.click('button');
    await settle(await popup);
  });

  test('a context the test opens itself', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(html('<script>console.error("own context")</script>'));
    await settle(page);
    await context.close();
  });

  test('a dedicated worker', async ({ page }) => {
    const worker = 'setTimeout(() => { throw new Error("worker boom") })';
    await page.goto(html(`<script>new Worker(URL.createObjectURL(new Blob(['${worker}'])))</script>`));
    await page.waitForTimeout(800);
  });

  test('a console error in a shared worker', async ({ page }) => {
    await withSharedWorker(page, 'console.error("shared")');
  });

  test('an uncaught error in a shared worker', async ({ page }) => {
    await withSharedWorker(page, 'setTimeout(() => { throw new Error("shared boom") }, 100)');
  });

  test('an allowance that never matched', async ({ page, pageErrors }) => {
    pageErrors.allow('never logged');
    await page.goto(html('<p>quiet</p>'));
  });

  test('a message beside the allowed one', async ({ page, pageErrors }) => {
    pageErrors.allow('the expected one');
    await page.goto(html('<script>console.error("the expected one"); console.error("another")</script>'));
    await settle(page);
  });
});

test.describe('the e2e fixture lets pass', () => {
  test('a console error the test allowed, by text and URL', async ({ page, pageErrors }) => {
    pageErrors.allow(/^WebSocket connection to 'ws:\/\/127\.0\.0\.1:9\/' failed/, { url: 'http://shared.test/w.js' });
    await withSharedWorker(page, 'new WebSocket("ws://127.0.0.1:9/")');
  });

  test('a quiet page', async ({ page }) => {
    await page.goto(html('<p>fine</p>'));
    await expect(page.locator('p')).toHaveText('fine');
  });
});
