import { type Static, Type } from 'typebox';
import { HeaderPagingFields, PageSchema } from './envelope.ts';

/**
 * Customer service (issue 8): the /chat channel, reached by a server-issued open id (visitors) or the session
 * (users), read through long polls with `since`; feedback tickets of a signed-in user; and outside production the
 * agent's side under /dev/support/*.
 */

/** Longest chat message and feedback post, in characters (after trimming). */
export const MAX_MESSAGE_CHARS = 2000;
/** Longest feedback title. */
export const MAX_TITLE_CHARS = 100;
/** Longest wait of a long poll, in seconds: below the client's 30 s request timeout (spec shell §9). */
export const MAX_POLL_WAIT_S = 25;
/** A visitor's open id: 128 random bits, base64url (22 characters). */
export const OPEN_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

// Lengths are checked after trimming (server/support/rules.ts); the schema bound only stops absurd bodies early.
const Text = Type.String({ maxLength: MAX_MESSAGE_CHARS * 4 });
const OpenId = Type.String({ pattern: OPEN_ID_PATTERN });
const ImageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 31 });
const Since = Type.Optional(Type.Integer({ minimum: 0, default: 0 }));
const Wait = Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_POLL_WAIT_S, default: 0 }));

/** Opening the chat: the open id this browser had, if any (a visitor's chat follows them when they sign in). */
export const ChatOpenBodySchema = Type.Object({ openId: Type.Optional(Type.String({ maxLength: 64 })) });
export const ChatMessagesQuerySchema = Type.Object({ openId: OpenId, since: Since, wait: Wait });
export const ChatSendBodySchema = Type.Object({ openId: OpenId, content: Text });

export const FeedbackAddBodySchema = Type.Object({
  category: Type.String({ maxLength: 32 }),
  title: Type.String({ maxLength: MAX_TITLE_CHARS * 4 }),
  content: Text,
  imageId: Type.Optional(ImageId),
});
export type FeedbackAddBody = Static<typeof FeedbackAddBodySchema>;
export const FeedbackReplyBodySchema = Type.Object({ id: Id, content: Text, imageId: Type.Optional(ImageId) });
export const TicketIdSchema = Type.Object({ id: Id });
export const FeedbackListSchema = Type.Object(HeaderPagingFields);
export type FeedbackList = Static<typeof FeedbackListSchema>;
export const ImageParamsSchema = Type.Object({ id: ImageId });

export const AgentPollQuerySchema = Type.Object({ since: Since, wait: Wait });
export const AgentReplyBodySchema = Type.Object({ content: Text });

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  sender: Type.Union([Type.Literal('visitor'), Type.Literal('agent')]),
  content: Type.String(),
  time: Type.Number(),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** The chat as /chat opens it: its open id (kept by the browser), its owner's uid when signed in, the history. */
export const ChatSessionSchema = Type.Object({
  conversationId: Type.Integer(),
  openId: Type.String(),
  uid: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  messages: Type.Array(ChatMessageSchema),
});
export type ChatSession = Static<typeof ChatSessionSchema>;

export const ChatPollSchema = Type.Object({ messages: Type.Array(ChatMessageSchema) });

/** A feedback ticket; `status` 0 awaiting reply, 1 answered, 2 closed. */
export const TicketSchema = Type.Object({
  id: Type.Integer(),
  category: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  createTime: Type.Number(),
  updateTime: Type.Number(),
  closeTime: Type.Union([Type.Number(), Type.Null()]),
});
export type Ticket = Static<typeof TicketSchema>;

export const TicketPostSchema = Type.Object({
  id: Type.Integer(),
  sender: Type.Union([Type.Literal('user'), Type.Literal('agent')]),
  content: Type.String(),
  imageId: Type.Union([Type.String(), Type.Null()]),
  time: Type.Number(),
});
export type TicketPost = Static<typeof TicketPostSchema>;

export const TicketDetailSchema = Type.Object({ ...TicketSchema.properties, posts: Type.Array(TicketPostSchema) });
export type TicketDetail = Static<typeof TicketDetailSchema>;

/** The user's tickets, newest first, with the categories a new ticket may take. */
export const TicketPageSchema = Type.Object({
  ...PageSchema(TicketSchema).properties,
  categories: Type.Array(Type.String()),
});
export type TicketPage = Static<typeof TicketPageSchema>;

export const FeedbackImageSchema = Type.Object({ id: Type.String(), mime: Type.String(), size: Type.Integer() });
export type FeedbackImage = Static<typeof FeedbackImageSchema>;

// ─── The agent's side (outside production only) ───────────────────────────────────────────────────────────────────────

/** Who a conversation or ticket belongs to, as the agent sees it; null for a visitor. */
const AgentUserFields = {
  uid: Type.Union([Type.String(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
};
const ConversationFields = {
  id: Type.Integer(),
  openId: Type.String(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Integer(),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
};

/** An open conversation in the agent's list, with its last message (who is waiting for whom). */
export const AgentChatSchema = Type.Object({
  ...ConversationFields,
  ...AgentUserFields,
  lastSender: ChatMessageSchema.properties.sender,
  lastContent: Type.String(),
});
export type AgentChat = Static<typeof AgentChatSchema>;
export const AgentChatListSchema = Type.Array(AgentChatSchema);

/** One conversation with its messages after `since`; no last message (the messages are there). */
export const AgentThreadSchema = Type.Object({
  ...ConversationFields,
  ...AgentUserFields,
  messages: Type.Array(ChatMessageSchema),
});
export type AgentThread = Static<typeof AgentThreadSchema>;

export const AgentChatClosedSchema = Type.Object({ id: Type.Integer(), status: Type.Integer() });

export const AgentTicketSchema = Type.Object({ ...TicketSchema.properties, ...AgentUserFields });
export type AgentTicket = Static<typeof AgentTicketSchema>;
/** Every user's tickets, newest first; unlike the user's page, no categories. */
export const AgentTicketPageSchema = PageSchema(AgentTicketSchema);
export type AgentTicketPage = Static<typeof AgentTicketPageSchema>;

export const AgentTicketDetailSchema = Type.Object({
  ...AgentTicketSchema.properties,
  posts: Type.Array(TicketPostSchema),
});
export type AgentTicketDetail = Static<typeof AgentTicketDetailSchema>;
