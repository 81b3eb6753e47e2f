import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '../..');
let bundle: Promise<string> | null = null;

/** `entry` bundled as `npm run build` bundles the server (packages stay in node_modules), to run in a plain `node`. */
export async function bundleForNode(entry: string, name: string): Promise<string> {
  const dir = join(root, 'node_modules/.cache/tickstream-test');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    logLevel: 'error',
    outfile,
  });
  return outfile;
}

/** The server bundled once per test run. */
function serverBundle(): Promise<string> {
  bundle ??= bundleForNode(join(root, 'server/main.ts'), 'server');
  return bundle;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL, as a crash or power cut would stop it; resolves once the process is gone. */
  kill(): Promise<void>;
}

/** Starts the real server in its own process on a free port; resolves once it prints its URL. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const file = await serverBundle();
  const child = spawn(process.execPath, [file], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CLIENT_DIR: 'none',
      LOG_LEVEL: 'error',
      TICKSTREAM_SIM: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?\s/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
