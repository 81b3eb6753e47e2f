import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeVersionParam, versionParam } from '../../../common/request-context.ts';
import {
  ABORTED_CODE,
  compactParams,
  get,
  isAborted,
  post,
  postJson,
  request,
  setRequestHooks,
  signedGet,
  TIMEOUT_MS,
  upload,
} from '../../../src/api/request.ts';
import { getToken, hasOrphanToken, setToken, setUser } from '../../../src/api/session.ts';
import { onToast, type Toast } from '../../../src/api/toast.ts';
import { i18n } from '../../../src/i18n/i18n.ts';
import { installBrowser } from './browser-env.ts';

type Call = [string, RequestInit];
const envelope = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' }, ...init });

function stubFetch(respond: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => respond());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const lastCall = (fetch: ReturnType<typeof stubFetch>) => fetch.mock.calls.at(-1) as unknown as Call;
const headersOf = (call: Call) => call[1].headers as Record<string, string>;
const queryOf = (call: Call) => new URL(call[0], 'http://x').searchParams;

let browser: ReturnType<typeof installBrowser>;
let toasts: Toast[];
let stopToasts: () => void;

beforeEach(async () => {
  browser = installBrowser();
  toasts = [];
  stopToasts = onToast((t) => toasts.push(t));
  await i18n.changeLanguage('en_US');
});
afterEach(() => {
  stopToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('POST drops empty fields (spec shell §5)', () => {
  it('compactParams keeps 0 and false, drops null, undefined and empty strings', () => {
    expect(compactParams({ a: 1, b: null, c: undefined, d: '', e: 0, f: false, g: 'x' })).toEqual({
      a: 1,
      e: 0,
      f: false,
      g: 'x',
    });
  });

  it('form posts are form-encoded without the empty fields', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: 'ok', data: 1 }));
    await post('/uc/login', { username: 'a b', code: '', country: null, deviceCode: undefined });
    const call = lastCall(fetch);
    expect(call[1].method).toBe('POST');
    expect(headersOf(call)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call[1].body).toBe('username=a+b');
  });

  it('JSON posts drop them too', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: 'ok', data: 1 }));
    await postJson('/uc/feedback/add', { title: 't', note: '', n: 0, x: null });
    const call = lastCall(fetch);
    expect(headersOf(call)['content-type']).toBe('application/json');
    expect(JSON.parse(String(call[1].body))).toEqual({ title: 't', n: 0 });
  });
});

describe('headers and parameters (spec shell §7)', () => {
  it('sends both token headers when a session exists, and none without one', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: null }));
    await get('/uc/check/login');
    expect(headersOf(lastCall(fetch))['x-auth-token']).toBeUndefined();
    setToken('tok-1');
    await get('/uc/check/login');
    expect(headersOf(lastCall(fetch))).toMatchObject({ 'x-auth-token': 'tok-1', 'access-auth-token': 'tok-1' });
  });

  it('sends the language and web platform headers and langCode', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: null }));
    await i18n.changeLanguage('ko_KR');
    await get('/market/symbol-thumb', { a: 1 });
    const call = lastCall(fetch);
    expect(headersOf(call)).toMatchObject({ lang: 'ko_KR', platform: 'web', 'client-type': 'pc' });
    expect(queryOf(call).get('langCode')).toBe('ko_KR');
    expect(queryOf(call).get('a')).toBe('1');
    await get('/market/symbol-thumb', {}, { lang: 'vi_VN' });
    expect(queryOf(lastCall(fetch)).get('langCode')).toBe('vi_VN');
  });

  it('v is the timestamp alone without a user, the encrypted timestamp and user id with one', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: null }));
    vi.useFakeTimers({ now: 1_700_000_000_000, toFake: ['Date'] });
    await post('/uc/x', { a: 1 });
    expect(queryOf(lastCall(fetch)).get('v')).toBe('1700000000000');
    setUser({ id: 42, uid: 'U42' });
    await post('/uc/x', { a: 1 });
    const v = queryOf(lastCall(fetch)).get('v') ?? '';
    expect(v).not.toContain('1700000000000');
    expect(decodeVersionParam(v)).toEqual({ time: 1_700_000_000_000, userId: 42 });
    expect(versionParam(5, null)).toBe('5');
  });
});

describe('raw bodies and raw answers (issue 19, item 16)', () => {
  it('an upload sends the file as the body with every header, v and langCode, and answers an envelope', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: { url: '/u/1' } }));
    setToken('tok-2');
    await i18n.changeLanguage('vi_VN');
    const file = new Blob(['png'], { type: 'image/png' });
    const answer = await upload<{ url: string }>('/uc/upload/image', file);
    const call = lastCall(fetch);
    expect(call[1]).toMatchObject({ method: 'POST', body: file });
    expect(headersOf(call)).toMatchObject({
      'content-type': 'image/png',
      'x-auth-token': 'tok-2',
      lang: 'vi_VN',
      platform: 'web',
    });
    expect(queryOf(call).get('langCode')).toBe('vi_VN');
    expect(queryOf(call).get('v')).not.toBeNull();
    expect(answer.data).toEqual({ url: '/u/1' });
  });

  it('a signed GET for bytes (an image) carries the same headers and parameters', () => {
    setToken('tok-3');
    const { url, init } = signedGet('/support/image/7');
    expect(init.headers).toMatchObject({ 'x-auth-token': 'tok-3', platform: 'web' });
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('langCode')).not.toBeNull();
    expect(query.get('v')).not.toBeNull();
  });
});

describe('responses (spec shell §8)', () => {
  it('code 0 and code 200 are success; message is copied into msg; no toast', async () => {
    stubFetch(() => envelope({ code: 0, message: 'success', data: [1] }));
    expect(await get('/a')).toMatchObject({ code: 0, message: 'success', msg: 'success', data: [1] });
    stubFetch(() => envelope({ code: 200, message: 'OK', data: [{ value: 'en_US', name: 'English' }] }));
    expect(await get('/api/getLanguageDic')).toMatchObject({ code: 200, msg: 'OK' });
    expect(toasts).toEqual([]);
  });

  it('a refusal shows the server message as an error toast and resolves with it', async () => {
    stubFetch(() => envelope({ code: 4306, message: 'Insufficient balance', data: null }));
    const res = await post('/exchange/order/add', { a: 1 });
    expect(res).toMatchObject({ code: 4306, msg: 'Insufficient balance' });
    expect(toasts).toEqual([{ kind: 'error', text: 'Insufficient balance' }]);
  });

  it('silent calls show no toast', async () => {
    stubFetch(() => envelope({ code: 404, message: 'Not found', data: null }, { status: 404 }));
    expect((await get('/api/notice', {}, { silent: true })).code).toBe(404);
    expect(toasts).toEqual([]);
  });

  it('a network failure toasts in the page language and resolves {code: 500, msg}', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const en = await post('/uc/login', { a: 1 });
    expect(en).toMatchObject({ code: 500, msg: 'Network error, please try switching to another network' });
    await i18n.changeLanguage('zh_CN');
    expect((await get('/market/top')).msg).toBe('网络异常，请尝试切换网络');
    await i18n.changeLanguage('vi_VN');
    expect((await get('/market/top')).msg).toBe('Lỗi mạng, vui lòng thử chuyển sang mạng khác');
    expect(toasts.map((t) => t.kind)).toEqual(['error', 'error', 'error']);
    expect(toasts[1]?.text).toBe('网络异常，请尝试切换网络');
  });

  it('a body that is not an envelope counts as a network failure', async () => {
    stubFetch(() => new Response('<html>', { status: 502 }));
    expect((await get('/a')).code).toBe(500);
  });

  it('a request that cannot be set up toasts "loading timed out"', async () => {
    browser.sessionStorage.getItem = () => {
      throw new Error('storage disabled');
    };
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: null }));
    const res = await get('/a');
    expect(res).toMatchObject({ code: 500, msg: 'loading timed out' });
    expect(fetch).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ kind: 'error', text: 'loading timed out' }]);
  });

  it('gives up after 30 s with the network failure', async () => {
    vi.useFakeTimers();
    stubFetch(() => new Promise<Response>(() => {}));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    let settled = false;
    const pending = get('/slow').then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 500, msg: 'Network error, please try switching to another network' });
  });

  it('resolves a call its caller aborts with an aborted envelope: no rejection, no toast', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    const pending = get('/a', {}, { signal: controller.signal });
    // A bare abort() rejects fetch with "signal is aborted without reason", the error issue 17 saw on /trade.
    controller.abort();
    const result = await pending;
    expect(result).toEqual({ code: ABORTED_CODE, message: '', msg: '', data: null, aborted: true });
    expect(isAborted(result)).toBe(true);
    expect(toasts).toEqual([]);
  });

  it('sends nothing for a signal aborted before the call', async () => {
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: 1 }));
    const controller = new AbortController();
    controller.abort();
    const result = await post('/a', { x: 1 }, { signal: controller.signal });
    expect(isAborted(result)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('tells an abort from a failure: a refusal and a network error are not aborted', async () => {
    stubFetch(() => envelope({ code: 400, message: 'no', data: null }));
    expect(isAborted(await get('/a', {}, { signal: new AbortController().signal }))).toBe(false);
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(isAborted(await get('/a', {}, { signal: new AbortController().signal }))).toBe(false);
  });
});

describe('session (spec shell §4)', () => {
  it('keeps a token from a response header in session storage and a 30-day cookie', async () => {
    stubFetch(() => envelope({ code: 0, message: '', data: {} }, { headers: { 'x-auth-token': 'fresh' } }));
    await post('/uc/login', { username: 'u', password: 'p' });
    expect(browser.sessionStorage.getItem('token')).toBe('fresh');
    expect(browser.document.jar.get('token')?.value).toBe('fresh');
    const days = (browser.document.expiresIn('token') ?? 0) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
  });

  it.each([
    [4000, 200],
    [401, 200],
    [4000, 401],
  ])('code %i (HTTP %i) clears the session and stored credentials', async (code, status) => {
    setToken('old');
    setUser({ id: 1 });
    stubFetch(() => envelope({ code, message: 'Please log in', data: null }, { status }));
    await get('/uc/member/my-info');
    expect(browser.sessionStorage.getItem('token')).toBeNull();
    expect(browser.sessionStorage.getItem('userInfo')).toBeNull();
    expect(browser.document.jar.has('token')).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('code 403 goes to /login (default: a page load, or the router hook)', async () => {
    stubFetch(() => envelope({ code: 403, message: 'Forbidden', data: null }, { status: 403 }));
    await get('/uc/x');
    expect(browser.assign).toHaveBeenCalledWith('/login');
    const forbidden = vi.fn();
    setRequestHooks({ forbidden });
    await get('/uc/x');
    expect(forbidden).toHaveBeenCalledTimes(1);
    setRequestHooks({ forbidden: () => location.assign('/login') });
  });

  it('a token in session storage without its cookie is an orphan', () => {
    setToken('t');
    expect(hasOrphanToken()).toBe(false);
    browser.document.jar.delete('token');
    expect(hasOrphanToken()).toBe(true);
  });

  it('a new tab picks the token up from the cookie', () => {
    browser.document.cookie = 'token=from-cookie; path=/';
    expect(getToken()).toBe('from-cookie');
    expect(browser.sessionStorage.getItem('token')).toBe('from-cookie');
  });

  it('request() with an explicit null token sends none', async () => {
    setToken('t');
    const fetch = stubFetch(() => envelope({ code: 0, message: '', data: null }));
    await request('GET', '/a', {}, { token: null });
    expect(headersOf(lastCall(fetch))['x-auth-token']).toBeUndefined();
  });
});
