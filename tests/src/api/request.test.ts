import { afterEach, describe, expect, it, vi } from 'vitest';
import { compactParams, request } from '../../../src/api/request.ts';

describe('request layer', () => {
  it('drops null, undefined and empty-string fields on POST (spec shell §5)', () => {
    expect(compactParams({ a: 1, b: null, c: undefined, d: '', e: 0, f: false, g: 'x' })).toEqual({
      a: 1,
      e: 0,
      f: false,
      g: 'x',
    });
  });
});

describe('request', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the language and token headers and a form-encoded POST body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, message: 'success', data: 1 })));
    vi.stubGlobal('fetch', fetch);
    const res = await request(
      'POST',
      '/uc/login',
      { username: 'a b', code: '' },
      {
        lang: 'ko_KR',
        token: 'tok',
        networkError: 'offline',
      },
    );
    expect(res).toEqual({ code: 0, message: 'success', data: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/uc/login');
    expect(init.body).toBe('username=a+b');
    expect(init.headers).toMatchObject({ lang: 'ko_KR', 'x-auth-token': 'tok' });
  });

  it('resolves a network failure with code 500 and the translated message (spec shell §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const res = await request('GET', '/market/symbol-thumb', {}, { lang: 'en_US', networkError: 'Network error' });
    expect(res).toEqual({ code: 500, message: 'Network error', data: null });
  });
});
