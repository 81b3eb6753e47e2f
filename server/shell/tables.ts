import type { Generated } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0005 (the application shell: languages, words, settings, notices, messages, configuration).
 * Kept out of schema.ts: the repositories reach them through `shellDb`, which widens the database type.
 */
export type ShellTables = {
  languages: LanguageTable;
  i18n_words: WordTable;
  user_settings: UserSettingsTable;
  notices: NoticeTable;
  message_templates: MessageTemplateTable;
  user_messages: UserMessageTable;
  app_config: AppConfigTable;
  site_links: SiteLinkTable;
};

/** A UI language (spec shell §1); `code` is one of common/i18n LANGS. */
export interface LanguageTable {
  code: string;
  /** Native name, shown in the language switch. */
  name: string;
  en_name: string;
  /** The optional route prefix of spec shell §2 (vi, zh-cn, zh-tw, hi, ko); null where the spec has none. */
  url_prefix: string | null;
  sort: number;
  enabled: number;
}

/** Server-held translations, one row per language, source and key. */
export interface WordTable {
  lang: string;
  /** 1: web client shell (header, footer, menus). */
  source_type: number;
  key: string;
  value: string;
}

/** Personal settings of `/uc/member/personalize/set`. */
export interface UserSettingsTable {
  user_id: number;
  lang: string | null;
  /** 1: green up / red down; 2: red up / green down. */
  color: number;
  /** A display currency (common/market DISPLAY_CURRENCIES), or null for the default rule. */
  currency: string | null;
  updated_at: number;
}

/** A notice article in one language; `notice_key` ties the translations of one notice together. */
export interface NoticeTable {
  id: Generated<number>;
  notice_key: string;
  lang: string;
  category: string;
  title: string;
  /** Trusted HTML written by the operator. */
  body: string;
  top: number;
  enabled: number;
  created_at: number;
}

/** Text of a message kind in one language; `{name}` marks a parameter. */
export interface MessageTemplateTable {
  key: string;
  lang: string;
  title: string;
  content: string;
}

/** A message to one user, rendered from its template in the reader's language. */
export interface UserMessageTable {
  id: Generated<number>;
  user_id: number;
  template: string;
  /** JSON object of template parameters. */
  params: string;
  /** Unique per user when set: a message sent once (the welcome set). */
  dedupe_key: string | null;
  created_at: number;
  read_at: number | null;
}

/** Switches and settings read by the shell; `value` is JSON. */
export interface AppConfigTable {
  scope: string;
  key: string;
  value: string;
}

/** Header and footer links; labels are the words `link.{item_key}` and the column titles `footer.{group_key}`. */
export interface SiteLinkTable {
  group_key: string;
  item_key: string;
  url: string;
  icon: string | null;
  external: number;
  sort: number;
  enabled: number;
}

export type ShellDb = ReturnType<typeof shellDb>;

/** The database with the shell's tables in its type. */
export function shellDb(db: Db) {
  return db.withTables<ShellTables>();
}
