import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress.mjs';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** A script big enough to be worth compressing, as the build's chunks are. */
const BIG = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;

describe('serving the built client', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'tickstream-client-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'export {};');
    writeFileSync(join(clientDir, 'assets', 'big-def456.js'), BIG);
    precompress(clientDir);
    t = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves index.html on / and on client routes, never cached', async () => {
    for (const url of ['/', '/trade/BTC-USDT', '/zh-tw/quotes/list/spot']) {
      const res = await t.server.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s brotli or gzip copy by Accept-Encoding, the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.server.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 4);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it('answers a missing file or API path with a 404 envelope, not the page', async () => {
    for (const url of ['/assets/missing.js', '/uc/unknown', '/market']) {
      const res = await t.server.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, data: null });
    }
  });
});

describe('the API rate limit and the client', () => {
  it('counts API calls only: pages and files never spend the budget', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'tickstream-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'export {};');
    const t = await buildTestApp({ clientDir, rateLimit: 2 });
    try {
      for (let i = 0; i < 5; i++) {
        for (const url of ['/', '/trade/BTC-USDT', '/assets/app-abc123.js']) {
          expect((await t.server.inject({ method: 'GET', url, headers: { accept: '*/*' } })).statusCode).toBe(200);
        }
      }
      const api = async () => (await t.server.inject({ method: 'GET', url: '/market/symbol-thumb' })).statusCode;
      expect([await api(), await api(), await api()]).toEqual([200, 200, 429]);
    } finally {
      await t.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
