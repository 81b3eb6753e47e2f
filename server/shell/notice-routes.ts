import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import {
  IdParamsSchema,
  type Notice,
  NoticeDetailSchema,
  NoticePageSchema,
  NoticeQuerySchema,
} from '../../common/contracts/shell.ts';
import { ApiError } from '../errors/api-error.ts';
import { apiOk, reply } from '../http/envelope.ts';
import { paging } from '../http/paging.ts';
import { requestLang } from '../http/request-lang.ts';
import { type NoticeRow, shellContentRepository } from './repository.ts';

/** Where the client shows a notice: the help article page, told it is a notice. */
const noticeUrl = (id: number) => `/helpDetail/${id}?source=notice`;

/** A notice as the header lists it (spec shell §3 "Notice article: title, created_at, html_url"). */
function noticeItem(n: NoticeRow): Notice {
  return {
    id: n.id,
    title: n.title,
    created_at: new Date(n.createdAt).toISOString(),
    createTime: n.createdAt,
    html_url: noticeUrl(n.id),
    category: n.category,
    top: n.top,
  };
}

/** Notices per language (spec shell §7 "Header calls"): the header's list and one notice with its body. */
export const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const content = shellContentRepository(app.store.db);

  app.get(
    '/api/notice',
    { schema: { querystring: NoticeQuerySchema, response: reply(NoticePageSchema) } },
    async (request) => {
      const { pageNo, pageSize, offset } = paging(request.query);
      const { rows, total } = await content.noticePage(requestLang(request), offset, pageSize);
      return apiOk({ records: rows.map(noticeItem), total, pageNo, pageSize });
    },
  );

  // One notice with its body; in the request's language when the notice has it (its html_url names one id).
  app.get(
    '/api/notice/:id',
    { schema: { params: IdParamsSchema, response: reply(NoticeDetailSchema) } },
    async (request) => {
      const found = await content.notice(request.params.id);
      if (!found) throw new ApiError(404, ApiCode.notFound, 'noticeNotFound');
      const lang = requestLang(request);
      const notice = found.lang === lang ? found : ((await content.noticeIn(found.key, lang)) ?? found);
      return apiOk({ ...noticeItem(notice), body: notice.body, lang: notice.lang });
    },
  );
};
