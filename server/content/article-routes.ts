import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  ArticleDetailBodySchema,
  ArticleDetailSchema,
  type ArticleKindShown,
  ArticlePageBodySchema,
  ArticlePageSchema,
  PosterParamsSchema,
} from '../../common/contracts/content.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { DEFAULT_PAGE_SIZE } from '../http/paging.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { contentLang, kindFields, knownCategory, listItem, searchWords } from './fields.ts';
import { posterSvg } from './poster.ts';
import { contentRepository } from './repository.ts';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Stored articles other than help (spec shell §7 POST /article/pageShow): coin news for /coinnews and /seoNew, video
 * tutorials for /video (posters drawn here), games and activities for /game/discover.
 */
export const articleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = contentRepository(app.store.db);

  app.post(
    '/article/pageShow',
    { schema: { body: ArticlePageBodySchema, response: reply(ArticlePageSchema) }, preValidation: emptyBodyAsForm },
    async (request) => {
      const input = request.body;
      const kind: ArticleKindShown = input.type ?? 'news';
      const lang = contentLang(input.lang, requestLang(request));
      const categories = await content.categories(kind, lang);
      const cate = knownCategory(input.cate, categories);
      const words = searchWords(input.keyword);
      const pageNo = input.pageNo ?? 1;
      const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await content.page(kind, lang, { cate, words }, (pageNo - 1) * pageSize, pageSize);
      const now = app.clock();
      const records = rows.map((r) => ({ ...listItem(r, categories), ...kindFields(r, now) }));
      return ok({ records, total, pageNo, pageSize, type: kind, categories, serverTime: now });
    },
  );

  app.post(
    '/article/detail',
    { schema: { body: ArticleDetailBodySchema, response: reply(ArticleDetailSchema) } },
    async (request) => {
      const kind = request.body.type ?? 'news';
      const found = await content.article(kind, request.body.id);
      if (!found) throw new ApiError(404, ApiCode.notFound, 'notFound');
      const lang = requestLang(request);
      const article = found.lang === lang ? found : ((await content.articleIn(kind, found.key, lang)) ?? found);
      const categories = await content.categories(kind, article.lang);
      return ok({ ...listItem(article, categories), ...kindFields(article, app.clock()), body: article.body });
    },
  );

  // Posters are drawn from the stored entry, in its language; they never change once drawn.
  app.get('/api/content/poster/:file', { schema: { params: PosterParamsSchema } }, async (request, response) => {
    const video = await content.article('video', Number.parseInt(request.params.file, 10));
    if (!video) throw new ApiError(404, ApiCode.notFound, 'notFound');
    const categories = await content.categories('video', video.lang);
    const label = categories.find((c) => c.key === video.cate)?.name ?? '';
    return response
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(posterSvg(video.title, num(video.meta.minutes), num(video.meta.hue), `Tickstream · ${label}`));
  });
};
