import type { Db } from '../db/schema.ts';
import { shellDb } from './tables.ts';

export interface LanguageRow {
  code: string;
  name: string;
  enName: string;
  urlPrefix: string | null;
  sort: number;
}

export interface NoticeRow {
  id: number;
  key: string;
  lang: string;
  category: string;
  title: string;
  body: string;
  top: boolean;
  createdAt: number;
}

export interface SiteLinkRow {
  group: string;
  item: string;
  url: string;
  icon: string | null;
  external: boolean;
}

/** Notices per language: the header's list (pinned first, then newest) and one notice in a language. */
function noticeQueries(db: ReturnType<typeof shellDb>) {
  return {
    /** Enabled notices of one language, pinned first then newest first. */
    async noticePage(lang: string, offset: number, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
      const base = db.selectFrom('notices').where('lang', '=', lang).where('enabled', '=', 1);
      const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('top', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: rows.map(noticeRow), total: Number(count.n) };
    },

    async notice(id: number): Promise<NoticeRow | undefined> {
      const row = await db
        .selectFrom('notices')
        .selectAll()
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && noticeRow(row);
    },

    /** The same notice in another language, if it has one. */
    async noticeIn(key: string, lang: string): Promise<NoticeRow | undefined> {
      const row = await db
        .selectFrom('notices')
        .selectAll()
        .where('notice_key', '=', key)
        .where('lang', '=', lang)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row && noticeRow(row);
    },
  };
}

/** Languages, server-held words, notices, switches and site links of the shell (migration 0005). */
export function shellContentRepository(raw: Db) {
  const db = shellDb(raw);
  return {
    ...noticeQueries(db),
    /** Enabled languages in switch order. */
    async languages(): Promise<LanguageRow[]> {
      const rows = await db.selectFrom('languages').selectAll().where('enabled', '=', 1).orderBy('sort').execute();
      return rows.map((r) => ({
        code: r.code,
        name: r.name,
        enName: r.en_name,
        urlPrefix: r.url_prefix,
        sort: r.sort,
      }));
    },

    async isEnabledLanguage(code: string): Promise<boolean> {
      const row = await db
        .selectFrom('languages')
        .select('code')
        .where('code', '=', code)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Words of one language and source as a key → text map. */
    async words(lang: string, sourceType: number): Promise<Record<string, string>> {
      const rows = await db
        .selectFrom('i18n_words')
        .select(['key', 'value'])
        .where('lang', '=', lang)
        .where('source_type', '=', sourceType)
        .orderBy('key')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    /** The settings of one scope of `app_config`, JSON-decoded. */
    async config(scope: string): Promise<Record<string, unknown>> {
      const rows = await db.selectFrom('app_config').select(['key', 'value']).where('scope', '=', scope).execute();
      return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    },

    /** Writes one setting (operators and tests; the routes only read). */
    async setConfig(scope: string, key: string, value: unknown): Promise<void> {
      const text = JSON.stringify(value);
      await db
        .insertInto('app_config')
        .values({ scope, key, value: text })
        .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ value: text }))
        .execute();
    },

    /** Enabled links in display order. */
    async links(): Promise<SiteLinkRow[]> {
      const rows = await db.selectFrom('site_links').selectAll().where('enabled', '=', 1).orderBy('sort').execute();
      return rows.map((r) => ({
        group: r.group_key,
        item: r.item_key,
        url: r.url,
        icon: r.icon,
        external: r.external === 1,
      }));
    },
  };
}
export type ShellContentRepository = ReturnType<typeof shellContentRepository>;

function noticeRow(r: {
  id: number;
  notice_key: string;
  lang: string;
  category: string;
  title: string;
  body: string;
  top: number;
  created_at: number;
}): NoticeRow {
  return {
    id: r.id,
    key: r.notice_key,
    lang: r.lang,
    category: r.category,
    title: r.title,
    body: r.body,
    top: r.top === 1,
    createdAt: r.created_at,
  };
}
