import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SUPPORT_PATHS } from '../../common/api.ts';
import {
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatOpenBodySchema,
  ChatPollSchema,
  ChatSendBodySchema,
  ChatSessionSchema,
} from '../../common/contracts/support.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import type { SupportContext } from './context.ts';
import { closeSignal } from './hub.ts';
import { SupportCode, SupportError } from './messages.ts';
import type { ChatConversation } from './repository.ts';
import { CHAT_RATE_MAX, CHAT_RATE_WINDOW_MS, chatNotFound, checkedText } from './rules.ts';

/**
 * The /chat channel of a visitor or a user: a visitor is known by a server-issued open id, a user by the session too;
 * new messages arrive through long polls with `since`.
 */
export const chatRoutes: FastifyPluginAsyncTypebox<SupportContext> = async (app, { chats, hub }) => {
  /** The conversation an open id reaches: a user's conversation needs that user's session too. */
  const reach = async (request: FastifyRequest, openId: string): Promise<ChatConversation> => {
    const conversation = await chats.byOpenId(openId);
    if (!conversation) throw chatNotFound();
    if (conversation.userId !== null && conversation.userId !== request.user?.id) throw chatNotFound();
    return conversation;
  };

  /** The signed-in user's chat; signing in keeps the chat this browser had as a visitor, unless the account has one. */
  const userChat = async (userId: number, given: ChatConversation | null, now: number) => {
    const own = await chats.byUser(userId);
    if (own) return own;
    if (given && given.userId === null && (await chats.claim(given.id, userId))) return { ...given, userId };
    return chats.create(userId, now);
  };

  app.post(
    SUPPORT_PATHS.chatOpen,
    { schema: { body: ChatOpenBodySchema, response: reply(ChatSessionSchema) }, preValidation: emptyBodyAsForm },
    async (request) => {
      const now = app.clock();
      const given = request.body.openId ? await chats.byOpenId(request.body.openId) : null;
      const conversation = request.user
        ? await userChat(request.user.id, given, now)
        : given && given.userId === null
          ? given
          : await chats.create(null, now);
      const user = conversation.userId === null ? null : await app.store.users.findById(conversation.userId);
      return ok({
        conversationId: conversation.id,
        openId: conversation.openId,
        uid: user?.uid ?? null,
        status: conversation.status,
        messages: await chats.messages(conversation.id, 0),
      });
    },
  );

  // Messages after `since`; with none yet, waits up to `wait` s for the next one (a long poll).
  app.get(
    SUPPORT_PATHS.chatMessages,
    { schema: { querystring: ChatMessagesQuerySchema, response: reply(ChatPollSchema) } },
    async (request, response) => {
      const { id } = await reach(request, request.query.openId);
      const { since = 0, wait = 0 } = request.query;
      let messages = await chats.messages(id, since);
      if (messages.length === 0 && wait > 0) {
        if (await hub.wait(`chat:${id}`, wait * 1000, closeSignal(response.raw))) {
          messages = await chats.messages(id, since);
        }
      }
      return ok({ messages });
    },
  );

  app.post(
    SUPPORT_PATHS.chatSend,
    { schema: { body: ChatSendBodySchema, response: reply(ChatMessageSchema) } },
    async (request) => {
      const conversation = await reach(request, request.body.openId);
      const content = checkedText(request.body.content, 'message');
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
};
