import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// E2E_DIST points the suite at another build (`vite build --outDir X/client` + the server bundle in X/server), so that
// a private build can be tested while dist/ is in use. Read at each start: bench/page sets it after its imports ran.
const dist = () => process.env.E2E_DIST ?? join(import.meta.dirname, '..', 'dist');

export function freePort(): Promise<number> {
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

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Stops it (SIGTERM, or SIGKILL as a crash would) and waits until the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Kills `child` when this process exits, however it exits: a bench whose browser fails to launch, or any uncaught
 * error, must not leave a server running (one left at 10× the simulator's rate took a core from the next bench).
 */
export function diesWithCaller(child: ChildProcess, caller: Pick<NodeJS.EventEmitter, 'once' | 'off'> = process): void {
  const orphaned = () => child.kill('SIGKILL');
  caller.once('exit', orphaned);
  child.once('exit', () => caller.off('exit', orphaned));
}

/** The built server on `port` with `dataDir`, resolved once /health answers. */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const server = join(dist(), 'server', 'main.js');
  if (!existsSync(server)) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  let output = '';
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      CLIENT_DIR: join(dist(), 'client'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  diesWithCaller(child);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  // A fresh data folder seeds every market's history first; on a busy machine that takes a while.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await gone;
    },
  };
}
