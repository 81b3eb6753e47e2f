import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from './server.ts';

/** Starts the built server on a free port with a fresh data folder; the tests read E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-e2e-'));
  const server = await startServer(await freePort(), dataDir);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
