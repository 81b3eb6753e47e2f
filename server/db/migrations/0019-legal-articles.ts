import type { Kysely } from 'kysely';
import { helpArticles, helpCategories } from '../../content/seed/help.ts';
import { legalArticles, legalCategory, movedSiteLinks } from '../../content/seed/legal.ts';
import { articleRows, categoryRows } from '../../content/seed/rows.ts';
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
    .values(categoryRows('help', [legalCategory], helpCategories.length))
    .execute();
  await db
    .insertInto('content_articles')
    .values(articleRows('help', legalArticles, helpArticles.length))
    .execute();

  for (const link of movedSiteLinks)
    await db
      .updateTable('site_links')
      .set({ url: link.url })
      .where('group_key', '=', link.group)
      .where('item_key', '=', link.item)
      .execute();
}
