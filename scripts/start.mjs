// npm start: install what is missing, build what is stale, then run the server in the foreground.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
await ensureBuild();

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// The server owns shutdown; forward the signal and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
