import type { Db } from '../db/schema.ts';
import { CHAT_PAGE, CHAT_STATUS, newOpenId, TICKET_STATUS } from './rules.ts';
import { type SupportDb, supportDb } from './tables.ts';

export type ChatSender = 'visitor' | 'agent';
export type FeedbackSender = 'user' | 'agent';

export interface ChatConversation {
  id: number;
  openId: string;
  userId: number | null;
  status: number;
  createdAt: number;
  updatedAt: number;
}

export interface ChatMessage {
  id: number;
  sender: ChatSender;
  content: string;
  time: number;
}

export interface FeedbackTicket {
  id: number;
  userId: number;
  category: string;
  title: string;
  status: number;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
}

export interface FeedbackPost {
  id: number;
  sender: FeedbackSender;
  content: string;
  imageId: string | null;
  time: number;
}

type ConversationRow = {
  id: number;
  open_id: string;
  user_id: number | null;
  status: number;
  created_at: number;
  updated_at: number;
};
const conversation = (r: ConversationRow): ChatConversation => ({
  id: r.id,
  openId: r.open_id,
  userId: r.user_id,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type TicketRow = {
  id: number;
  user_id: number;
  category: string;
  title: string;
  status: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
};
const ticket = (r: TicketRow): FeedbackTicket => ({
  id: r.id,
  userId: r.user_id,
  category: r.category,
  title: r.title,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  closedAt: r.closed_at,
});

/** Messages of a conversation: storing one, reading after `since`, and counting a visitor's for the rate limit. */
function chatMessageQueries(db: SupportDb) {
  return {
    /** Stores a message and bumps the conversation; a visitor's message opens a closed conversation again. */
    async add(conversationId: number, sender: ChatSender, content: string, now: number): Promise<ChatMessage> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('chat_messages')
          .values({ conversation_id: conversationId, sender, content, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('chat_conversations')
          .set(sender === 'visitor' ? { updated_at: now, status: CHAT_STATUS.open } : { updated_at: now })
          .where('id', '=', conversationId)
          .execute();
        return { id: row.id, sender, content: row.content, time: row.created_at };
      });
    },
    /** Messages after `since` (an id), oldest first; with since 0 the latest page of history. */
    async messages(conversationId: number, since: number): Promise<ChatMessage[]> {
      let query = db
        .selectFrom('chat_messages')
        .select(['id', 'sender', 'content', 'created_at'])
        .where('conversation_id', '=', conversationId);
      if (since > 0) query = query.where('id', '>', since).orderBy('id', 'asc');
      else query = query.orderBy('id', 'desc');
      const rows = await query.limit(CHAT_PAGE).execute();
      if (since <= 0) rows.reverse();
      return rows.map((r) => ({ id: r.id, sender: r.sender as ChatSender, content: r.content, time: r.created_at }));
    },
    async visitorMessagesSince(conversationId: number, from: number): Promise<number> {
      const row = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('conversation_id', '=', conversationId)
        .where('sender', '=', 'visitor')
        .where('created_at', '>', from)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Conversations and messages of the /chat channel. */
export function chatRepository(raw: Db) {
  const db: SupportDb = supportDb(raw);
  const byId = async (id: number) => {
    const row = await db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? conversation(row) : null;
  };
  return {
    ...chatMessageQueries(db),
    byId,
    async byOpenId(openId: string) {
      const row = await db
        .selectFrom('chat_conversations')
        .selectAll()
        .where('open_id', '=', openId)
        .executeTakeFirst();
      return row ? conversation(row) : null;
    },
    async byUser(userId: number) {
      const row = await db
        .selectFrom('chat_conversations')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? conversation(row) : null;
    },
    async create(userId: number | null, now: number): Promise<ChatConversation> {
      const row = await db
        .insertInto('chat_conversations')
        .values({ open_id: newOpenId(), user_id: userId, status: CHAT_STATUS.open, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return conversation(row);
    },
    /** A visitor's conversation becomes the user's when they sign in on the same browser (only if they have none). */
    async claim(id: number, userId: number): Promise<boolean> {
      const r = await db
        .updateTable('chat_conversations')
        .set({ user_id: userId })
        .where('id', '=', id)
        .where('user_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async setStatus(id: number, status: number): Promise<boolean> {
      const r = await db.updateTable('chat_conversations').set({ status }).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** The agent's list: open conversations that have a message, most recent first, with the last message. */
    async openList(limit = 100) {
      const rows = await db
        .selectFrom('chat_conversations as c')
        .innerJoin('chat_messages as m', (j) =>
          j.onRef('m.conversation_id', '=', 'c.id').on('m.id', '=', (eb) =>
            eb
              .selectFrom('chat_messages as l')
              .select((e) => e.fn.max('l.id').as('id'))
              .whereRef('l.conversation_id', '=', 'c.id'),
          ),
        )
        .select([
          'c.id',
          'c.open_id',
          'c.user_id',
          'c.status',
          'c.created_at',
          'c.updated_at',
          'm.sender as last_sender',
          'm.content as last_content',
        ])
        .where('c.status', '=', CHAT_STATUS.open)
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ...conversation(r),
        lastSender: r.last_sender as ChatSender,
        lastContent: r.last_content,
      }));
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;

/** Attaches an unused image of the user to a post; false when it is not theirs or already used. */
async function attachImage(trx: SupportDb, imageId: string, userId: number, messageId: number): Promise<boolean> {
  const r = await trx
    .updateTable('feedback_images')
    .set({ message_id: messageId })
    .where('id', '=', imageId)
    .where('user_id', '=', userId)
    .where('message_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Writing a thread: a new ticket with its first post, and a reply, each in one transaction. */
function threadWrites(db: SupportDb) {
  return {
    /**
     * A ticket with its first post, in one transaction. Returns null (nothing stored) when the image cannot be
     * attached: the caller checked it, so only a race lands here.
     */
    async create(
      input: { userId: number; category: string; title: string; content: string; imageId: string | null },
      now: number,
    ): Promise<FeedbackTicket | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .insertInto('feedback_tickets')
            .values({
              user_id: input.userId,
              category: input.category,
              title: input.title,
              status: TICKET_STATUS.waiting,
              created_at: now,
              updated_at: now,
              closed_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          const post = await trx
            .insertInto('feedback_messages')
            .values({
              ticket_id: row.id,
              sender: 'user',
              content: input.content,
              image_id: input.imageId,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (input.imageId && !(await attachImage(trx, input.imageId, input.userId, post.id))) throw new Rollback();
          return ticket(row);
        })
        .catch((error: unknown) => {
          if (error instanceof Rollback) return null;
          throw error;
        });
    },
    /**
     * A post on an open ticket; the status follows who spoke last. Null when the ticket closed meanwhile or the
     * image could not be attached (nothing stored).
     */
    async reply(
      ticketId: number,
      sender: FeedbackSender,
      content: string,
      image: { id: string; userId: number } | null,
      now: number,
    ): Promise<FeedbackPost | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          const status = sender === 'agent' ? TICKET_STATUS.answered : TICKET_STATUS.waiting;
          const updated = await trx
            .updateTable('feedback_tickets')
            .set({ status, updated_at: now })
            .where('id', '=', ticketId)
            .where('status', '!=', TICKET_STATUS.closed)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1) throw new Rollback();
          const row = await trx
            .insertInto('feedback_messages')
            .values({ ticket_id: ticketId, sender, content, image_id: image?.id ?? null, created_at: now })
            .returningAll()
            .executeTakeFirstOrThrow();
          if (image && !(await attachImage(trx, image.id, image.userId, row.id))) throw new Rollback();
          return { id: row.id, sender, content: row.content, imageId: row.image_id, time: row.created_at };
        })
        .catch((error: unknown) => {
          if (error instanceof Rollback) return null;
          throw error;
        });
    },
  };
}

/** Feedback images: the upload's record, one image, whether it can still be attached, and the daily count. */
function feedbackImageQueries(db: SupportDb) {
  return {
    async imageUsable(imageId: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('feedback_images')
        .select('id')
        .where('id', '=', imageId)
        .where('user_id', '=', userId)
        .where('message_id', 'is', null)
        .executeTakeFirst();
      return !!row;
    },
    async addImage(image: { id: string; userId: number; fileName: string; mime: string; size: number }, now: number) {
      await db
        .insertInto('feedback_images')
        .values({
          id: image.id,
          user_id: image.userId,
          file_name: image.fileName,
          mime: image.mime,
          size: image.size,
          message_id: null,
          created_at: now,
        })
        .execute();
    },
    async image(id: string) {
      return (await db.selectFrom('feedback_images').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
    /** Images the user uploaded after `from` (the daily upload cap). */
    async imagesSince(userId: number, from: number): Promise<number> {
      const row = await db
        .selectFrom('feedback_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', from)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Feedback tickets, their threads and images. */
export function feedbackRepository(raw: Db) {
  const db: SupportDb = supportDb(raw);
  const posts = async (ticketId: number): Promise<FeedbackPost[]> => {
    const rows = await db
      .selectFrom('feedback_messages')
      .select(['id', 'sender', 'content', 'image_id', 'created_at'])
      .where('ticket_id', '=', ticketId)
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      sender: r.sender as FeedbackSender,
      content: r.content,
      imageId: r.image_id,
      time: r.created_at,
    }));
  };
  return {
    ...threadWrites(db),
    ...feedbackImageQueries(db),
    posts,
    async byId(id: number) {
      const row = await db.selectFrom('feedback_tickets').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? ticket(row) : null;
    },
    async openCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('feedback_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '!=', TICKET_STATUS.closed)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Closes an open ticket; false when it was closed already. */
    async close(ticketId: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('feedback_tickets')
        .set({ status: TICKET_STATUS.closed, updated_at: now, closed_at: now })
        .where('id', '=', ticketId)
        .where('status', '!=', TICKET_STATUS.closed)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** One user's tickets, newest first (or all users' open tickets for the agent when userId is null). */
    async page(userId: number | null, offset: number, limit: number) {
      let base = db.selectFrom('feedback_tickets');
      base = userId === null ? base.where('status', '!=', TICKET_STATUS.closed) : base.where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy(userId === null ? 'updated_at' : 'id', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(ticket), total: Number(count.n) };
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;

/** Rolls a transaction back without an error reaching the caller. */
class Rollback extends Error {}
