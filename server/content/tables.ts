import type { Generated } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0009 (the open content pages of issue 8: help centre, coin news, videos, games, program pages,
 * official channels). Kept out of schema.ts: the content repository reaches them through `contentDb`.
 */
export type ContentTables = {
  content_categories: ContentCategoryTable;
  content_articles: ContentArticleTable;
  content_pages: ContentPageTable;
  official_channels: OfficialChannelTable;
};

/** What a stored article is: a help-centre article, a coin-news article, a video tutorial or a game/activity. */
export type ArticleKind = 'help' | 'news' | 'video' | 'game';

/** A category of one kind in one language (help: account, deposit, trading, security, fees…). */
export interface ContentCategoryTable {
  kind: string;
  cate_key: string;
  lang: string;
  name: string;
  sort: number;
}

/** An article in one language; `article_key` ties the translations of one article together. */
export interface ContentArticleTable {
  id: Generated<number>;
  kind: string;
  article_key: string;
  lang: string;
  cate_key: string;
  title: string;
  summary: string;
  /** Trusted HTML written by the operator. */
  body: string;
  /** Lower-cased plain text of title, summary and body: what search reads. */
  search_text: string;
  /** JSON object of kind-specific fields (video length and poster hue, game window and reward). */
  meta: string;
  sort: number;
  enabled: number;
  created_at: number;
}

/** A program page (partner, new-coin listing, promotion, SEO landing) in one language; `sections` is JSON. */
export interface ContentPageTable {
  page_key: string;
  lang: string;
  title: string;
  subtitle: string;
  sections: string;
}

/** An official contact channel: `value` is normalised (lower case, no scheme, no leading @ or www.). */
export interface OfficialChannelTable {
  id: Generated<number>;
  kind: string;
  value: string;
  /** How it is shown (the handle or address as written). */
  display: string;
  /** Region or language the channel serves ('global', 'vi', 'zh'…). */
  region: string;
  sort: number;
}

export type ContentDb = ReturnType<typeof contentDb>;

/** The database with the content tables in its type. */
export function contentDb(db: Db) {
  return db.withTables<ContentTables>();
}
