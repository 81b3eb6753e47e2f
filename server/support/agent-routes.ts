import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUPPORT_PATHS } from '../../common/api.ts';
import {
  AgentChatClosedSchema,
  AgentChatListSchema,
  AgentPollQuerySchema,
  AgentReplyBodySchema,
  AgentThreadSchema,
  AgentTicketDetailSchema,
  AgentTicketPageSchema,
  ChatMessageSchema,
  FeedbackListSchema,
  ImageParamsSchema,
  TicketIdSchema,
  TicketPostSchema,
} from '../../common/contracts/support.ts';
import { ok, reply } from '../http/envelope.ts';
import type { SupportContext } from './context.ts';
import { closeSignal } from './hub.ts';
import { sendImage } from './images.ts';
import {
  CHAT_STATUS,
  chatNotFound,
  checkedText,
  FEEDBACK_PAGE_SIZE,
  TICKET_STATUS,
  ticketClosed,
  ticketNotFound,
} from './rules.ts';
import { ticketView } from './views.ts';

/**
 * The agent console's routes (the /chat?agent=1 page): open conversations and tickets of every user, replies, and
 * closing a conversation. Registered outside production only, so there they answer 404 like any unknown path.
 */
type App = Parameters<FastifyPluginAsyncTypebox<SupportContext>>[0];

/** The member behind a conversation or ticket, as the agent sees it; nulls for a visitor. */
const userViewOf = (app: App) => async (userId: number | null) => {
  if (userId === null) return { uid: null, username: null };
  const user = await app.store.users.findById(userId);
  return { uid: user?.uid ?? null, username: user?.username ?? null };
};

/**
 * The agent console's routes (the /chat?agent=1 page): open conversations and tickets of every user, replies, and
 * closing a conversation. Registered outside production only, so there they answer 404 like any unknown path.
 */
export const agentRoutes: FastifyPluginAsyncTypebox<SupportContext> = async (app, context) => {
  agentChatRoutes(app, context);
  agentTicketRoutes(app, context);
};

function agentChatRoutes(app: App, { chats, hub }: SupportContext): void {
  const userView = userViewOf(app);
  const conversation = async (id: number) => {
    const c = await chats.byId(id);
    if (!c) throw chatNotFound();
    return c;
  };

  // The list waits (up to `wait` s) for the next visitor message or ticket post when `wait` is given.
  app.get(
    SUPPORT_PATHS.devChats,
    { schema: { querystring: AgentPollQuerySchema, response: reply(AgentChatListSchema) } },
    async (request, response) => {
      if (request.query.wait) await hub.wait('agent', request.query.wait * 1000, closeSignal(response.raw));
      const list = await chats.openList();
      return ok(await Promise.all(list.map(async (c) => ({ ...c, ...(await userView(c.userId)) }))));
    },
  );

  app.get(
    `${SUPPORT_PATHS.devChats}/:id/messages`,
    { schema: { params: TicketIdSchema, querystring: AgentPollQuerySchema, response: reply(AgentThreadSchema) } },
    async (request, response) => {
      const c = await conversation(request.params.id);
      const { since = 0, wait } = request.query;
      let messages = await chats.messages(c.id, since);
      if (messages.length === 0 && wait) {
        if (await hub.wait(`chat:${c.id}`, wait * 1000, closeSignal(response.raw))) {
          messages = await chats.messages(c.id, since);
        }
      }
      return ok({ ...c, ...(await userView(c.userId)), messages });
    },
  );

  app.post(
    `${SUPPORT_PATHS.devChats}/:id/reply`,
    { schema: { params: TicketIdSchema, body: AgentReplyBodySchema, response: reply(ChatMessageSchema) } },
    async (request) => {
      const c = await conversation(request.params.id);
      const message = await chats.add(c.id, 'agent', checkedText(request.body.content, 'message'), app.clock());
      hub.notify(`chat:${c.id}`);
      hub.notify('agent');
      return ok(message);
    },
  );

  app.post(
    `${SUPPORT_PATHS.devChats}/:id/close`,
    { schema: { params: TicketIdSchema, response: reply(AgentChatClosedSchema) } },
    async (request) => {
      const c = await conversation(request.params.id);
      await chats.setStatus(c.id, CHAT_STATUS.closed);
      hub.notify('agent');
      return ok({ id: c.id, status: CHAT_STATUS.closed });
    },
  );
}

function agentTicketRoutes(app: App, { feedback, imageDir }: SupportContext): void {
  const userView = userViewOf(app);
  const ticket = async (id: number) => {
    const t = await feedback.byId(id);
    if (!t) throw ticketNotFound();
    return t;
  };

  app.get(
    SUPPORT_PATHS.devTickets,
    { schema: { querystring: FeedbackListSchema, response: reply(AgentTicketPageSchema) } },
    async (request) => {
      const pageNo = request.query.pageNo ?? request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? request.query.size ?? FEEDBACK_PAGE_SIZE;
      const { rows, total } = await feedback.page(null, (pageNo - 1) * pageSize, pageSize);
      const records = await Promise.all(rows.map(async (t) => ({ ...ticketView(t), ...(await userView(t.userId)) })));
      return ok({ records, total, pageNo, pageSize });
    },
  );

  app.get(
    `${SUPPORT_PATHS.devTickets}/:id`,
    { schema: { params: TicketIdSchema, response: reply(AgentTicketDetailSchema) } },
    async (request) => {
      const t = await ticket(request.params.id);
      return ok({ ...ticketView(t), ...(await userView(t.userId)), posts: await feedback.posts(t.id) });
    },
  );

  app.post(
    `${SUPPORT_PATHS.devTickets}/:id/reply`,
    { schema: { params: TicketIdSchema, body: AgentReplyBodySchema, response: reply(TicketPostSchema) } },
    async (request) => {
      const t = await ticket(request.params.id);
      if (t.status === TICKET_STATUS.closed) throw ticketClosed();
      const post = await feedback.reply(t.id, 'agent', checkedText(request.body.content, 'message'), null, app.clock());
      if (!post) throw ticketClosed();
      return ok(post);
    },
  );

  app.get(
    `${SUPPORT_PATHS.devTickets}/image/:id`,
    { schema: { params: ImageParamsSchema } },
    async (request, response) => {
      const image = await feedback.image(request.params.id);
      if (!image) throw ticketNotFound();
      return sendImage(response, imageDir, image);
    },
  );
}
