import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVER = join(import.meta.dirname, '..', 'dist', 'server', 'main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** Starts the built server on a free port with a fresh data folder; the tests read E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(SERVER)) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'tickstream-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
