import { Type } from 'typebox';
import { type Lang, parseLang } from '../../common/i18n.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ArticleRow, CategoryRow } from './repository.ts';

/** Longest search text; more words than MAX_WORDS are refused rather than cut. */
export const MAX_KEYWORD = 50;
export const MAX_WORDS = 5;

/** Fields shared by the content lists: paging (spec shell §9: default 20), category, language, search words. */
export const ListFields = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cate: Type.Optional(Type.String({ maxLength: 32 })),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
  keyword: Type.Optional(Type.String({ maxLength: MAX_KEYWORD })),
};

export const IdField = { id: Type.Integer({ minimum: 1 }) };

/** The language asked for (`lang` field, as the help page call names it), else the request's (`fallback`). */
export function contentLang(asked: string | undefined, fallback: Lang): Lang {
  if (asked === undefined || asked === '') return fallback;
  const lang = parseLang(asked);
  if (!lang) throw ApiError.invalidParam('lang');
  return lang;
}

/** Search words of a keyword: split on spaces, at most MAX_WORDS. */
export function searchWords(keyword: string | undefined): string[] {
  const words = (keyword ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > MAX_WORDS) throw ApiError.invalidParam('keyword');
  return words;
}

/** A category the list knows, or an invalid-parameter refusal; empty means all. */
export function knownCategory(cate: string | undefined, categories: readonly CategoryRow[]): string | undefined {
  if (cate === undefined || cate === '') return undefined;
  if (!categories.some((c) => c.key === cate)) throw ApiError.invalidParam('cate');
  return cate;
}

/** An article as the lists show it. */
export function listItem(a: ArticleRow, categories: readonly CategoryRow[]) {
  return {
    id: a.id,
    key: a.key,
    title: a.title,
    summary: a.summary,
    cate: a.cate,
    cateName: categories.find((c) => c.key === a.cate)?.name ?? a.cate,
    createTime: a.createdAt,
    lang: a.lang,
  };
}
