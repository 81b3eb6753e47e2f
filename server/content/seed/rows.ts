// Seeded categories and articles as content-table rows, one per UI language (migrations 0009 and 0019).
import { LANGS } from '../../../common/i18n.ts';
import type { ArticleKind } from '../tables.ts';
import type { ArticleSeed, CategorySeed } from './help.ts';
import { paragraphsToHtml, searchText } from './text.ts';

/** A category's rows, sorted from `firstSort` in list order. */
export const categoryRows = (kind: ArticleKind, list: readonly CategorySeed[], firstSort = 0) =>
  list.flatMap((c, i) =>
    LANGS.map((lang) => ({ kind, cate_key: c.key, lang, name: c.name[lang], sort: firstSort + i })),
  );

/** Articles' rows: the body as HTML paragraphs, the search text, sorted from `firstSort` in list order. */
export const articleRows = (kind: ArticleKind, list: readonly ArticleSeed[], firstSort = 0) =>
  list.flatMap((a, i) =>
    LANGS.map((lang) => ({
      kind,
      article_key: a.key,
      lang,
      cate_key: a.cate,
      title: a.title[lang],
      summary: a.summary[lang],
      body: paragraphsToHtml(a.body[lang]),
      search_text: searchText(a.title[lang], a.summary[lang], a.body[lang]),
      meta: JSON.stringify(a.meta ?? {}),
      sort: firstSort + i,
      enabled: 1,
      created_at: a.at,
    })),
  );
