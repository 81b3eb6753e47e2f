// node scripts/build-to.mjs <dir>: a private build (client in <dir>/client, server in <dir>/server/main.js) for
// running the e2e suite with E2E_DIST=<dir> while dist/ is in use.
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root, run, serverBuildOptions } from './lib.mjs';
import { precompress } from './precompress.mjs';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node scripts/build-to.mjs <dir>\n');
  process.exit(2);
}
const out = resolve(dir);
run('npx', ['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', `${out}/client`]);
precompress(`${out}/client`);
const esbuild = await import('esbuild');
await esbuild.build({ ...serverBuildOptions, outfile: `${out}/server/main.js` });
// The server bundle leaves packages external: let it find this project's node_modules.
mkdirSync(out, { recursive: true });
if (!existsSync(join(out, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
