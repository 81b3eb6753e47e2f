// npm test: everything that must pass — type check, lint and format, Vitest, then Playwright in Chromium.
import { existsSync } from 'node:fs';
import { ensureBuild, ensureDependencies, log, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium: Playwright's own browser download cannot reach the internet here. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `✗ Chromium not found at ${CHROMIUM}.\n` +
        '  Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.\n',
    );
    process.exit(1);
  }
  log('installing Chromium (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env });
}

ensureDependencies();
ensureChromium();
log('type check (tsc -b)…');
run('npx', ['tsc', '-b']);
log('lint and format (biome ci)…');
run('npx', ['biome', 'ci', '.']);
log('unit and server tests (vitest)…');
run('npx', ['vitest', 'run']);
await ensureBuild();
log('end-to-end tests (playwright)…');
run('npx', ['playwright', 'test'], { env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
log('all checks passed');
