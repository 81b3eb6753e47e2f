import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { helpArticles as firstArticles, helpCategories as firstCategories } from '../../../server/content/seed/help.ts';
import { legalArticles, legalCategory } from '../../../server/content/seed/legal.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get } from '../requests.ts';

// Migration 0009's help centre, then 0019's "About & legal" category after it.
const helpArticles = [...firstArticles, ...legalArticles];
const helpCategories = [...firstCategories, legalCategory];

interface Item {
  id: number;
  key: string;
  title: string;
  cate: string;
  cateName: string;
  lang: string;
}

describe('help centre (spec shell §7: help/page, help/detail, /api/help/*, /api/search)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const page = async (fields: Record<string, string | number>, lang = 'en_US') => {
    const res = await formPost(t, '/uc/ancillary/more/help/page', fields, { lang });
    return { status: res.statusCode, body: res.json() };
  };

  it('lists every seeded article in each of the seven languages, in reading order', async () => {
    for (const lang of LANGS) {
      const { body } = await page({ pageNo: 1, pageSize: 50, lang });
      expect(body.code).toBe(0);
      expect(body.data.total).toBe(helpArticles.length);
      expect(body.data.records.map((r: Item) => r.key)).toEqual(helpArticles.map((a) => a.key));
      expect(body.data.records.map((r: Item) => r.title)).toEqual(helpArticles.map((a) => a.title[lang]));
    }
    expect(helpArticles.length).toBeGreaterThanOrEqual(12);
  });

  it('pages: page 2 of size 5 follows page 1 and the total stays', async () => {
    const one = (await page({ pageNo: 1, pageSize: 5 })).body.data;
    const two = (await page({ pageNo: 2, pageSize: 5 })).body.data;
    expect(one.records).toHaveLength(5);
    expect(two.records).toHaveLength(5);
    expect(two.total).toBe(one.total);
    expect(two.records[0].key).toBe(helpArticles[5]?.key);
    const last = (await page({ pageNo: 100, pageSize: 5 })).body.data;
    expect(last.records).toEqual([]);
  });

  it('filters by category, named in the asked language', async () => {
    const { body } = await page({ cate: 'security', pageSize: 50, lang: 'ja' });
    const expected = helpArticles.filter((a) => a.cate === 'security');
    expect(body.data.records.map((r: Item) => r.key)).toEqual(expected.map((a) => a.key));
    expect(body.data.records[0].cateName).toBe(helpCategories.find((c) => c.key === 'security')?.name.ja);
  });

  it('searches title and body, case-insensitively, every word required, wildcards taken literally', async () => {
    const found = (await page({ keyword: 'GOOGLE authenticator' })).body.data;
    expect(found.records.map((r: Item) => r.key)).toContain('google-authenticator');
    expect(found.records.every((r: Item) => r.lang === 'en_US')).toBe(true);
    const zh = (await page({ keyword: '谷歌验证器', lang: 'zh_CN' })).body.data;
    expect(zh.records.map((r: Item) => r.key)).toContain('google-authenticator');
    // '%' is a literal percent sign: only the fee article has one.
    const percent = (await page({ keyword: '%' })).body.data;
    expect(percent.records.map((r: Item) => r.key)).toEqual(['spot-fees']);
    expect((await page({ keyword: '_' })).body.data.total).toBe(0);
    expect((await page({ keyword: 'withdraw zzzz' })).body.data.total).toBe(0);
  });

  it('refuses bad input with a translated message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ cate: 'casino' }, 'cate'],
      [{ lang: 'xx_XX' }, 'lang'],
      [{ pageSize: 500 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
      [{ keyword: 'a b c d e f' }, 'keyword'],
      [{ keyword: 'x'.repeat(51) }, 'keyword'],
    ];
    for (const [fields, field] of cases) {
      const { status, body } = await page(fields);
      expect(status, field).toBe(400);
      expect(body.message).toBe(`Invalid parameter: ${field}`);
    }
    const zh = await page({ cate: 'casino' }, 'zh_CN');
    expect(zh.body.message).toBe('参数错误：cate');
  });

  it('reads one article in the language asked, with its related articles', async () => {
    const en = (await page({ keyword: 'limit order', pageSize: 1 })).body.data.records[0] as Item;
    const res = await formPost(t, '/uc/ancillary/more/help/detail', { id: en.id }, { lang: 'vi_VN' });
    const data = res.json().data;
    expect(data.lang).toBe('vi_VN');
    expect(data.key).toBe(en.key);
    expect(data.title).toBe(helpArticles.find((a) => a.key === en.key)?.title.vi_VN);
    expect(data.body).toContain('<p>');
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.every((r: { id: number }) => r.id !== data.id)).toBe(true);
  });

  it('reads an article by its key in the language asked, the same as by its id', async () => {
    const byKey = await formPost(t, '/uc/ancillary/more/help/detail', { key: 'privacy-policy' }, { lang: 'ko_KR' });
    const data = byKey.json().data;
    expect(data.key).toBe('privacy-policy');
    expect(data.lang).toBe('ko_KR');
    expect(data.title).toBe(legalArticles.find((a) => a.key === 'privacy-policy')?.title.ko_KR);
    const byId = await formPost(t, '/uc/ancillary/more/help/detail', { id: data.id }, { lang: 'ko_KR' });
    expect(byId.json().data).toEqual(data);
    const viaGet = (await get(t, '/api/help/article?key=spot-fees&lang=hi_IN', { lang: 'en_US' })).json();
    expect(viaGet.data.title).toBe(firstArticles.find((a) => a.key === 'spot-fees')?.title.hi_IN);
  });

  it('refuses a key and an id together, neither, or a malformed key, with a translated message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ id: 1, key: 'about-us' }, 'key'],
      [{}, 'id'],
    ];
    for (const [fields, field] of cases) {
      const res = await formPost(t, '/uc/ancillary/more/help/detail', fields, { lang: 'zh_CN' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe(`参数错误：${field}`);
    }
    for (const key of ['About-Us', '1abc', 'a b', '../etc', 'x'.repeat(65)]) {
      const res = await formPost(t, '/uc/ancillary/more/help/detail', { key }, { lang: 'en_US' });
      expect(res.statusCode, key).toBe(400);
    }
    const missing = await formPost(t, '/uc/ancillary/more/help/detail', { key: 'no-such-page' }, { lang: 'ja' });
    expect(missing.statusCode).toBe(404);
  });

  it('a missing article is a translated 404; a bad id a 400', async () => {
    const missing = await formPost(t, '/uc/ancillary/more/help/detail', { id: 999_999 }, { lang: 'en_US' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Not found');
    const bad = await formPost(t, '/uc/ancillary/more/help/detail', { id: 'abc' }, { lang: 'en_US' });
    expect(bad.statusCode).toBe(400);
  });

  it('/api/help/list: categories with counts; /api/help/article reads an article', async () => {
    const list = (await get(t, '/api/help/list', { lang: 'ko_KR' })).json();
    expect(list.code).toBe(200);
    expect(list.data.categories.map((c: { key: string }) => c.key)).toEqual(helpCategories.map((c) => c.key));
    expect(list.data.total).toBe(helpArticles.length);
    expect(list.data.categories[0].name).toBe(helpCategories[0]?.name.ko_KR);
    const first = (await page({ pageSize: 1 })).body.data.records[0] as Item;
    const article = (await get(t, `/api/help/article?id=${first.id}`, { lang: 'en_US' })).json();
    expect(article.data.title).toBe(first.title);
  });

  it('/api/search finds help and news in the request language', async () => {
    const res = (await get(t, '/api/search?keyword=USDT', { lang: 'en_US' })).json();
    expect(res.data.help.total).toBeGreaterThan(0);
    expect(res.data.news.total).toBeGreaterThan(0);
    const bad = await get(t, '/api/search?keyword=', { lang: 'en_US' });
    expect(bad.statusCode).toBe(400);
  });
});
