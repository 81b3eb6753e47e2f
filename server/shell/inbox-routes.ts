import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { HeaderPagingFields } from '../../common/contracts/envelope.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { paging } from '../http/paging.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { inboxRepository } from './inbox-repository.ts';

const PageQuery = Type.Object({
  ...HeaderPagingFields,
  /** 1: unread messages only. */
  unread: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
type PageQuery = Type.Static<typeof PageQuery>;
const ReadBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * The signed-in user's messages (spec shell §7 "Messages": unreadCount, page, markAllRead; header shows 3). Every
 * route needs a session (401, code 4000 without one). A user meets the welcome set on first use.
 */
export async function inboxRoutes(app: FastifyInstance): Promise<void> {
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
    handler: async (request) => ok(await inbox.unreadCount(await greet(request))),
  });

  const page = async (request: FastifyRequest, input: PageQuery) => {
    const userId = await greet(request);
    const { pageNo, pageSize, offset } = paging(input);
    const { rows, total } = await inbox.page(userId, requestLang(request), offset, pageSize, input.unread === 1);
    const records = rows.map((m) => ({ ...m, read: m.read ? 1 : 0 }));
    return ok({ records, total, pageNo, pageSize });
  };
  app.get('/uc/message/page', { schema: { querystring: PageQuery } }, (request) =>
    page(request, request.query as PageQuery),
  );
  app.post('/uc/message/page', { schema: { body: PageQuery }, preValidation: emptyBodyAsForm }, (request) =>
    page(request, (request.body ?? {}) as PageQuery),
  );

  // Idempotent: a repeat marks nothing and still succeeds.
  app.post('/uc/message/markAllRead', async (request) => {
    const userId = await greet(request);
    const marked = await inbox.markAllRead(userId, app.clock());
    return ok({ marked, unread: await inbox.unreadCount(userId) });
  });

  // One message read (the /message page); another user's id is unknown here.
  app.post<{ Body: Type.Static<typeof ReadBody> }>(
    '/uc/message/read',
    { schema: { body: ReadBody } },
    async (request) => {
      const userId = await greet(request);
      if (!(await inbox.markRead(userId, request.body.id, app.clock()))) {
        throw new ApiError(404, ApiCode.notFound, 'messageNotFound');
      }
      return ok({ id: request.body.id, read: 1, unread: await inbox.unreadCount(userId) });
    },
  );
}
