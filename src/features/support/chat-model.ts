/** Pure parts of the chat and feedback screens (tested in tests/src/features/support). */

import type { ChatMessage } from '../../../common/contracts/support.ts';

// A message is the server's contract (common/contracts/support.ts ChatMessageSchema).
export type { ChatMessage };

/** Same limits as the server (server/support/rules.ts). */
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_TITLE_CHARS = 100;
export const FEEDBACK_PAGE_SIZE = 10;
export const FEEDBACK_CATEGORIES = [
  'account',
  'deposit',
  'withdraw',
  'trade',
  'contract',
  'suggestion',
  'other',
] as const;
export const TICKET_CLOSED = 2;
/** Accepted image types and size of feedback screenshots. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Where the visitor's server-issued open id is kept (spec shell §7: "a stored open id"). */
export const OPEN_ID_KEY = 'supportOpenId';
const OPEN_ID = /^[A-Za-z0-9_-]{22}$/;

export function storedOpenId(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): string | null {
  const value = storage?.getItem(OPEN_ID_KEY) ?? null;
  return value && OPEN_ID.test(value) ? value : null;
}
export function storeOpenId(openId: string, storage: Pick<Storage, 'setItem'> | null = safeLocalStorage()): void {
  if (OPEN_ID.test(openId)) storage?.setItem(OPEN_ID_KEY, openId);
}
function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Characters as a person counts them (and as the server does): code points, so an emoji is one. */
export function charCount(text: string): number {
  return [...text].length;
}

export type DraftProblem = 'empty' | 'tooLong' | null;

/** What is wrong with a draft before it is sent: nothing, nothing to send, or too long (trimmed, like the server). */
export function draftProblem(text: string, max = MAX_MESSAGE_CHARS): DraftProblem {
  const trimmed = text.trim();
  if (!trimmed) return 'empty';
  return charCount(trimmed) > max ? 'tooLong' : null;
}

/**
 * Adds messages to a thread: by id, without duplicates (a poll and a send can both return the same message), oldest
 * first. Returns the same array when nothing is new, so React skips the render.
 */
export function mergeMessages<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return current as T[];
  const seen = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !seen.has(m.id));
  if (added.length === 0) return current as T[];
  const all = [...current, ...added];
  // Usually already in order: only sort when an older id arrived late.
  for (let i = 1; i < all.length; i++) {
    if ((all[i] as T).id < (all[i - 1] as T).id) return all.sort((a, b) => a.id - b.id);
  }
  return all;
}

/** The id to poll after: the newest message's, or 0. */
export function lastId(messages: readonly { id: number }[]): number {
  return messages.length ? (messages[messages.length - 1] as { id: number }).id : 0;
}

/** Delay before polling again after a failure: 1, 2, 4 … up to 15 s. */
export function retryDelay(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** Number of pages of a list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface TicketDraft {
  category: string;
  title: string;
  content: string;
}
export type TicketProblem =
  | 'required.category'
  | 'required.title'
  | 'required.content'
  | 'titleTooLong'
  | 'tooLong'
  | null;

/** The first problem of a new ticket, checked in the order of the form's fields. */
export function ticketProblem(d: TicketDraft): TicketProblem {
  if (!(FEEDBACK_CATEGORIES as readonly string[]).includes(d.category)) return 'required.category';
  const title = draftProblem(d.title, MAX_TITLE_CHARS);
  if (title === 'empty') return 'required.title';
  if (title === 'tooLong') return 'titleTooLong';
  const content = draftProblem(d.content);
  if (content === 'empty') return 'required.content';
  if (content === 'tooLong') return 'tooLong';
  return null;
}

/** An image the server would refuse, checked before uploading: 'type', 'size', or null. */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > MAX_IMAGE_BYTES || file.size === 0 ? 'size' : null;
}
