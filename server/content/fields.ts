import { type ArticleItem, type GameStatus, MAX_WORDS } from '../../common/contracts/content.ts';
import { type Lang, parseLang } from '../../common/i18n.ts';
import { ApiError } from '../errors/api-error.ts';
import type { ArticleRow, CategoryRow } from './repository.ts';

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
export function listItem(a: ArticleRow, categories: readonly CategoryRow[]): ArticleItem {
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

/** A game's state at `now` from its window [startAt, endAt). */
export function gameStatus(startAt: number, endAt: number, now: number): GameStatus {
  if (now < startAt) return 'upcoming';
  return now < endAt ? 'live' : 'ended';
}

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const posterUrl = (id: number) => `/api/content/poster/${id}.svg`;

/** Kind-specific fields of a list item: a video's length and poster, a game's window and state at `now`. */
export function kindFields(a: ArticleRow, now: number) {
  if (a.kind === 'video') return { minutes: num(a.meta.minutes), poster: posterUrl(a.id) };
  if (a.kind === 'game') {
    const startAt = num(a.meta.startAt);
    const endAt = num(a.meta.endAt);
    const status = gameStatus(startAt, endAt, now);
    return { startAt, endAt, status, reward: str(a.meta.reward), players: num(a.meta.players) };
  }
  return {};
}
