import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import {
  HelpArticleSchema,
  HelpCategoriesSchema,
  type HelpDetailBody,
  HelpDetailBodySchema,
  HelpListQuerySchema,
  type HelpPageBody,
  HelpPageBodySchema,
  HelpPageSchema,
  SearchQuerySchema,
  SearchResultSchema,
} from '../../common/contracts/content.ts';
import type { Lang } from '../../common/i18n.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, ok, reply } from '../http/envelope.ts';
import { DEFAULT_PAGE_SIZE } from '../http/paging.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { contentLang, knownCategory, listItem, searchWords } from './fields.ts';
import { type ArticleRow, contentRepository } from './repository.ts';

/** Other articles of the same category shown beside one. */
const RELATED = 5;

/**
 * The help centre (spec shell §7: POST /uc/ancillary/more/help/page {pageNo,pageSize,cate,lang} and help/detail {id},
 * or {key} for /helpDetail/{key}; GET /api/help/list and /api/help/article without the base prefix; /api/search).
 * Articles are stored per language (migrations 0009, 0019); an id of one language reads in the language asked for.
 */
export const helpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = contentRepository(app.store.db);

  const page = async (request: FastifyRequest, input: HelpPageBody) => {
    const lang = contentLang(input.lang, requestLang(request));
    const categories = await content.categories('help', lang);
    const cate = knownCategory(input.cate, categories);
    const words = searchWords(input.keyword);
    const pageNo = input.pageNo ?? 1;
    const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await content.page('help', lang, { cate, words }, (pageNo - 1) * pageSize, pageSize);
    return { records: rows.map((r) => listItem(r, categories)), total, pageNo, pageSize, cate: cate ?? '', lang };
  };

  /** The article an id (of any language) or a key names, in `lang` where it has that language. */
  const find = async ({ id, key }: HelpDetailBody, lang: Lang): Promise<ArticleRow | undefined> => {
    let found: ArticleRow | undefined;
    if (id !== undefined && key === undefined) found = await content.article('help', id);
    else if (key !== undefined && id === undefined) found = await content.articleIn('help', key, lang);
    else throw ApiError.invalidParam(id === undefined ? 'id' : 'key'); // exactly one of them
    if (!found || found.lang === lang) return found;
    return (await content.articleIn('help', found.key, lang)) ?? found;
  };

  const detail = async (input: HelpDetailBody, lang: Lang) => {
    const article = await find(input, lang);
    if (!article) throw new ApiError(404, ApiCode.notFound, 'notFound');
    const categories = await content.categories('help', article.lang);
    const sameCategory = await content.page('help', article.lang, { cate: article.cate }, 0, RELATED + 1);
    return {
      ...listItem(article, categories),
      body: article.body,
      related: sameCategory.rows
        .filter((r) => r.id !== article.id)
        .slice(0, RELATED)
        .map((r) => ({ id: r.id, title: r.title })),
    };
  };

  app.post(
    '/uc/ancillary/more/help/page',
    { schema: { body: HelpPageBodySchema, response: reply(HelpPageSchema) }, preValidation: emptyBodyAsForm },
    async (request) => ok(await page(request, request.body)),
  );

  const article = reply(HelpArticleSchema);
  app.post(
    '/uc/ancillary/more/help/detail',
    { schema: { body: HelpDetailBodySchema, response: article } },
    async (request) => ok(await detail(request.body, contentLang(request.body.lang, requestLang(request)))),
  );

  // Categories with their article counts (the help centre's side menu).
  app.get(
    '/api/help/list',
    { schema: { querystring: HelpListQuerySchema, response: reply(HelpCategoriesSchema) } },
    async (request) => {
      const lang = contentLang(request.query.lang, requestLang(request));
      const [categories, counts] = await Promise.all([content.categories('help', lang), content.counts('help', lang)]);
      const list = categories.map((c) => ({ key: c.key, name: c.name, count: counts[c.key] ?? 0 }));
      return apiOk({ categories: list, total: list.reduce((sum, c) => sum + c.count, 0), lang });
    },
  );

  app.get('/api/help/article', { schema: { querystring: HelpDetailBodySchema, response: article } }, async (request) =>
    apiOk(await detail(request.query, contentLang(request.query.lang, requestLang(request)))),
  );

  // Site search over help articles and coin news in the request's language.
  app.get(
    '/api/search',
    { schema: { querystring: SearchQuerySchema, response: reply(SearchResultSchema) } },
    async (request) => {
      const lang = contentLang(undefined, requestLang(request));
      const words = searchWords(request.query.keyword);
      if (words.length === 0) throw ApiError.invalidParam('keyword');
      const size = request.query.pageSize ?? 5;
      const [helpCates, newsCates, help, news] = await Promise.all([
        content.categories('help', lang),
        content.categories('news', lang),
        content.page('help', lang, { words }, 0, size),
        content.page('news', lang, { words }, 0, size),
      ]);
      return apiOk({
        help: { records: help.rows.map((r) => listItem(r, helpCates)), total: help.total },
        news: { records: news.rows.map((r) => listItem(r, newsCates)), total: news.total },
      });
    },
  );
};
