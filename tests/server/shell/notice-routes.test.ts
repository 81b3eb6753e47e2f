import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { messageTemplates } from '../../../server/shell/seed/messages.ts';
import { notices } from '../../../server/shell/seed/notices.ts';
import { BRAND_WORDS, languages, webWords } from '../../../server/shell/seed/words.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { get } from '../requests.ts';

interface NoticeItem {
  id: number;
  title: string;
  created_at: string;
  createTime: number;
  html_url: string;
  category: string;
  top: boolean;
}

describe('notices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const page = async (query: string, lang: string) => {
    const body = (await get(t, `/api/notice?${query}`, { lang })).json();
    expect(body.code).toBe(200);
    return body.data as { records: NoticeItem[]; total: number; pageNo: number; pageSize: number };
  };

  it('lists ten notices in each language, pinned first then newest first', async () => {
    const titles = new Set<string>();
    for (const lang of LANGS) {
      const data = await page('page=1&size=20', lang);
      expect(data.total).toBe(10);
      expect(data.records).toHaveLength(10);
      const seeded = notices.map((n) => n.title[lang]);
      expect(data.records.map((r) => r.title).sort()).toEqual([...seeded].sort());
      // Two pinned notices first, the rest newest first.
      expect(data.records.slice(0, 2).every((r) => r.top)).toBe(true);
      const rest = data.records.slice(2).map((r) => r.createTime);
      expect(rest).toEqual([...rest].sort((a, b) => b - a));
      for (const r of data.records) {
        expect(r.created_at).toBe(new Date(r.createTime).toISOString());
        expect(r.html_url).toBe(`/helpDetail/${r.id}?source=notice`);
        titles.add(r.title);
      }
    }
    // Seventy different titles: no language borrows another's text.
    expect(titles.size).toBe(70);
  });

  it('pages as the header asks (page 1, size 3) and with pageNo/pageSize', async () => {
    const header = await page('page=1&size=3', 'en_US');
    expect(header).toMatchObject({ total: 10, pageNo: 1, pageSize: 3 });
    expect(header.records).toHaveLength(3);
    const all = (await page('pageNo=1&pageSize=10', 'en_US')).records.map((r) => r.id);
    const pages = [];
    for (let p = 1; p <= 4; p++)
      pages.push(...(await page(`pageNo=${p}&pageSize=3`, 'en_US')).records.map((r) => r.id));
    expect(pages).toEqual(all);
    expect((await page('page=5&size=3', 'en_US')).records).toEqual([]);
    // Default page size 20 (spec shell §9).
    expect((await page('', 'en_US')).pageSize).toBe(20);
  });

  it('picks the language from the lang header, then langCode, then zh_CN', async () => {
    const zh = await page('', 'zh_CN');
    expect((await page('langCode=zh_CN', '')).records[0]?.title).toBe(zh.records[0]?.title);
    const vi = (await get(t, '/api/notice?langCode=vi')).json().data.records[0].title;
    expect(vi).toBe(notices.find((n) => n.key === 'listing-sui')?.title.vi_VN);
  });

  it('serves one notice with its body, in the reader’s language when it has it', async () => {
    const en = await page('size=1', 'en_US');
    const id = en.records[0]?.id;
    const detail = (await get(t, `/api/notice/${id}`, { lang: 'en_US' })).json();
    expect(detail.code).toBe(200);
    expect(detail.data.body).toContain('<p>');
    expect(detail.data.lang).toBe('en_US');
    const ko = (await get(t, `/api/notice/${id}`, { lang: 'ko_KR' })).json();
    expect(ko.data.lang).toBe('ko_KR');
    expect(ko.data.title).toBe(notices.find((n) => n.key === 'listing-sui')?.title.ko_KR);
  });

  it('rejects bad paging and unknown notices with clear messages', async () => {
    for (const query of ['page=0', 'size=101', 'page=abc', 'size=-1']) {
      const res = await get(t, `/api/notice?${query}`, { lang: 'en_US' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400);
      expect(res.json().message).toMatch(/^Invalid parameter: (page|size)$/);
    }
    const missing = await get(t, '/api/notice/99999', { lang: 'en_US' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 404,
      message: 'The announcement does not exist or has been withdrawn',
      data: null,
    });
    expect((await get(t, '/api/notice/abc', { lang: 'en_US' })).json().message).toBe('Invalid parameter: id');
  });

  it('hides a withdrawn notice', async () => {
    const before = await page('', 'ja');
    const first = before.records[0];
    await t.db
      .withTables<{ notices: { id: number; enabled: number } }>()
      .updateTable('notices')
      .set({ enabled: 0 })
      .where('id', '=', first?.id ?? 0)
      .execute();
    const after = await page('', 'ja');
    expect(after.total).toBe(9);
    expect(after.records.map((r) => r.id)).not.toContain(first?.id);
    expect((await get(t, `/api/notice/${first?.id}`)).statusCode).toBe(404);
  });
});

describe('seeded content in seven languages', () => {
  const english = (t: Record<string, string>) => t.en_US;

  it('has every language for every word, notice and message, non-English text never a copy of English', () => {
    expect(languages.map((l) => l.code)).toEqual([...LANGS]);
    const entries: [string, Record<string, string>][] = [
      ...Object.entries(webWords),
      ...notices.flatMap((n): [string, Record<string, string>][] => [
        [`notice ${n.key} title`, n.title],
        [`notice ${n.key} body`, n.body],
      ]),
      ...Object.entries(messageTemplates).flatMap(([key, m]): [string, Record<string, string>][] => [
        [`message ${key} title`, m.title],
        [`message ${key} content`, m.content],
      ]),
    ];
    for (const [key, text] of entries) {
      for (const lang of LANGS) {
        expect(text[lang]?.trim(), `${key} ${lang}`).toBeTruthy();
        if (lang !== 'en_US' && !BRAND_WORDS.has(key)) {
          expect(text[lang], `${key} ${lang} is the English text`).not.toBe(english(text));
        }
      }
    }
  });
});
