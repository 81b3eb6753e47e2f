import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SUPPORT_PATHS } from '../../common/api.ts';
import {
  FeedbackAddBodySchema,
  type FeedbackList,
  FeedbackListSchema,
  FeedbackReplyBodySchema,
  TicketDetailSchema,
  TicketIdSchema,
  TicketPageSchema,
  TicketPostSchema,
  TicketSchema,
} from '../../common/contracts/support.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import type { SupportContext } from './context.ts';
import { feedbackImageRoutes } from './image-routes.ts';
import { SupportCode, SupportError } from './messages.ts';
import type { FeedbackTicket } from './repository.ts';
import {
  checkedText,
  FEEDBACK_CATEGORIES,
  FEEDBACK_PAGE_SIZE,
  isCategory,
  MAX_OPEN_TICKETS,
  TICKET_STATUS,
  ticketClosed,
  ticketNotFound,
} from './rules.ts';
import { ticketView } from './views.ts';

const imageNotFound = () => new SupportError(400, SupportCode.imageRejected, 'imageNotFound');

/** A signed-in user's feedback tickets (issue 8): open, reply, read, close, list, and images for them. */
export const feedbackRoutes: FastifyPluginAsyncTypebox<SupportContext> = async (app, { feedback, hub, imageDir }) => {
  // Before validation: without a session the answer is 4000 whatever the input.
  app.addHook('onRequest', requireUser);

  /** The user's own ticket; anyone else's is "not found". */
  const ownTicket = async (request: FastifyRequest, id: number): Promise<FeedbackTicket> => {
    const ticket = await feedback.byId(id);
    if (!ticket || ticket.userId !== userOf(request).id) throw ticketNotFound();
    return ticket;
  };
  const usableImage = async (userId: number, imageId: string | undefined): Promise<string | null> => {
    if (!imageId) return null;
    if (!(await feedback.imageUsable(imageId, userId))) throw imageNotFound();
    return imageId;
  };

  app.post(
    SUPPORT_PATHS.feedbackAdd,
    { schema: { body: FeedbackAddBodySchema, response: reply(TicketSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const { category } = request.body;
      if (!isCategory(category)) throw new SupportError(400, SupportCode.badRequest, 'unknownCategory');
      const title = checkedText(request.body.title, 'title');
      const content = checkedText(request.body.content, 'message');
      const imageId = await usableImage(userId, request.body.imageId);
      if ((await feedback.openCount(userId)) >= MAX_OPEN_TICKETS) {
        throw new SupportError(409, SupportCode.tooManyOpenTickets, 'tooManyOpenTickets', { max: MAX_OPEN_TICKETS });
      }
      const ticket = await feedback.create({ userId, category, title, content, imageId }, app.clock());
      if (!ticket) throw imageNotFound();
      hub.notify('agent');
      return ok(ticketView(ticket));
    },
  );

  app.post(
    SUPPORT_PATHS.feedbackReply,
    { schema: { body: FeedbackReplyBodySchema, response: reply(TicketPostSchema) } },
    async (request) => {
      const userId = userOf(request).id;
      const ticket = await ownTicket(request, request.body.id);
      if (ticket.status === TICKET_STATUS.closed) throw ticketClosed();
      const content = checkedText(request.body.content, 'message');
      const imageId = await usableImage(userId, request.body.imageId);
      const image = imageId ? { id: imageId, userId } : null;
      const post = await feedback.reply(ticket.id, 'user', content, image, app.clock());
      if (!post) throw imageId ? imageNotFound() : ticketClosed();
      hub.notify('agent');
      return ok(post);
    },
  );

  const getTicket = async (request: FastifyRequest, id: number) => {
    const ticket = await ownTicket(request, id);
    return ok({ ...ticketView(ticket), posts: await feedback.posts(ticket.id) });
  };
  const detail = reply(TicketDetailSchema);
  app.get(SUPPORT_PATHS.feedbackGet, { schema: { querystring: TicketIdSchema, response: detail } }, (request) =>
    getTicket(request, request.query.id),
  );
  app.post(SUPPORT_PATHS.feedbackGet, { schema: { body: TicketIdSchema, response: detail } }, (request) =>
    getTicket(request, request.body.id),
  );

  app.post(
    SUPPORT_PATHS.feedbackClose,
    { schema: { body: TicketIdSchema, response: reply(TicketSchema) } },
    async (request) => {
      const ticket = await ownTicket(request, request.body.id);
      if (ticket.status === TICKET_STATUS.closed || !(await feedback.close(ticket.id, app.clock()))) {
        throw ticketClosed();
      }
      return ok(ticketView((await feedback.byId(ticket.id)) ?? ticket));
    },
  );

  const list = async (request: FastifyRequest, input: FeedbackList) => {
    const pageNo = input.pageNo ?? input.page ?? 1;
    const pageSize = input.pageSize ?? input.size ?? input.limit ?? FEEDBACK_PAGE_SIZE;
    const { rows, total } = await feedback.page(userOf(request).id, (pageNo - 1) * pageSize, pageSize);
    return ok({ records: rows.map(ticketView), total, pageNo, pageSize, categories: [...FEEDBACK_CATEGORIES] });
  };
  const page = reply(TicketPageSchema);
  app.get(SUPPORT_PATHS.feedbackList, { schema: { querystring: FeedbackListSchema, response: page } }, (request) =>
    list(request, request.query),
  );
  app.post(
    SUPPORT_PATHS.feedbackList,
    { schema: { body: FeedbackListSchema, response: page }, preValidation: emptyBodyAsForm },
    (request) => list(request, request.body),
  );

  await app.register(feedbackImageRoutes, { feedback, imageDir });
};
