import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import {
  MarkedSchema,
  type MessagePageQuery,
  MessagePageQuerySchema,
  MessagePageSchema,
  MessageReadBodySchema,
  MessageReadSchema,
  UnreadCountSchema,
} from '../../common/contracts/shell.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { paging } from '../http/paging.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { inboxRepository } from './inbox-repository.ts';

/**
 * The signed-in user's messages (spec shell §7 "Messages": unreadCount, page, markAllRead; header shows 3). Every
 * route needs a session (401, code 4000 without one). A user meets the welcome set on first use.
 */
export const inboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const inbox = inboxRepository(app.store.db);
  // Users already given the welcome set by this process; the check itself is idempotent.
  const greeted = new Set<number>();

  const greet = async (request: FastifyRequest): Promise<number> => {
    const userId = userOf(request).id;
    if (greeted.has(userId)) return userId;
    const user = await app.store.users.findById(userId);
    if (!user) throw ApiError.notLoggedIn();
    await inbox.ensureWelcome(userId, { username: user.username }, app.clock());
    greeted.add(userId);
    return userId;
  };

  // Before validation: without a session the answer is 4000 whatever the input.
  app.addHook('onRequest', requireUser);

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/message/unreadCount',
    schema: { response: reply(UnreadCountSchema) },
    handler: async (request) => ok(await inbox.unreadCount(await greet(request))),
  });

  const page = async (request: FastifyRequest, input: MessagePageQuery) => {
    const userId = await greet(request);
    const { pageNo, pageSize, offset } = paging(input);
    const { rows, total } = await inbox.page(userId, requestLang(request), offset, pageSize, input.unread === 1);
    const records = rows.map((m) => ({ ...m, read: m.read ? 1 : 0 }));
    return ok({ records, total, pageNo, pageSize });
  };
  const response = reply(MessagePageSchema);
  app.get('/uc/message/page', { schema: { querystring: MessagePageQuerySchema, response } }, (request) =>
    page(request, request.query),
  );
  app.post(
    '/uc/message/page',
    { schema: { body: MessagePageQuerySchema, response }, preValidation: emptyBodyAsForm },
    (request) => page(request, request.body),
  );

  // Idempotent: a repeat marks nothing and still succeeds.
  app.post('/uc/message/markAllRead', { schema: { response: reply(MarkedSchema) } }, async (request) => {
    const userId = await greet(request);
    const marked = await inbox.markAllRead(userId, app.clock());
    return ok({ marked, unread: await inbox.unreadCount(userId) });
  });

  // One message read (the /message page); another user's id is unknown here.
  app.post(
    '/uc/message/read',
    { schema: { body: MessageReadBodySchema, response: reply(MessageReadSchema) } },
    async (request) => {
      const userId = await greet(request);
      if (!(await inbox.markRead(userId, request.body.id, app.clock()))) {
        throw new ApiError(404, ApiCode.notFound, 'messageNotFound');
      }
      return ok({ id: request.body.id, read: 1 as const, unread: await inbox.unreadCount(userId) });
    },
  );
};
