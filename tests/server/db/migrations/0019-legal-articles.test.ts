import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../../common/i18n.ts';
import { legalArticles, legalCategory, movedSiteLinks } from '../../../../server/content/seed/legal.ts';
import type { ContentTables } from '../../../../server/content/tables.ts';
import { openDatabase } from '../../../../server/db/database.ts';
import { up } from '../../../../server/db/migrations/0019-legal-articles.ts';
import type { ShellTables } from '../../../../server/shell/tables.ts';

const dir = mkdtempSync(join(tmpdir(), 'tickstream-0019-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The URLs the site links had before 0019 (migration 0005's first seed). */
const BEFORE: Record<string, string> = {
  careers: '/helpDetail/careers',
  license: '/helpDetail/licenses',
  lawEnforcement: '/helpDetail/law-enforcement',
  cookies: '/helpDetail/cookie-policy',
  disclaimer: '/helpDetail/disclaimer',
  fees: '/helpDetail/fees',
};

describe('migration 0019: the About & legal articles, on a database made before it', () => {
  it('adds the category and its articles in seven languages and moves the old document links', async () => {
    const opened = await openDatabase(dir);
    const db = opened as unknown as Kysely<ContentTables & ShellTables>;
    // Put the database back as 0018 left it: no legal category, the old link URLs.
    await db.deleteFrom('content_articles').where('cate_key', '=', legalCategory.key).execute();
    await db.deleteFrom('content_categories').where('cate_key', '=', legalCategory.key).execute();
    for (const link of movedSiteLinks)
      await db
        .updateTable('site_links')
        .set({ url: BEFORE[link.item] ?? '' })
        .where('item_key', '=', link.item)
        .where('group_key', '=', link.group)
        .execute();

    await up(db as unknown as Kysely<unknown>);

    const names = await db
      .selectFrom('content_categories')
      .select(['lang', 'name'])
      .where('cate_key', '=', legalCategory.key)
      .execute();
    expect(names.length).toBe(LANGS.length);
    const articles = await db
      .selectFrom('content_articles')
      .select(['article_key', 'lang', 'title'])
      .where('kind', '=', 'help')
      .where('cate_key', '=', legalCategory.key)
      .execute();
    expect(articles.length).toBe(legalArticles.length * LANGS.length);
    const terms = articles.find((a) => a.article_key === 'terms-of-service' && a.lang === 'vi_VN');
    expect(terms?.title).toBe(legalArticles.find((a) => a.key === 'terms-of-service')?.title.vi_VN);
    const links = await db.selectFrom('site_links').select(['group_key', 'item_key', 'url']).execute();
    for (const moved of movedSiteLinks)
      expect(links.find((l) => l.group_key === moved.group && l.item_key === moved.item)?.url).toBe(moved.url);
    await opened.destroy();
  });
});
