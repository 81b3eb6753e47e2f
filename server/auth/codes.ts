import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Rules of verification codes (DESIGN §5, spec shell §9). */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60 * 1000;
/** Codes one destination may be sent per hour, all purposes together. */
export const CODE_HOURLY_CAP = 10;
const HOUR_MS = 60 * 60 * 1000;

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

interface Entry {
  hash: Buffer;
  expiresAt: number;
  attempts: number;
  sentAt: number;
}

export type IssueResult =
  | { ok: true; code: string }
  | { ok: false; reason: 'resend'; waitMs: number }
  | { ok: false; reason: 'cap' };
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'exhausted';

/**
 * Live verification codes, one per purpose and destination: a new code replaces the old one. Only a hash is kept.
 * In memory: a code lives ten minutes, and a restart only means asking for a new one.
 */
export class CodeStore {
  readonly #codes = new Map<string, Entry>();
  /** Send times per destination within the last hour (the hourly cap). */
  readonly #sends = new Map<string, number[]>();

  static key(purpose: string, destination: string): string {
    return `${purpose}|${destination}`;
  }

  /** Milliseconds until a code for this purpose and destination may be sent again; 0 when it may. */
  resendWait(purpose: string, destination: string, now: number): number {
    const entry = this.#codes.get(CodeStore.key(purpose, destination));
    return entry ? Math.max(0, entry.sentAt + CODE_RESEND_MS - now) : 0;
  }

  /** A fresh code, unless one was sent less than a minute ago or the destination had its hourly share. */
  issue(purpose: string, destination: string, now: number): IssueResult {
    const waitMs = this.resendWait(purpose, destination, now);
    if (waitMs > 0) return { ok: false, reason: 'resend', waitMs };
    const sends = (this.#sends.get(destination) ?? []).filter((t) => t > now - HOUR_MS);
    if (sends.length >= CODE_HOURLY_CAP) {
      this.#sends.set(destination, sends);
      return { ok: false, reason: 'cap' };
    }
    sends.push(now);
    this.#sends.set(destination, sends);
    const code = newCode();
    this.#codes.set(CodeStore.key(purpose, destination), {
      hash: digest(code),
      expiresAt: now + CODE_TTL_MS,
      attempts: 0,
      sentAt: now,
    });
    this.#prune(now);
    return { ok: true, code };
  }

  /**
   * Checks a code; a right one is spent unless `keep` (a form that checks a code before its final submit).
   * Wrong tries count; the fifth kills the code. "invalid" also answers when no code was ever sent.
   */
  check(purpose: string, destination: string, code: string, now: number, keep = false): CodeCheck {
    const key = CodeStore.key(purpose, destination);
    const entry = this.#codes.get(key);
    // Compared even when there is nothing to compare with, so that the time taken tells nothing.
    const given = digest(code);
    const expected = entry?.hash ?? digest(randomBytes(8).toString('hex'));
    const equal = timingSafeEqual(given, expected);
    if (!entry) return 'invalid';
    if (entry.attempts >= CODE_MAX_ATTEMPTS) return 'exhausted';
    if (entry.expiresAt <= now) {
      this.#codes.delete(key);
      return 'expired';
    }
    if (!equal) {
      entry.attempts += 1;
      return entry.attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
    }
    if (!keep) this.#codes.delete(key);
    return 'ok';
  }

  #prune(now: number): void {
    if (this.#codes.size < 50_000) return;
    for (const [key, entry] of this.#codes) if (entry.expiresAt <= now) this.#codes.delete(key);
    for (const [key, sends] of this.#sends) if ((sends.at(-1) ?? 0) <= now - HOUR_MS) this.#sends.delete(key);
  }
}

export const TICKET_TTL_MS = 10 * 60 * 1000;

/**
 * Single-use proofs handed out after a check passed (spec shell §7: "data.verifyCode" of the code checks, the ticket of
 * a two-step login), bound to a purpose and a subject.
 */
export class TicketStore {
  readonly #tickets = new Map<string, { key: string; expiresAt: number; value: unknown }>();

  issue(purpose: string, subject: string, now: number, value: unknown = null, ttlMs = TICKET_TTL_MS): string {
    if (this.#tickets.size > 50_000) {
      for (const [t, e] of this.#tickets) if (e.expiresAt <= now) this.#tickets.delete(t);
    }
    const ticket = randomBytes(24).toString('base64url');
    this.#tickets.set(ticket, { key: `${purpose}|${subject}`, expiresAt: now + ttlMs, value });
    return ticket;
  }

  /** Whether the ticket is live for this purpose and subject, without spending it. */
  peek(purpose: string, subject: string, ticket: string, now: number): boolean {
    const entry = this.#tickets.get(ticket);
    return entry !== undefined && entry.key === `${purpose}|${subject}` && entry.expiresAt > now;
  }

  /** Spends a ticket; returns whether it was live for this purpose and subject. */
  take(purpose: string, subject: string, ticket: string, now: number): boolean {
    const ok = this.peek(purpose, subject, ticket, now);
    if (ok) this.#tickets.delete(ticket);
    return ok;
  }
}

/** Counts events per key in a sliding window (code sends per IP, per user). */
export class RateCounter {
  readonly #hits = new Map<string, number[]>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Records a hit unless the key is at its limit; returns whether it was allowed. */
  hit(key: string, now: number): boolean {
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (hits.length >= this.max) {
      this.#hits.set(key, hits);
      return false;
    }
    hits.push(now);
    this.#hits.set(key, hits);
    if (this.#hits.size > 100_000) {
      for (const [k, v] of this.#hits) if ((v.at(-1) ?? 0) <= now - this.windowMs) this.#hits.delete(k);
    }
    return true;
  }
}
