import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIAGNOSTIC_TIMEOUT_MS } from '../../../common/contracts/network.ts';
import { diagnosticHosts, type ProbeDeps, probeHost, runDiagnostic } from '../../../src/api/diagnostic.ts';
import { setToken } from '../../../src/api/session.ts';
import { i18n } from '../../../src/i18n/i18n.ts';
import { installBrowser } from './browser-env.ts';

const envelope = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A clock that moves 7 ms per reading, and a fetch that answers with `respond`. */
function deps(
  respond: (url: string, init?: RequestInit) => Promise<Response>,
): ProbeDeps & { calls: [string, RequestInit | undefined][] } {
  let t = 0;
  const calls: [string, RequestInit | undefined][] = [];
  return {
    calls,
    now: () => (t += 7),
    fetcher: ((url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return respond(url, init);
    }) as typeof fetch,
  };
}

beforeEach(async () => {
  installBrowser();
  await i18n.changeLanguage('en_US');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('network diagnostic probes (spec shell §9)', () => {
  it("probe the login check of the page's host with the request layer's headers, and time the answer", async () => {
    setToken('tok-9');
    const d = deps(async () => envelope({ code: 0, message: '', data: true }));
    expect(await probeHost('http://site', true, d)).toEqual({ host: 'http://site', ok: true, ms: 7 });
    const [url, init] = d.calls[0] ?? [''];
    expect(url).toMatch(/^http:\/\/site\/uc\/check\/login\?v=.+&langCode=en_US$/);
    expect(init?.headers).toMatchObject({ 'x-auth-token': 'tok-9', lang: 'en_US', platform: 'web' });
  });

  it('tell a page that is not the API (http) from no connection (network)', async () => {
    expect(
      (
        await probeHost(
          'http://site',
          true,
          deps(async () => new Response('<html>')),
        )
      ).failure,
    ).toBe('http');
    const down = deps(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await probeHost('http://site', true, down)).toMatchObject({ ok: false, failure: 'network' });
  });

  it('give up after 5000 ms (timeout)', async () => {
    vi.useFakeTimers();
    const hang = deps(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const probe = probeHost('http://site', true, hang);
    await vi.advanceTimersByTimeAsync(DIAGNOSTIC_TIMEOUT_MS - 1);
    let settled = false;
    void probe.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await probe).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('ask a mirror of another origin only whether it answers (no-cors)', async () => {
    const d = deps(async () => new Response(null, { status: 200 }));
    expect(await probeHost('https://mirror', false, d)).toMatchObject({ ok: true });
    expect(d.calls[0]?.[1]).toMatchObject({ mode: 'no-cors' });
  });

  it("list the page's host first, each host once", () => {
    expect(diagnosticHosts('http://site', ['https://m1', 'http://site', 'https://m2'])).toEqual([
      'http://site',
      'https://m1',
      'https://m2',
    ]);
  });

  it('post the report to the logging host and hand the results back', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push([url, init]);
        if (url.startsWith('/uc/network/hosts')) return envelope({ code: 0, message: '', data: { hosts: [] } });
        return envelope({ code: 0, message: '', data: null });
      }),
    );
    const probe = deps(async () => envelope({ code: 4000, message: 'Please log in', data: null }));
    const outcome = await runDiagnostic('http://site', true, probe);
    expect(outcome).toEqual({ results: [{ host: 'http://site', ok: true, ms: 7 }], reported: true });
    const post = calls.find(([url]) => url.startsWith('/uc/network/diagnostic'));
    expect(JSON.parse(String(post?.[1].body))).toEqual({ results: outcome.results, online: true, trigger: 'manual' });
  });
});
