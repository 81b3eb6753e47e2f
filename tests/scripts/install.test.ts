import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// What `npm ci` (scripts/lib.mjs ensureDependencies) installs: a newcomer's first command prints no warning.
const root = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean }>;
};
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('the locked dependencies', () => {
  it('all run on the oldest Node the README supports and on this one (no EBADENGINE warning)', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';
    expect(oldest).toBe('20.19.0');
    const refusing = locked
      .filter(([, p]) => p.engines?.node)
      .filter(([, p]) => ![oldest, process.version].every((v) => semver.satisfies(v, p.engines?.node ?? '*')))
      .map(([path, p]) => `${nameOf(path)}@${p.version}: node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('have every install script approved or denied in allowScripts (no "not yet covered" warning)', () => {
    const unreviewed = locked
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => nameOf(path))
      .filter((name) => !Object.hasOwn(manifest.allowScripts, name));
    expect(unreviewed).toEqual([]);
  });
});
