import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { type ArticleKind, type ContentArticleTable, contentDb } from './tables.ts';

export interface CategoryRow {
  key: string;
  name: string;
}

export interface ArticleRow {
  id: number;
  key: string;
  kind: ArticleKind;
  lang: string;
  cate: string;
  title: string;
  summary: string;
  body: string;
  meta: Record<string, unknown>;
  createdAt: number;
}

export interface PageSection {
  title: string;
  html: string;
}

export interface ContentPageRow {
  key: string;
  lang: string;
  title: string;
  subtitle: string;
  sections: PageSection[];
}

export interface ChannelRow {
  id: number;
  kind: string;
  value: string;
  display: string;
  region: string;
}

export interface ArticleFilter {
  cate?: string | undefined;
  /** Words that must all appear (case-insensitive) in the title, summary or body. */
  words?: readonly string[];
}

type Stored = Omit<ContentArticleTable, 'id'> & { id: number };

function articleRow(r: Stored): ArticleRow {
  return {
    id: r.id,
    key: r.article_key,
    kind: r.kind as ArticleKind,
    lang: r.lang,
    cate: r.cate_key,
    title: r.title,
    summary: r.summary,
    body: r.body,
    meta: JSON.parse(r.meta) as Record<string, unknown>,
    createdAt: Number(r.created_at),
  };
}

/** LIKE pattern for a word taken literally (`%`, `_` and `\` escaped). */
export function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Program pages per language and the official channels (program-routes.ts). */
function programQueries(db: ReturnType<typeof contentDb>) {
  return {
    async contentPage(key: string, lang: string): Promise<ContentPageRow | undefined> {
      const row = await db
        .selectFrom('content_pages')
        .selectAll()
        .where('page_key', '=', key)
        .where('lang', '=', lang)
        .executeTakeFirst();
      return (
        row && {
          key: row.page_key,
          lang: row.lang,
          title: row.title,
          subtitle: row.subtitle,
          sections: JSON.parse(row.sections) as PageSection[],
        }
      );
    },

    async channels(): Promise<ChannelRow[]> {
      return db
        .selectFrom('official_channels')
        .select(['id', 'kind', 'value', 'display', 'region'])
        .orderBy('sort')
        .execute();
    },
  };
}

/** Help articles, coin news, videos, games, program pages and official channels (migration 0009). */
export function contentRepository(raw: Db) {
  const db = contentDb(raw);
  return {
    ...programQueries(db),
    async categories(kind: ArticleKind, lang: string): Promise<CategoryRow[]> {
      const rows = await db
        .selectFrom('content_categories')
        .select(['cate_key', 'name'])
        .where('kind', '=', kind)
        .where('lang', '=', lang)
        .orderBy('sort')
        .execute();
      return rows.map((r) => ({ key: r.cate_key, name: r.name }));
    },

    /** Enabled articles per category of one kind and language. */
    async counts(kind: ArticleKind, lang: string): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('content_articles')
        .select(['cate_key', (eb) => eb.fn.countAll<number>().as('n')])
        .where('kind', '=', kind)
        .where('lang', '=', lang)
        .where('enabled', '=', 1)
        .groupBy('cate_key')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.cate_key, Number(r.n)]));
    },

    /** A page of one kind in one language: help in its reading order, the others newest first. */
    async page(
      kind: ArticleKind,
      lang: string,
      filter: ArticleFilter,
      offset: number,
      limit: number,
    ): Promise<{ rows: ArticleRow[]; total: number }> {
      let base = db
        .selectFrom('content_articles')
        .where('kind', '=', kind)
        .where('lang', '=', lang)
        .where('enabled', '=', 1);
      if (filter.cate) base = base.where('cate_key', '=', filter.cate);
      for (const word of filter.words ?? [])
        base = base.where(sql<boolean>`search_text like ${likePattern(word)} escape '\\'`);
      const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      let ordered = base.selectAll();
      ordered =
        kind === 'help'
          ? ordered.orderBy('sort').orderBy('id')
          : ordered.orderBy('created_at', 'desc').orderBy('id', 'desc');
      const rows = await ordered.limit(limit).offset(offset).execute();
      return { rows: rows.map(articleRow), total: Number(count.n) };
    },

    async article(kind: ArticleKind, id: number): Promise<ArticleRow | undefined> {
      const row = await db
        .selectFrom('content_articles')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && articleRow(row);
    },

    /** The same article in another language, if it has one. */
    async articleIn(kind: ArticleKind, key: string, lang: string): Promise<ArticleRow | undefined> {
      const row = await db
        .selectFrom('content_articles')
        .selectAll()
        .where('kind', '=', kind)
        .where('article_key', '=', key)
        .where('lang', '=', lang)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && articleRow(row);
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
