import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { gameStatus } from '../../../server/content/fields.ts';
import { games, videos } from '../../../server/content/seed/media.ts';
import { newsArticles } from '../../../server/content/seed/news.ts';
import { channels, pages } from '../../../server/content/seed/pages.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { formPost, get } from '../requests.ts';

interface Item {
  id: number;
  key: string;
  title: string;
  cate: string;
  createTime: number;
}

describe('articles: coin news, videos, games (spec shell §7 POST /article/pageShow)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const show = async (fields: Record<string, string | number>, lang = 'en_US') => {
    const res = await formPost(t, '/article/pageShow', fields, { lang });
    return { status: res.statusCode, body: res.json() };
  };

  it('pages the coin news newest first in every language; news is the default type', async () => {
    for (const lang of LANGS) {
      const { body } = await show({ pageNo: 1, pageSize: 4 }, lang);
      expect(body.code).toBe(0);
      expect(body.data.type).toBe('news');
      expect(body.data.total).toBe(newsArticles.length);
      const times = body.data.records.map((r: Item) => r.createTime);
      expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
      const byKey = new Map(newsArticles.map((a) => [a.key, a.title[lang]]));
      for (const r of body.data.records as Item[]) expect(r.title).toBe(byKey.get(r.key));
    }
    const two = (await show({ pageNo: 2, pageSize: 4 })).body.data;
    expect(two.records).toHaveLength(newsArticles.length - 4);
  });

  it('filters news by category and searches it', async () => {
    const market = (await show({ cate: 'market' })).body.data;
    expect(market.records.every((r: Item) => r.cate === 'market')).toBe(true);
    expect(market.total).toBe(newsArticles.filter((a) => a.cate === 'market').length);
    const found = (await show({ keyword: 'solana' })).body.data;
    expect(found.records.map((r: Item) => r.key)).toEqual(['sol-ecosystem']);
  });

  it('videos carry their length and a poster drawn here; the poster is SVG in the entry language', async () => {
    const data = (await show({ type: 'video', pageSize: 20 }, 'ja')).body.data;
    expect(data.total).toBe(videos.length);
    const v = data.records[0];
    expect(v.poster).toBe(`/api/content/poster/${v.id}.svg`);
    expect(v.minutes).toBeGreaterThan(0);
    const svg = await get(t, v.poster);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect(svg.body).toContain(v.title.slice(0, 6));
    expect((await get(t, '/api/content/poster/999999.svg')).statusCode).toBe(404);
    expect((await get(t, '/api/content/poster/abc.svg')).statusCode).toBe(400);
  });

  it('games carry their state from the server clock', async () => {
    const data = (await show({ type: 'game', pageSize: 20 })).body.data;
    expect(data.total).toBe(games(0).length);
    const now = data.serverTime;
    for (const g of data.records) expect(g.status).toBe(gameStatus(g.startAt, g.endAt, now));
    const statuses = new Set(data.records.map((g: { status: string }) => g.status));
    expect(statuses).toEqual(new Set(['upcoming', 'live', 'ended']));
  });

  it('seeds the games around the day the database is made, so a fresh install shows every state', () => {
    // Fixed 2026 windows left two of five ended by 2026-12-01 (and would leave all five ended later).
    for (const made of [Date.UTC(2026, 11, 1, 9), Date.UTC(2031, 5, 30, 23, 59)]) {
      const statuses = games(made)
        .map((g) => gameStatus(Number(g.meta?.startAt), Number(g.meta?.endAt), made))
        .sort();
      expect(statuses).toEqual(['ended', 'live', 'live', 'live', 'upcoming']);
    }
  });

  it('gameStatus: before start upcoming, inside the window live, from the end ended', () => {
    expect(gameStatus(10, 20, 9)).toBe('upcoming');
    expect(gameStatus(10, 20, 10)).toBe('live');
    expect(gameStatus(10, 20, 20)).toBe('ended');
  });

  it('reads one article in the request language; unknown ids are a translated 404', async () => {
    const first = (await show({ pageSize: 1 }, 'en_US')).body.data.records[0] as Item;
    const res = await formPost(t, '/article/detail', { id: first.id }, { lang: 'ko_KR' });
    const data = res.json().data;
    expect(data.key).toBe(first.key);
    expect(data.lang).toBe('ko_KR');
    expect(data.body).toContain('<p>');
    const missing = await formPost(t, '/article/detail', { id: 999_999 }, { lang: 'vi_VN' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Không tìm thấy');
    // A news id asked as a video is not found either.
    expect((await formPost(t, '/article/detail', { id: first.id, type: 'video' })).statusCode).toBe(404);
  });

  it('refuses bad input clearly', async () => {
    for (const [fields, field] of [
      [{ type: 'casino' }, 'type'],
      [{ cate: 'nope' }, 'cate'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ lang: 'klingon' }, 'lang'],
    ] as const) {
      const { status, body } = await show(fields as Record<string, string | number>);
      expect(status, field).toBe(400);
      expect(body.message).toBe(`Invalid parameter: ${field}`);
    }
  });
});

describe('program pages and official channels', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves each program page in each language', async () => {
    for (const p of pages)
      for (const lang of LANGS) {
        const body = (await get(t, `/api/content/page/${p.key}`, { lang })).json();
        expect(body.code).toBe(200);
        expect(body.data.title).toBe(p.title[lang]);
        expect(body.data.sections).toHaveLength(p.sections.length);
      }
    const missing = await get(t, '/api/content/page/nothing', { lang: 'en_US' });
    expect(missing.statusCode).toBe(404);
    expect((await get(t, '/api/content/page/BAD!', { lang: 'en_US' })).statusCode).toBe(400);
  });

  it('lists the official channels', async () => {
    const body = (await get(t, '/api/content/channels')).json();
    expect(body.data.channels).toHaveLength(channels.length);
  });

  const verify = async (value: string) => {
    const res = await formPost(t, '/api/content/channel/verify', { value }, { lang: 'en_US' });
    return { status: res.statusCode, body: res.json() };
  };

  it('recognises official links, e-mails and handles however they are written', async () => {
    for (const value of [
      'https://www.tickstream.com/en/trade',
      'tickstream.com',
      'HTTPS://SUPPORT.TICKSTREAM.COM/',
      'support@tickstream.com',
      'mailto:Listing@Tickstream.com',
      '@tickstream_official',
      'https://t.me/tickstream_vn',
      'x.com/tickstream',
      'discord.gg/tickstream',
    ]) {
      const { body } = await verify(value);
      expect(body.data.official, value).toBe(true);
      expect(body.data.matches.length, value).toBeGreaterThan(0);
    }
  });

  it('flags look-alikes as not official', async () => {
    for (const value of [
      'tickstream.co',
      'https://tickstream.com.secure-login.io',
      'support@tickstream-help.com',
      '@tickstream_support',
      't.me/tickstream',
      'discord.gg/tickstream-vip',
    ]) {
      const { body } = await verify(value);
      expect(body.data.official, value).toBe(false);
    }
  });

  it('refuses what is not a contact, and an empty value', async () => {
    for (const value of ['not a link', 'http://', '@a']) {
      const { status, body } = await verify(value);
      expect(status, value).toBe(400);
      expect(body.message).toBe('Invalid parameter: value');
    }
    expect((await verify('')).status).toBe(400);
  });
});
