import { test as base, expect } from '@playwright/test';

/** Tests run against the server that global-setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
});
export { expect };
