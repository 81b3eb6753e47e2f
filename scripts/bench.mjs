// npm run bench -- <name> [flags]: bundles bench/<name>/main.ts with esbuild and runs it (flags pass through).
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';

const [name, ...flags] = process.argv.slice(2);
const entry = name && join(root, 'bench', name, 'main.ts');
if (!entry || !existsSync(entry)) {
  const names = readdirSync(join(root, 'bench'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, 'bench', e.name, 'main.ts')))
    .map((e) => e.name);
  process.stderr.write(
    `usage: npm run bench -- <${names.join('|')}> [--json] [flags]; npm run record / replay (README)\n`,
  );
  process.exit(2);
}
ensureDependencies();
const { build } = await import('esbuild');
const outdir = join(root, 'node_modules/.cache/bench');
mkdirSync(outdir, { recursive: true });
const outfile = join(outdir, `${name}.mjs`);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  logLevel: 'warning',
  outfile,
});
run(process.execPath, [outfile, ...flags]);
