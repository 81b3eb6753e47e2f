import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SUPPORT_PATHS } from '../../common/api.ts';
import { HeaderPagingFields } from '../../common/contracts/envelope.ts';
import { firstFilePart, MAX_IMAGE_BYTES, sniffImage } from '../account/upload.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ok } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { SupportHub } from './hub.ts';
import { SupportCode, SupportError } from './messages.ts';
import {
  type ChatConversation,
  type ChatRepository,
  chatRepository,
  type FeedbackTicket,
  feedbackRepository,
} from './repository.ts';
import {
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_MS,
  CHAT_STATUS,
  cleanText,
  FEEDBACK_CATEGORIES,
  FEEDBACK_PAGE_SIZE,
  isCategory,
  MAX_FEEDBACK_IMAGES_PER_DAY,
  MAX_MESSAGE_CHARS,
  MAX_OPEN_TICKETS,
  MAX_POLL_WAIT_S,
  MAX_TITLE_CHARS,
  OPEN_ID_PATTERN,
  TICKET_STATUS,
} from './rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Lengths are checked after trimming (cleanText); the schema bound only stops absurd bodies early.
const Text = Type.String({ maxLength: MAX_MESSAGE_CHARS * 4 });
const OpenId = Type.String({ pattern: OPEN_ID_PATTERN });
const ImageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 31 });
const Since = Type.Optional(Type.Integer({ minimum: 0, default: 0 }));
const Wait = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POLL_WAIT_S, default: 0 }));

const OpenBody = Type.Object({ openId: Type.Optional(Type.String({ maxLength: 64 })) });
const MessagesQuery = Type.Object({ openId: OpenId, since: Since, wait: Wait });
const SendBody = Type.Object({ openId: OpenId, content: Text });
const AddBody = Type.Object({
  category: Type.String({ maxLength: 32 }),
  title: Type.String({ maxLength: MAX_TITLE_CHARS * 4 }),
  content: Text,
  imageId: Type.Optional(ImageId),
});
const ReplyBody = Type.Object({ id: Id, content: Text, imageId: Type.Optional(ImageId) });
const IdBody = Type.Object({ id: Id });
const ListBody = Type.Object(HeaderPagingFields);
const IdParams = Type.Object({ id: Id });
const ImageParams = Type.Object({ id: ImageId });
const AgentMessagesQuery = Type.Object({ since: Since, wait: Wait });
const AgentReplyBody = Type.Object({ content: Text });
type Static<T extends Type.TSchema> = Type.Static<T>;

function text(raw: string, kind: 'message' | 'title'): string {
  const max = kind === 'title' ? MAX_TITLE_CHARS : MAX_MESSAGE_CHARS;
  const checked = cleanText(raw, max);
  if (checked.ok) return checked.text;
  const key =
    kind === 'title'
      ? checked.reason === 'empty'
        ? 'titleEmpty'
        : 'titleTooLong'
      : checked.reason === 'empty'
        ? 'messageEmpty'
        : 'messageTooLong';
  throw new SupportError(400, SupportCode.badRequest, key, { max });
}

const chatNotFound = () => new SupportError(404, SupportCode.notFound, 'chatNotFound');
const ticketNotFound = () => new SupportError(404, SupportCode.notFound, 'ticketNotFound');
const ticketClosed = () => new SupportError(409, SupportCode.ticketClosed, 'ticketClosed');

/** Aborts when the client goes away, so a long poll stops waiting for nobody. */
function closeSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

const ticketView = (t: FeedbackTicket) => ({
  id: t.id,
  category: t.category,
  title: t.title,
  status: t.status,
  createTime: t.createdAt,
  updateTime: t.updatedAt,
  closeTime: t.closedAt,
});

/**
 * Customer service (issue 8): the /chat channel (visitors by a server-issued open id, users by their session; live
 * through long polls with `since`) and feedback tickets. Outside production, /dev/support/* is the agent's side.
 */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const chats = chatRepository(app.store.db);
  const feedback = feedbackRepository(app.store.db);
  const hub = new SupportHub();
  app.addHook('preClose', async () => hub.close());
  const imageDir = join(app.config.dataDir, 'feedback');

  /** Messages after `since`; with none yet, waits up to `wait` s for the next one (a long poll). */
  const poll = async (reply: FastifyReply, id: number, since: number, wait: number) => {
    let messages = await chats.messages(id, since);
    if (messages.length === 0 && wait > 0) {
      if (await hub.wait(`chat:${id}`, wait * 1000, closeSignal(reply))) messages = await chats.messages(id, since);
    }
    return messages;
  };

  // ─── Chat: visitor or user ──────────────────────────────────────────────────────────────────────────────────────

  /** The conversation an open id reaches: a user's conversation needs that user's session too. */
  const reach = async (request: FastifyRequest, openId: string): Promise<ChatConversation> => {
    const conversation = await chats.byOpenId(openId);
    if (!conversation) throw chatNotFound();
    if (conversation.userId !== null && conversation.userId !== request.user?.id) throw chatNotFound();
    return conversation;
  };

  const conversationView = async (c: ChatConversation) => {
    const user = c.userId === null ? null : await app.store.users.findById(c.userId);
    return { conversationId: c.id, openId: c.openId, uid: user?.uid ?? null, status: c.status };
  };

  app.post<{ Body: Static<typeof OpenBody> }>(
    SUPPORT_PATHS.chatOpen,
    { schema: { body: OpenBody }, preValidation: emptyBodyAsForm },
    async (request) => {
      const now = app.clock();
      const given = request.body.openId ? await chats.byOpenId(request.body.openId) : null;
      let conversation: ChatConversation | null;
      if (request.user) {
        const userId = request.user.id;
        conversation = await chats.byUser(userId);
        // Signing in keeps the chat this browser had as a visitor, unless the account has one already.
        if (!conversation && given && given.userId === null && (await chats.claim(given.id, userId))) {
          conversation = { ...given, userId };
        }
        conversation ??= await chats.create(userId, now);
      } else {
        conversation = given && given.userId === null ? given : await chats.create(null, now);
      }
      return ok({ ...(await conversationView(conversation)), messages: await chats.messages(conversation.id, 0) });
    },
  );

  app.get<{ Querystring: Static<typeof MessagesQuery> }>(
    SUPPORT_PATHS.chatMessages,
    { schema: { querystring: MessagesQuery } },
    async (request, reply) => {
      const conversation = await reach(request, request.query.openId);
      const messages = await poll(reply, conversation.id, request.query.since ?? 0, request.query.wait ?? 0);
      return ok({ messages });
    },
  );

  app.post<{ Body: Static<typeof SendBody> }>(
    SUPPORT_PATHS.chatSend,
    { schema: { body: SendBody } },
    async (request) => {
      const conversation = await reach(request, request.body.openId);
      const content = text(request.body.content, 'message');
      const now = app.clock();
      if ((await chats.visitorMessagesSince(conversation.id, now - CHAT_RATE_WINDOW_MS)) >= CHAT_RATE_MAX) {
        throw new SupportError(429, SupportCode.tooManyRequests, 'chatRateLimited');
      }
      const message = await chats.add(conversation.id, 'visitor', content, now);
      hub.notify(`chat:${conversation.id}`);
      hub.notify('agent');
      return ok(message);
    },
  );

  // ─── Feedback tickets (signed in) ───────────────────────────────────────────────────────────────────────────────

  await app.register(async (uc) => {
    // Before validation: without a session the answer is 4000 whatever the input.
    uc.addHook('onRequest', requireUser);

    /** The user's own ticket; anyone else's is "not found", never "forbidden" (no probing of ids). */
    const ownTicket = async (request: FastifyRequest, id: number): Promise<FeedbackTicket> => {
      const ticket = await feedback.byId(id);
      if (!ticket || ticket.userId !== userOf(request).id) throw ticketNotFound();
      return ticket;
    };
    const usableImage = async (userId: number, imageId: string | undefined): Promise<string | null> => {
      if (!imageId) return null;
      if (!(await feedback.imageUsable(imageId, userId))) {
        throw new SupportError(400, SupportCode.imageRejected, 'imageNotFound');
      }
      return imageId;
    };

    uc.post<{ Body: Static<typeof AddBody> }>(
      SUPPORT_PATHS.feedbackAdd,
      { schema: { body: AddBody } },
      async (request) => {
        const userId = userOf(request).id;
        const { category } = request.body;
        if (!isCategory(category)) throw new SupportError(400, SupportCode.badRequest, 'unknownCategory');
        const title = text(request.body.title, 'title');
        const content = text(request.body.content, 'message');
        const imageId = await usableImage(userId, request.body.imageId);
        if ((await feedback.openCount(userId)) >= MAX_OPEN_TICKETS) {
          throw new SupportError(409, SupportCode.tooManyOpenTickets, 'tooManyOpenTickets', { max: MAX_OPEN_TICKETS });
        }
        const ticket = await feedback.create({ userId, category, title, content, imageId }, app.clock());
        if (!ticket) throw new SupportError(400, SupportCode.imageRejected, 'imageNotFound');
        hub.notify('agent');
        return ok(ticketView(ticket));
      },
    );

    uc.post<{ Body: Static<typeof ReplyBody> }>(
      SUPPORT_PATHS.feedbackReply,
      { schema: { body: ReplyBody } },
      async (request) => {
        const userId = userOf(request).id;
        const ticket = await ownTicket(request, request.body.id);
        if (ticket.status === TICKET_STATUS.closed) throw ticketClosed();
        const content = text(request.body.content, 'message');
        const imageId = await usableImage(userId, request.body.imageId);
        const post = await feedback.reply(
          ticket.id,
          'user',
          content,
          imageId ? { id: imageId, userId } : null,
          app.clock(),
        );
        if (!post) throw imageId ? new SupportError(400, SupportCode.imageRejected, 'imageNotFound') : ticketClosed();
        hub.notify('agent');
        return ok(post);
      },
    );

    const getTicket = async (request: FastifyRequest, id: number) => {
      const ticket = await ownTicket(request, id);
      return ok({ ...ticketView(ticket), posts: await feedback.posts(ticket.id) });
    };
    uc.get<{ Querystring: Static<typeof IdBody> }>(
      SUPPORT_PATHS.feedbackGet,
      { schema: { querystring: IdBody } },
      (request) => getTicket(request, request.query.id),
    );
    uc.post<{ Body: Static<typeof IdBody> }>(SUPPORT_PATHS.feedbackGet, { schema: { body: IdBody } }, (request) =>
      getTicket(request, request.body.id),
    );

    uc.post<{ Body: Static<typeof IdBody> }>(
      SUPPORT_PATHS.feedbackClose,
      { schema: { body: IdBody } },
      async (request) => {
        const ticket = await ownTicket(request, request.body.id);
        if (ticket.status === TICKET_STATUS.closed || !(await feedback.close(ticket.id, app.clock()))) {
          throw ticketClosed();
        }
        return ok(ticketView((await feedback.byId(ticket.id)) ?? ticket));
      },
    );

    const list = async (request: FastifyRequest, input: Static<typeof ListBody>) => {
      const pageNo = input.pageNo ?? input.page ?? 1;
      const pageSize = input.pageSize ?? input.size ?? input.limit ?? FEEDBACK_PAGE_SIZE;
      const { rows, total } = await feedback.page(userOf(request).id, (pageNo - 1) * pageSize, pageSize);
      return ok({ records: rows.map(ticketView), total, pageNo, pageSize, categories: FEEDBACK_CATEGORIES });
    };
    uc.get<{ Querystring: Static<typeof ListBody> }>(
      SUPPORT_PATHS.feedbackList,
      { schema: { querystring: ListBody } },
      (request) => list(request, request.query),
    );
    uc.post<{ Body: Static<typeof ListBody> }>(
      SUPPORT_PATHS.feedbackList,
      { schema: { body: ListBody }, preValidation: emptyBodyAsForm },
      (request) => list(request, request.body),
    );

    // An image arrives as multipart/form-data (one file part) or as the raw image body, like KYC uploads.
    uc.addContentTypeParser(
      ['multipart/form-data', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    uc.post(SUPPORT_PATHS.feedbackUpload, { bodyLimit: MAX_IMAGE_BYTES + 64 * 1024 }, async (request) => {
      const userId = userOf(request).id;
      const now = app.clock();
      if ((await feedback.imagesSince(userId, now - DAY_MS)) >= MAX_FEEDBACK_IMAGES_PER_DAY) {
        throw new SupportError(429, SupportCode.tooManyRequests, 'imageLimit', { max: MAX_FEEDBACK_IMAGES_PER_DAY });
      }
      const rejected = () =>
        new SupportError(400, SupportCode.imageRejected, 'imageRejected', { mb: MAX_IMAGE_BYTES / 1024 / 1024 });
      const contentType = request.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(request.body)) throw rejected();
      const bytes = contentType.startsWith('multipart/form-data')
        ? firstFilePart(request.body, contentType)
        : request.body;
      if (!bytes || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) throw rejected();
      // The type comes from the bytes, never from a file name or a header.
      const type = sniffImage(bytes);
      if (!type) throw rejected();
      const id = randomBytes(16).toString('base64url');
      const fileName = `${id}.${type.ext}`;
      const dir = join(imageDir, String(userId));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, fileName), bytes, { flag: 'wx', mode: 0o600 });
      await feedback.addImage({ id, userId, fileName, mime: type.mime, size: bytes.length }, now);
      return ok({ id, mime: type.mime, size: bytes.length });
    });

    uc.get<{ Params: Static<typeof ImageParams> }>(
      `${SUPPORT_PATHS.feedbackImage}/:id`,
      { schema: { params: ImageParams } },
      async (request, reply) => {
        const image = await feedback.image(request.params.id);
        if (!image || image.user_id !== userOf(request).id) throw ticketNotFound();
        return sendImage(reply, image);
      },
    );
  });

  const sendImage = async (reply: FastifyReply, image: { user_id: number; file_name: string; mime: string }) => {
    const bytes = await readFile(join(imageDir, String(image.user_id), image.file_name));
    return reply.header('content-type', image.mime).header('cache-control', 'private, max-age=86400').send(bytes);
  };

  // ─── Agent side: development only ───────────────────────────────────────────────────────────────────────────────
  if (!app.config.production) await app.register(agentRoutes, { chats, feedback, hub, sendImage });
}

interface AgentOptions {
  chats: ChatRepository;
  feedback: ReturnType<typeof feedbackRepository>;
  hub: SupportHub;
  sendImage: (reply: FastifyReply, image: { user_id: number; file_name: string; mime: string }) => Promise<unknown>;
}

/**
 * The agent console's routes (the /chat?agent=1 page): open conversations and tickets of every user, replies, and
 * closing a conversation. Not registered in production, so there they answer 404 like any unknown path.
 */
async function agentRoutes(app: FastifyInstance, { chats, feedback, hub, sendImage }: AgentOptions): Promise<void> {
  const userView = async (userId: number | null) => {
    if (userId === null) return { uid: null, username: null };
    const user = await app.store.users.findById(userId);
    return { uid: user?.uid ?? null, username: user?.username ?? null };
  };
  const conversation = async (id: number) => {
    const c = await chats.byId(id);
    if (!c) throw chatNotFound();
    return c;
  };

  // The list waits (up to `wait` s) for the next visitor message or ticket post when `wait` is given.
  app.get<{ Querystring: Static<typeof AgentMessagesQuery> }>(
    SUPPORT_PATHS.devChats,
    { schema: { querystring: AgentMessagesQuery } },
    async (request, reply) => {
      if (request.query.wait) await hub.wait('agent', request.query.wait * 1000, closeSignal(reply));
      const list = await chats.openList();
      return ok(await Promise.all(list.map(async (c) => ({ ...c, ...(await userView(c.userId)) }))));
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof AgentMessagesQuery> }>(
    `${SUPPORT_PATHS.devChats}/:id/messages`,
    { schema: { params: IdParams, querystring: AgentMessagesQuery } },
    async (request, reply) => {
      const c = await conversation(request.params.id);
      const since = request.query.since ?? 0;
      let messages = await chats.messages(c.id, since);
      if (messages.length === 0 && request.query.wait) {
        if (await hub.wait(`chat:${c.id}`, request.query.wait * 1000, closeSignal(reply))) {
          messages = await chats.messages(c.id, since);
        }
      }
      return ok({ ...c, ...(await userView(c.userId)), messages });
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AgentReplyBody> }>(
    `${SUPPORT_PATHS.devChats}/:id/reply`,
    { schema: { params: IdParams, body: AgentReplyBody } },
    async (request) => {
      const c = await conversation(request.params.id);
      const message = await chats.add(c.id, 'agent', text(request.body.content, 'message'), app.clock());
      hub.notify(`chat:${c.id}`);
      hub.notify('agent');
      return ok(message);
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    `${SUPPORT_PATHS.devChats}/:id/close`,
    { schema: { params: IdParams } },
    async (request) => {
      const c = await conversation(request.params.id);
      await chats.setStatus(c.id, CHAT_STATUS.closed);
      hub.notify('agent');
      return ok({ id: c.id, status: CHAT_STATUS.closed });
    },
  );

  app.get<{ Querystring: Static<typeof ListBody> }>(
    SUPPORT_PATHS.devTickets,
    { schema: { querystring: ListBody } },
    async (request) => {
      const pageNo = request.query.pageNo ?? request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? request.query.size ?? FEEDBACK_PAGE_SIZE;
      const { rows, total } = await feedback.page(null, (pageNo - 1) * pageSize, pageSize);
      const records = await Promise.all(rows.map(async (t) => ({ ...ticketView(t), ...(await userView(t.userId)) })));
      return ok({ records, total, pageNo, pageSize });
    },
  );

  const ticket = async (id: number) => {
    const t = await feedback.byId(id);
    if (!t) throw ticketNotFound();
    return t;
  };

  app.get<{ Params: Static<typeof IdParams> }>(
    `${SUPPORT_PATHS.devTickets}/:id`,
    { schema: { params: IdParams } },
    async (request) => {
      const t = await ticket(request.params.id);
      return ok({ ...ticketView(t), ...(await userView(t.userId)), posts: await feedback.posts(t.id) });
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AgentReplyBody> }>(
    `${SUPPORT_PATHS.devTickets}/:id/reply`,
    { schema: { params: IdParams, body: AgentReplyBody } },
    async (request) => {
      const t = await ticket(request.params.id);
      if (t.status === TICKET_STATUS.closed) throw ticketClosed();
      const content = text(request.body.content, 'message');
      const post = await feedback.reply(t.id, 'agent', content, null, app.clock());
      if (!post) throw ticketClosed();
      return ok(post);
    },
  );

  app.get<{ Params: Static<typeof ImageParams> }>(
    `${SUPPORT_PATHS.devTickets}/image/:id`,
    { schema: { params: ImageParams } },
    async (request, reply) => {
      const image = await feedback.image(request.params.id);
      if (!image) throw ticketNotFound();
      return sendImage(reply, image);
    },
  );
}
