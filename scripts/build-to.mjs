// node scripts/build-to.mjs <dir>: a private build (client in <dir>/client, server in <dir>/server/main.js) for
// running the e2e suite with E2E_DIST=<dir> while dist/ is in use.
import { resolve } from 'node:path';
import { run, serverBuildOptions } from './lib.mjs';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node scripts/build-to.mjs <dir>\n');
  process.exit(2);
}
const out = resolve(dir);
run('npx', ['vite', 'build', '--logLevel', 'warn', '--emptyOutDir', '--outDir', `${out}/client`]);
const esbuild = await import('esbuild');
await esbuild.build({ ...serverBuildOptions, outfile: `${out}/server/main.js` });
