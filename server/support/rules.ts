import { randomBytes } from 'node:crypto';

/** Longest chat message and feedback post, in characters (after trimming). */
export const MAX_MESSAGE_CHARS = 2000;
/** Longest feedback title. */
export const MAX_TITLE_CHARS = 100;
/** Visitor messages one conversation may send per window (the agent is not limited). */
export const CHAT_RATE_MAX = 10;
export const CHAT_RATE_WINDOW_MS = 60_000;
/** Longest wait of a long poll, in seconds: below the client's 30 s request timeout (spec shell §9). */
export const MAX_POLL_WAIT_S = 25;
/** Messages returned by one history or poll call. */
export const CHAT_PAGE = 200;
/** Tickets one user may have open (not closed) at once. */
export const MAX_OPEN_TICKETS = 10;
/** Feedback images one user may upload per day. */
export const MAX_FEEDBACK_IMAGES_PER_DAY = 20;
/** Default page size of the ticket list (spec shell §9: 10 for records). */
export const FEEDBACK_PAGE_SIZE = 10;

/** Ticket kinds; the client shows `support.feedback.categories.{key}`. */
export const FEEDBACK_CATEGORIES = [
  'account',
  'deposit',
  'withdraw',
  'trade',
  'contract',
  'suggestion',
  'other',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const TICKET_STATUS = { waiting: 0, answered: 1, closed: 2 } as const;
export const CHAT_STATUS = { open: 0, closed: 1 } as const;

/** A visitor's open id: 128 random bits, base64url (22 characters), never derived from anything guessable. */
export function newOpenId(): string {
  return randomBytes(16).toString('base64url');
}
export const OPEN_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

export type TextCheck = { ok: true; text: string } | { ok: false; reason: 'empty' | 'tooLong' };

/**
 * A message as stored: trimmed, line ends unified, NUL and other control characters (except tab and newline) removed.
 * Escaping is the renderer's job (React); the text is kept as typed.
 */
export function cleanText(raw: string, max = MAX_MESSAGE_CHARS): TextCheck {
  let kept = '';
  for (const ch of raw.replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0) ?? 0;
    if ((code < 0x20 && ch !== '\n' && ch !== '\t') || code === 0x7f) continue;
    kept += ch;
  }
  const text = kept.trim();
  if (text.length === 0) return { ok: false, reason: 'empty' };
  // Counted in code points, as a person counts characters (an emoji is one).
  if ([...text].length > max) return { ok: false, reason: 'tooLong' };
  return { ok: true, text };
}

export function isCategory(value: string): value is FeedbackCategory {
  return (FEEDBACK_CATEGORIES as readonly string[]).includes(value);
}
