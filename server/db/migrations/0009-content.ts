import type { Kysely } from 'kysely';
import { LANGS } from '../../../common/i18n.ts';
import { channelValue } from '../../content/channels.ts';
import { helpArticles, helpCategories } from '../../content/seed/help.ts';
import { gameCategories, games, videoCategories, videos } from '../../content/seed/media.ts';
import { newsArticles, newsCategories } from '../../content/seed/news.ts';
import { channels, pages } from '../../content/seed/pages.ts';
import { articleRows, categoryRows } from '../../content/seed/rows.ts';
import { paragraphsToHtml } from '../../content/seed/text.ts';
import type { ContentTables } from '../../content/tables.ts';

/**
 * The open content pages of issue 8 item 3: help-centre categories and articles, coin news, video tutorials, games and
 * activities, program pages and the official channels, with their content in the seven UI languages.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema
    .createTable('content_categories')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cate_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_categories_pk', ['kind', 'cate_key', 'lang'])
    .execute();

  await untyped.schema
    .createTable('content_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('article_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('cate_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('content_articles_key_lang', ['kind', 'article_key', 'lang'])
    .execute();
  await untyped.schema
    .createIndex('content_articles_list')
    .on('content_articles')
    .columns(['kind', 'lang', 'enabled', 'cate_key', 'created_at'])
    .execute();

  await untyped.schema
    .createTable('content_pages')
    .addColumn('page_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('sections', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_pages_pk', ['page_key', 'lang'])
    .execute();

  await untyped.schema
    .createTable('official_channels')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('display', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('official_channels_kind_value', ['kind', 'value'])
    .execute();

  await seed(untyped as Kysely<ContentTables>);
}

async function seed(db: Kysely<ContentTables>): Promise<void> {
  await db
    .insertInto('content_categories')
    .values([
      ...categoryRows('help', helpCategories),
      ...categoryRows('news', newsCategories),
      ...categoryRows('video', videoCategories),
      ...categoryRows('game', gameCategories),
    ])
    .execute();

  const rows = [
    ...articleRows('help', helpArticles),
    ...articleRows('news', newsArticles),
    ...articleRows('video', videos),
    ...articleRows('game', games(Date.now())),
  ];
  // SQLite allows 32766 bound parameters per statement; chunks keep far below it.
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('content_articles')
      .values(rows.slice(i, i + 100))
      .execute();

  await db
    .insertInto('content_pages')
    .values(
      pages.flatMap((p) =>
        LANGS.map((lang) => ({
          page_key: p.key,
          lang,
          title: p.title[lang],
          subtitle: p.subtitle[lang],
          sections: JSON.stringify(
            p.sections.map((s) => ({ title: s.title[lang], html: paragraphsToHtml(s.text[lang]) })),
          ),
        })),
      ),
    )
    .execute();

  await db
    .insertInto('official_channels')
    .values(
      channels.map((c, sort) => ({
        kind: c.kind,
        value: channelValue(c.kind, c.display),
        display: c.display,
        region: c.region,
        sort,
      })),
    )
    .execute();
}
