import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, ok } from '../http/envelope.ts';
import { DEFAULT_PAGE_SIZE } from '../http/paging.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { type ChannelKind, matchChannels, parseContact } from './channels.ts';
import { contentLang, IdField, knownCategory, ListFields, listItem, searchWords } from './fields.ts';
import { posterSvg } from './poster.ts';
import { type ArticleRow, contentRepository } from './repository.ts';
import type { ArticleKind } from './tables.ts';

/** The stored kinds /article/* serves (help has its own calls). */
const KINDS = ['news', 'video', 'game'] as const;
type ShownKind = (typeof KINDS)[number];
const Kind = Type.Optional(Type.Union(KINDS.map((k) => Type.Literal(k))));

const PageBody = Type.Object({ ...ListFields, type: Kind });
type PageBody = Type.Static<typeof PageBody>;
const DetailBody = Type.Object({ ...IdField, type: Kind });
type DetailBody = Type.Static<typeof DetailBody>;
const PosterParams = Type.Object({ file: Type.String({ pattern: '^[0-9]{1,9}\\.svg$' }) });
const PageParams = Type.Object({ key: Type.String({ pattern: '^[a-z]{1,20}$' }) });
const VerifyBody = Type.Object({ value: Type.String({ minLength: 1, maxLength: 200 }) });

export type GameStatus = 'upcoming' | 'live' | 'ended';

/** A game's state at `now` from its window [startAt, endAt). */
export function gameStatus(startAt: number, endAt: number, now: number): GameStatus {
  if (now < startAt) return 'upcoming';
  return now < endAt ? 'live' : 'ended';
}

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export const posterUrl = (id: number) => `/api/content/poster/${id}.svg`;

/**
 * Stored articles other than help (spec shell §7 POST /article/pageShow): coin news for /coinnews and /seoNew, video
 * tutorials for /video (posters drawn here), games and activities for /game/discover; the program pages (partner,
 * new-coin listing, promotion, SEO landing) and the official-channel check of /support-center/channel-verification.
 */
export async function articleRoutes(app: FastifyInstance): Promise<void> {
  const content = contentRepository(app.store.db);

  /** Kind-specific fields of a list item. */
  const extra = (a: ArticleRow) => {
    if (a.kind === 'video') return { minutes: num(a.meta.minutes), poster: posterUrl(a.id) };
    if (a.kind === 'game') {
      const startAt = num(a.meta.startAt);
      const endAt = num(a.meta.endAt);
      return {
        startAt,
        endAt,
        status: gameStatus(startAt, endAt, app.clock()),
        reward: str(a.meta.reward),
        players: num(a.meta.players),
      };
    }
    return {};
  };

  app.post<{ Body: PageBody }>(
    '/article/pageShow',
    { schema: { body: PageBody }, preValidation: emptyBodyAsForm },
    async (request) => {
      const input = request.body ?? {};
      const kind: ShownKind = input.type ?? 'news';
      const lang = contentLang(input.lang, requestLang(request));
      const categories = await content.categories(kind, lang);
      const cate = knownCategory(input.cate, categories);
      const words = searchWords(input.keyword);
      const pageNo = input.pageNo ?? 1;
      const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await content.page(kind, lang, { cate, words }, (pageNo - 1) * pageSize, pageSize);
      return ok({
        records: rows.map((r) => ({ ...listItem(r, categories), ...extra(r) })),
        total,
        pageNo,
        pageSize,
        type: kind,
        categories,
        serverTime: app.clock(),
      });
    },
  );

  app.post<{ Body: DetailBody }>('/article/detail', { schema: { body: DetailBody } }, async (request) => {
    const kind: ArticleKind = request.body.type ?? 'news';
    const found = await content.article(kind, request.body.id);
    if (!found) throw new ApiError(404, ApiCode.notFound, 'notFound');
    const lang = requestLang(request);
    const article = found.lang === lang ? found : ((await content.articleIn(kind, found.key, lang)) ?? found);
    const categories = await content.categories(kind, article.lang);
    return ok({ ...listItem(article, categories), ...extra(article), body: article.body });
  });

  // Posters are drawn from the stored entry, in its language; they never change once drawn.
  app.get<{ Params: Type.Static<typeof PosterParams> }>(
    '/api/content/poster/:file',
    { schema: { params: PosterParams } },
    async (request, reply) => {
      const video = await content.article('video', Number.parseInt(request.params.file, 10));
      if (!video) throw new ApiError(404, ApiCode.notFound, 'notFound');
      const categories = await content.categories('video', video.lang);
      const label = categories.find((c) => c.key === video.cate)?.name ?? '';
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(posterSvg(video.title, num(video.meta.minutes), num(video.meta.hue), `Tickstream · ${label}`));
    },
  );

  app.get<{ Params: Type.Static<typeof PageParams> }>(
    '/api/content/page/:key',
    { schema: { params: PageParams } },
    async (request) => {
      const page = await content.contentPage(request.params.key, requestLang(request));
      if (!page) throw new ApiError(404, ApiCode.notFound, 'notFound');
      return apiOk(page);
    },
  );

  app.get('/api/content/channels', async () => {
    const channels = await content.channels();
    return apiOk({ channels: channels.map(({ kind, display, region }) => ({ kind, display, region })) });
  });

  // Whether a pasted link, e-mail or handle is one of ours; an unreadable value is refused and nothing is stored.
  app.post<{ Body: Type.Static<typeof VerifyBody> }>(
    '/api/content/channel/verify',
    { schema: { body: VerifyBody } },
    async (request) => {
      const contact = parseContact(request.body.value);
      if (!contact) throw ApiError.invalidParam('value');
      const matches = matchChannels(contact, await content.channels());
      return apiOk({
        value: request.body.value.trim(),
        official: matches.length > 0,
        matches: matches.map((c) => ({ kind: c.kind as ChannelKind, display: c.display, region: c.region })),
      });
    },
  );
}
