import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot reach the internet here.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Journeys that change what other journeys see run one at a time: those that move the demo account's money, orders,
 * positions or favourites, and those that change the whole market (a forced index price, a listing going live). Every
 * other spec (its own registered users, or reading only) runs beside them, a file per worker.
 */
const SHARED_STATE = [
  'assets/bills.spec.ts',
  'assets/internal-transfer.spec.ts',
  'assets/property.spec.ts',
  'assets/transfer.spec.ts',
  'contract/mobile.spec.ts',
  'contract/trading.spec.ts',
  'home/home.spec.ts',
  'home/quotes.spec.ts',
  'home/support.spec.ts',
  'shell/a11y.spec.ts',
  'shell/guard.spec.ts',
  'shell/shell.spec.ts',
  'trade/mobile.spec.ts',
  'trade/orders.spec.ts',
  'trade/requests.spec.ts',
  'trade/trade.spec.ts',
].map((spec) => `**/e2e/${spec}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two: the machine's two cores; the journeys spend much of their time waiting on the server's clocks.
  workers: 2,
  projects: [
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1 },
    { name: 'journeys', testIgnore: SHARED_STATE },
  ],
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
