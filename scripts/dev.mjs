// npm run dev: the server rebuilt and restarted on change, and Vite's dev server (hot reload) proxying the API to it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, log, root, serverBuildOptions } from './lib.mjs';

ensureDependencies();
const { context } = await import('esbuild');

let server;
function restart() {
  server?.kill('SIGTERM');
  server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: 'inherit',
  });
}

const ctx = await context({
  ...serverBuildOptions,
  plugins: [{ name: 'restart', setup: (build) => build.onEnd((result) => result.errors.length === 0 && restart()) }],
});
await ctx.watch();

log('client with hot reload: http://localhost:5173/ (API proxied to the server)');
const vite = spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' });
const stop = () => {
  server?.kill('SIGTERM');
  vite.kill('SIGTERM');
  ctx.dispose().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
