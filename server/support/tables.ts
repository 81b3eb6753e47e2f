import type { Generated } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0010 (customer service: the /chat channel and /feedback tickets, spec shell §7). Kept out of
 * schema.ts: the support repository reaches them through `supportDb`, which widens the database type.
 */
export type SupportTables = {
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  feedback_tickets: FeedbackTicketTable;
  feedback_messages: FeedbackMessageTable;
  feedback_images: FeedbackImageTable;
};

/** One customer-service chat: a visitor's (by open id) or a signed-in user's (by user id, one per user). */
export interface ChatConversationTable {
  id: Generated<number>;
  /** Server-issued, 128 random bits (base64url): the visitor's only credential, kept in localStorage. */
  open_id: string;
  user_id: number | null;
  /** 0 open, 1 closed by the agent; a new visitor message opens it again. */
  status: number;
  created_at: number;
  /** Time of the last message (the agent list's order). */
  updated_at: number;
}

export interface ChatMessageTable {
  id: Generated<number>;
  conversation_id: number;
  /** 'visitor' or 'agent'. */
  sender: string;
  content: string;
  created_at: number;
}

/** A feedback ticket (spec shell §7 "Feedback: add, reply, get, close, getlist"). */
export interface FeedbackTicketTable {
  id: Generated<number>;
  user_id: number;
  /** One of FEEDBACK_CATEGORIES. */
  category: string;
  title: string;
  /** 0 waiting for the service, 1 answered, 2 closed. */
  status: number;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

/** One post of a ticket's thread; the first is the user's description. */
export interface FeedbackMessageTable {
  id: Generated<number>;
  ticket_id: number;
  /** 'user' or 'agent'. */
  sender: string;
  content: string;
  image_id: string | null;
  created_at: number;
}

/** An image uploaded for feedback, stored under DATA_DIR/feedback/{user_id}; attached to at most one post. */
export interface FeedbackImageTable {
  id: string;
  user_id: number;
  file_name: string;
  mime: string;
  size: number;
  /** Set once a post uses it: an image is attached once. */
  message_id: number | null;
  created_at: number;
}

export type SupportDb = ReturnType<typeof supportDb>;

/** The database with the support tables in its type. */
export function supportDb(db: Db) {
  return db.withTables<SupportTables>();
}
