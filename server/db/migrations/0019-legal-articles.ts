import type { Kysely } from 'kysely';
import { LANGS } from '../../../common/i18n.ts';
import { helpArticles, helpCategories } from '../../content/seed/help.ts';
import { legalArticles, legalCategory, movedSiteLinks } from '../../content/seed/legal.ts';
import { paragraphsToHtml, searchText } from '../../content/seed/text.ts';
import type { ContentTables } from '../../content/tables.ts';
import type { ShellTables } from '../../shell/tables.ts';

/**
 * The footer's company and legal documents (issue 19 item 2): the help centre's "About & legal" category and its
 * articles in the seven UI languages, stored like migration 0009's, after its categories and articles; and the site
 * links that named a document under another slug now point at the one that exists.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<ContentTables & ShellTables>;
  await db
    .insertInto('content_categories')
    .values(
      LANGS.map((lang) => ({
        kind: 'help',
        cate_key: legalCategory.key,
        lang,
        name: legalCategory.name[lang],
        sort: helpCategories.length,
      })),
    )
    .execute();

  await db
    .insertInto('content_articles')
    .values(
      legalArticles.flatMap((a, i) =>
        LANGS.map((lang) => ({
          kind: 'help',
          article_key: a.key,
          lang,
          cate_key: a.cate,
          title: a.title[lang],
          summary: a.summary[lang],
          body: paragraphsToHtml(a.body[lang]),
          search_text: searchText(a.title[lang], a.summary[lang], a.body[lang]),
          meta: JSON.stringify(a.meta ?? {}),
          sort: helpArticles.length + i,
          enabled: 1,
          created_at: a.at,
        })),
      ),
    )
    .execute();

  for (const link of movedSiteLinks)
    await db
      .updateTable('site_links')
      .set({ url: link.url })
      .where('group_key', '=', link.group)
      .where('item_key', '=', link.item)
      .execute();
}
