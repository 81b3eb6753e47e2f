import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

/** The network diagnostic's server side (spec shell §9; issue 19 item 17): mirror hosts and the report's log. */
describe('network diagnostic routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ networkMirrors: ['https://mirror-a.example'] });
  }, 60_000);
  afterAll(() => t.close());

  it('names the mirror hosts to probe', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/uc/network/hosts' });
    expect(res.json()).toMatchObject({ code: 0, data: { hosts: ['https://mirror-a.example'] } });
  });

  it('takes a report as JSON, and refuses a malformed one with a clear error', async () => {
    const report = {
      results: [
        { host: 'http://127.0.0.1:8080', ok: true, ms: 12 },
        { host: 'https://mirror-a.example', ok: false, ms: 5000, failure: 'timeout' },
      ],
      online: true,
      trigger: 'manual',
    };
    const ok = await t.server.inject({ method: 'POST', url: '/uc/network/diagnostic', payload: report });
    expect(ok.json()).toMatchObject({ code: 0 });
    const bad = await t.server.inject({
      method: 'POST',
      url: '/uc/network/diagnostic',
      payload: { ...report, results: [{ host: 'x', ok: 'maybe', ms: -1 }] },
    });
    expect(bad.json().code).not.toBe(0);
    const empty = await t.server.inject({
      method: 'POST',
      url: '/uc/network/diagnostic',
      payload: { ...report, results: [] },
    });
    expect(empty.json().code).not.toBe(0);
  });

  it('reads NETWORK_MIRRORS as http(s) origins', () => {
    expect(loadConfig({}).networkMirrors).toEqual([]);
    expect(loadConfig({ NETWORK_MIRRORS: 'https://a.example/x, http://b.example:8080' }).networkMirrors).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(() => loadConfig({ NETWORK_MIRRORS: 'ftp://a.example' })).toThrow(ConfigError);
  });
});
