import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG } from '../../common/i18n.ts';
import { decodeVersionParam } from '../../common/request-context.ts';
import { workerRequests } from '../../workers/worker-main.ts';

/** The worker's market lists and history go out like the page's calls (spec shell §7, issue 19 item 16). */
describe("the worker's REST calls", () => {
  const recorder = () => {
    const calls: { url: URL; headers: Record<string, string> }[] = [];
    const fetcher = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: new URL(String(url)), headers: (init?.headers ?? {}) as Record<string, string> });
      return new Response('{}');
    };
    return { calls, fetcher: fetcher as typeof fetch };
  };

  it('carry the default language and no token before the page tells its session', async () => {
    const { calls, fetcher } = recorder();
    await workerRequests().fetch('http://x/market/symbol-thumb', fetcher);
    const [call] = calls;
    expect(call?.url.searchParams.get('langCode')).toBe(DEFAULT_LANG);
    expect(call?.headers).toMatchObject({ lang: DEFAULT_LANG, platform: 'web', 'client-type': 'pc' });
    expect(call?.headers['x-auth-token']).toBeUndefined();
  });

  it("then the page's language, token and user (in v), on every later call", async () => {
    const { calls, fetcher } = recorder();
    const requests = workerRequests();
    requests.set({ lang: 'vi_VN', token: 'abc', userId: 12 });
    await requests.fetch('http://x/swap/symbol-thumb', fetcher);
    const [call] = calls;
    expect(call?.url.pathname).toBe('/swap/symbol-thumb');
    expect(call?.url.searchParams.get('langCode')).toBe('vi_VN');
    expect(decodeVersionParam(call?.url.searchParams.get('v') ?? '').userId).toBe(12);
    expect(call?.headers).toMatchObject({ lang: 'vi_VN', 'x-auth-token': 'abc', 'access-auth-token': 'abc' });
    expect(requests.get()).toEqual({ lang: 'vi_VN', token: 'abc', userId: 12 });
  });
});
