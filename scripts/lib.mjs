// Shared steps of the two commands. Plain Node with no dependencies: it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`✗ Tickstream needs Node.js 20.19 or newer; this is ${process.version}.\n`);
  process.exit(1);
}
const depsStamp = join(root, 'node_modules', '.tickstream-deps');
const buildStamp = join(root, 'dist', '.tickstream-build');

export function log(message) {
  process.stdout.write(`\x1b[36m▸ ${message}\x1b[0m\n`);
}

/** Runs a command in the project folder, inheriting stdio; exits with its code on failure. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stderr.write(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

function lockHash() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(readFileSync(path));
  }
  hash.update(process.version);
  return hash.digest('hex');
}

/** `npm ci` when node_modules is missing or older than package-lock.json (or Node changed). */
export function ensureDependencies() {
  const want = lockHash();
  if (existsSync(depsStamp) && readFileSync(depsStamp, 'utf8') === want) return;
  log('installing dependencies (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(depsStamp, want);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const BUILD_INPUTS = [
  'src',
  'common',
  'server',
  'workers',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

export function buildIsStale() {
  if (!existsSync(buildStamp)) return true;
  const built = statSync(buildStamp).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(join(root, input)) > built);
}

/** The server bundle: one ESM file, packages left in node_modules. `npm run dev` watches the same options. */
export const serverBuildOptions = {
  entryPoints: [join(root, 'server/main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  outfile: join(root, 'dist/server/main.js'),
};

/** Builds the client (Vite → dist/client) and the server (esbuild → dist/server/main.js). */
export async function build() {
  log('building the client…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  precompress(join(root, 'dist/client'));
  log('building the server…');
  // Imported here: esbuild exists only after ensureDependencies.
  const esbuild = await import('esbuild');
  await esbuild.build(serverBuildOptions);
  writeFileSync(buildStamp, new Date().toISOString());
}

export async function ensureBuild() {
  if (buildIsStale()) await build();
}
