import { randomBytes } from 'node:crypto';
import { MAX_MESSAGE_CHARS, MAX_TITLE_CHARS } from '../../common/contracts/support.ts';
import { SupportCode, SupportError } from './messages.ts';

// The limits a request's schema states too (common/contracts/support.ts).
export {
  MAX_MESSAGE_CHARS,
  MAX_POLL_WAIT_S,
  MAX_TITLE_CHARS,
  OPEN_ID_PATTERN,
} from '../../common/contracts/support.ts';

/** Visitor messages one conversation may send per window (the agent is not limited). */
export const CHAT_RATE_MAX = 10;
export const CHAT_RATE_WINDOW_MS = 60_000;
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

/** A chat message, post or title as stored (cleanText), or the refusal that says why it cannot be. */
export function checkedText(raw: string, kind: 'message' | 'title'): string {
  const max = kind === 'title' ? MAX_TITLE_CHARS : MAX_MESSAGE_CHARS;
  const checked = cleanText(raw, max);
  if (checked.ok) return checked.text;
  const empty = checked.reason === 'empty';
  const key = kind === 'title' ? (empty ? 'titleEmpty' : 'titleTooLong') : empty ? 'messageEmpty' : 'messageTooLong';
  throw new SupportError(400, SupportCode.badRequest, key, { max });
}

// Another user's chat or ticket is "not found", never "forbidden": ids cannot be probed.
export const chatNotFound = () => new SupportError(404, SupportCode.notFound, 'chatNotFound');
export const ticketNotFound = () => new SupportError(404, SupportCode.notFound, 'ticketNotFound');
export const ticketClosed = () => new SupportError(409, SupportCode.ticketClosed, 'ticketClosed');
