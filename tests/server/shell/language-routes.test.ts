import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';
import { demoUserId, formPost, get, sessionFor } from '../requests.ts';

describe('languages and personal settings', () => {
  let t: TestApp;
  let demo: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = await sessionFor(t, await demoUserId(t));
  });
  afterAll(() => t.close());

  it('lists the seven languages as value and name with success code 200', async () => {
    const body = (await get(t, '/api/getLanguageDic')).json();
    expect(body.code).toBe(200);
    expect(body.data).toEqual([
      { value: 'zh_CN', name: '简体中文' },
      { value: 'zh_TW', name: '繁體中文' },
      { value: 'en_US', name: 'English' },
      { value: 'ko_KR', name: '한국어' },
      { value: 'ja', name: '日本語' },
      { value: 'vi_VN', name: 'Tiếng Việt' },
      { value: 'hi_IN', name: 'हिन्दी' },
    ]);
  });

  it('describes the languages with their route prefixes and the default', async () => {
    const { code, data } = (await get(t, '/config/getSysLangDicInfo')).json();
    expect(code).toBe(0);
    expect(data.map((l: { urlPrefix: string | null }) => l.urlPrefix)).toEqual([
      'zh-cn',
      'zh-tw',
      null,
      'ko',
      null,
      'vi',
      'hi',
    ]);
    expect(data.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { value: string }) => l.value)).toEqual([
      'zh_CN',
    ]);
  });

  it('serves each language its own words', async () => {
    const expected: Record<string, string> = {
      zh_CN: '登录',
      zh_TW: '登入',
      en_US: 'Log In',
      ko_KR: '로그인',
      ja: 'ログイン',
      vi_VN: 'Đăng nhập',
      hi_IN: 'लॉग इन',
    };
    for (const [lang, login] of Object.entries(expected)) {
      const body = (await get(t, `/api/getLanguage?langCode=${lang}`)).json();
      expect(body.code).toBe(200);
      expect(body.data.lang).toBe(lang);
      expect(body.data.translations['header.login']).toBe(login);
      const words = (await get(t, `/config/findWordsByLang?langCode=${lang}&sourceType=1`)).json();
      expect(words.data['header.login']).toBe(login);
    }
  });

  it('reads language codes in the forms the client sends (prefix, dash, lower case)', async () => {
    expect((await get(t, '/api/getLanguage?langCode=zh-tw')).json().data.lang).toBe('zh_TW');
    expect((await get(t, '/api/getLanguage?langCode=vi')).json().data.lang).toBe('vi_VN');
    expect((await get(t, '/api/getLanguage', { lang: 'ko_KR' })).json().data.lang).toBe('ko_KR');
    expect((await get(t, '/api/getLanguage')).json().data.lang).toBe('zh_CN');
  });

  it('refuses an unknown language with a translated message', async () => {
    const res = await get(t, '/api/setLanguage?langCode=klingon', { lang: 'en_US' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'Unsupported language: klingon', data: null });
    const ja = (await get(t, '/api/getLanguage?langCode=xx', { lang: 'ja' })).json();
    expect(ja.message).toBe('サポートされていない言語です：xx');
    const missing = (await get(t, '/api/setLanguage', { lang: 'en_US' })).json();
    expect(missing).toMatchObject({ code: 400, message: 'Invalid parameter: langCode' });
  });

  it('keeps a visitor’s language choice off the server and a user’s on it', async () => {
    const visitor = (await get(t, '/api/setLanguage?langCode=ja')).json();
    expect(visitor).toMatchObject({ code: 200, data: { lang: 'ja', saved: false } });

    const userId = await createUser(t.db, 'polyglot');
    const headers = await sessionFor(t, userId);
    const saved = (await get(t, '/api/setLanguage?langCode=ko', headers)).json();
    expect(saved).toMatchObject({ code: 200, data: { lang: 'ko_KR', saved: true } });
    // Without a langCode the signed-in user gets the saved language, whatever the lang header says.
    const mine = (await get(t, '/api/getLanguage', { ...headers, lang: 'en_US' })).json();
    expect(mine.data.lang).toBe('ko_KR');
    expect(mine.data.translations['header.logout']).toBe('로그아웃');
    // A bad code changes nothing.
    expect((await get(t, '/api/setLanguage?langCode=xx', headers)).statusCode).toBe(400);
    expect((await get(t, '/api/getLanguage', headers)).json().data.lang).toBe('ko_KR');
    // An explicit langCode still wins.
    expect((await get(t, '/api/getLanguage?langCode=hi', headers)).json().data.lang).toBe('hi_IN');
    const settings = (await get(t, '/uc/member/personalize/get', headers)).json();
    expect(settings.data).toMatchObject({ lang: 'ko_KR', color: 1, currency: 'usdt', currencySaved: false });
  });

  it('saves personal settings from a form post, field by field', async () => {
    const first = (await formPost(t, '/uc/member/personalize/set', { color: 2, lang: 'vi_VN' }, demo)).json();
    expect(first).toEqual({ code: 0, message: 'success', data: { lang: 'vi_VN', color: 2, currency: null } });
    const second = (await formPost(t, '/uc/member/personalize/set', { currency: 'JPY' }, demo)).json();
    expect(second.data).toEqual({ lang: 'vi_VN', color: 2, currency: 'jpy' });
    const read = (await get(t, '/uc/member/personalize/get', demo)).json();
    expect(read.data).toEqual({ lang: 'vi_VN', color: 2, currency: 'jpy', currencySaved: true });
  });

  it('rejects bad settings with a clear message and changes nothing', async () => {
    const before = (await get(t, '/uc/member/personalize/get', demo)).json().data;
    const cases: [Record<string, string | number>, string][] = [
      [{ color: 3 }, 'Invalid parameter: color'],
      [{ color: 'red' }, 'Invalid parameter: color'],
      [{ lang: 'xx_YY', color: 1 }, 'Unsupported language: xx_YY'],
      [{ currency: 'eur', color: 1 }, 'Unsupported currency: eur'],
      [{}, 'Nothing to save: give color, lang or currency'],
    ];
    for (const [fields, message] of cases) {
      const res = await formPost(t, '/uc/member/personalize/set', fields, { ...demo, lang: 'en_US' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: null });
    }
    expect((await get(t, '/uc/member/personalize/get', demo)).json().data).toEqual(before);
  });

  it('needs a session for personal settings (code 4000)', async () => {
    for (const res of [
      await formPost(t, '/uc/member/personalize/set', { color: 2 }),
      await formPost(t, '/uc/member/personalize/set', { color: 9 }, { 'x-auth-token': 'forged' }),
      await get(t, '/uc/member/personalize/get'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 4000, data: null });
    }
  });

  it('defaults the display currency by country (CNY for CN, VND for Vietnam)', async () => {
    for (const [country, currency] of [
      ['CN', 'cny'],
      ['VN', 'vnd'],
      ['KH', 'usdt'],
    ]) {
      const userId = await createUser(t.db, `from-${country}`);
      await t.db.updateTable('users').set({ country }).where('id', '=', userId).execute();
      const headers = await sessionFor(t, userId);
      expect((await get(t, '/uc/member/personalize/get', headers)).json().data.currency).toBe(currency);
    }
  });
});

describe('settings across a restart', () => {
  it('keeps the saved language and colours', async () => {
    const first = await buildTestApp();
    const dataDir = first.dataDir;
    const userId = await demoUserId(first);
    const headers = await sessionFor(first, userId);
    await get(first, '/api/setLanguage?langCode=hi_IN', headers);
    await formPost(first, '/uc/member/personalize/set', { color: 2, currency: 'twd' }, headers);
    await first.server.close();
    await first.db.destroy();

    const second = await buildTestApp({}, { dataDir });
    try {
      const read = (await get(second, '/uc/member/personalize/get', headers)).json();
      expect(read.data).toEqual({ lang: 'hi_IN', color: 2, currency: 'twd', currencySaved: true });
      expect((await get(second, '/api/getLanguage', headers)).json().data.lang).toBe('hi_IN');
    } finally {
      await second.close();
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
