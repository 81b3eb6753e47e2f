import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadsDir } from '../../../server/shell/download-routes.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

describe('app downloads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const links = async () => (await t.server.inject({ method: 'GET', url: '/config/toDownAppPage' })).json().data;

  it('offers and serves the Android build once an operator publishes it', async () => {
    expect((await links()).apk).toBe('');
    const missing = await t.server.inject({ method: 'GET', url: '/download/tickstream-android.apk' });
    expect(missing.statusCode).toBe(404);

    mkdirSync(downloadsDir(t.dataDir), { recursive: true });
    writeFileSync(join(downloadsDir(t.dataDir), 'tickstream-android.apk'), 'PK-build');
    expect((await links()).apk).toBe('/download/tickstream-android.apk');
    const res = await t.server.inject({ method: 'GET', url: '/download/tickstream-android.apk' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(res.headers['content-disposition']).toContain('tickstream-android.apk');
    expect(res.body).toBe('PK-build');
  });

  it('serves nothing but published .apk files by their plain name', async () => {
    for (const url of ['/download/..%2F..%2Fetc%2Fpasswd', '/download/notes.txt', '/download/.hidden.apk']) {
      expect((await t.server.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
