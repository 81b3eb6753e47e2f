import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from './server.ts';

/** Starts the built server on a free port with a fresh data folder; the tests read E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-e2e-'));
  // One browser from one IP runs the whole suite, whose API calls add up past the per-IP budget of a real visitor
  // (1200 a minute), and registers more accounts than one person's 30 codes an hour, so the e2e server gets larger
  // budgets for both. The other account throttles (per destination, per account, logins) are unchanged.
  const server = await startServer(await freePort(), dataDir, {
    RATE_LIMIT: '100000',
    CODE_SENDS_PER_IP_HOUR: '10000',
    // Deposits confirm in a moment; withdrawals keep their review time so a journey can cancel one.
    DEPOSIT_CONFIRM_MS: '150',
    // Perpetuals settle funding every 20 s, so a journey sees a settlement (production: every 8 hours).
    TICKSTREAM_FUNDING_INTERVAL: '20000',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
