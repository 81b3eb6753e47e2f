import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode, TOKEN_HEADER } from '../../common/api.ts';
import { requestToken } from '../auth/session.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../auth/tokens.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { Channel } from './delivery.ts';

/** Withdrawals stay closed this long after a password change or reset (the 24-hour agreement of spec shell §5). */
export const WITHDRAW_LOCK_MS = 24 * 60 * 60 * 1000;

/** Spec shell §5: 8 to 32 characters, at least one lowercase letter, one uppercase letter and one digit. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 32 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password)
  );
}

/** Spec shell §5: digits only, at most 12 (and at least 5: no real number is shorter). */
export const PHONE_PATTERN = /^\d{5,12}$/;
/** Spec shell §5: at most 40 characters; a basic address pattern. */
export const EMAIL_MAX = 40;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(text: string): string {
  const email = text.trim().toLowerCase();
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) throw fail(400, ApiCode.badRequest, 'emailInvalid');
  return email;
}

export function normalizePhone(text: string): string {
  const phone = text.trim();
  if (!PHONE_PATTERN.test(phone)) throw fail(400, ApiCode.badRequest, 'phoneInvalid');
  return phone;
}

export function requirePassword(password: string): void {
  if (!isValidPassword(password)) throw fail(400, ApiCode.passwordRule, 'passwordRule');
}

export function fail(status: number, code: number, key: MessageKey, params: Record<string, string | number> = {}) {
  return new ApiError(status, code, key, params);
}

/** The answer while a throttle makes an attempt wait (server/auth/throttle.ts): the whole seconds left. */
export function tooManyAttempts(waitMs: number): ApiError {
  return fail(429, ApiCode.tooManyAttempts, 'tooManyAttempts', { seconds: Math.ceil(waitMs / 1000) });
}

/** The key a code is stored under: channel and address, so a code for one address never opens another. */
export function emailDestination(email: string): string {
  return `email:${email}`;
}
export function phoneDestination(areaCode: string, phone: string): string {
  return `sms:+${areaCode}${phone}`;
}

/** What a user must confirm with codes (spec shell §3 "verifyList"): each bound channel. */
export function verifyList(user: User): ('email' | 'phone')[] {
  const list: ('email' | 'phone')[] = [];
  if (user.email) list.push('email');
  if (user.mobile && user.area_code) list.push('phone');
  return list;
}

/** The destination of a bound channel of a user. */
export function boundDestination(
  user: User,
  channel: 'email' | 'phone',
): { key: string; address: string; channel: Channel } | null {
  if (channel === 'email')
    return user.email ? { key: emailDestination(user.email), address: user.email, channel: 'email' } : null;
  if (!user.mobile || !user.area_code) return null;
  return {
    key: phoneDestination(user.area_code, user.mobile),
    address: `+${user.area_code} ${user.mobile}`,
    channel: 'sms',
  };
}

/** Hides the middle of an e-mail or phone number. */
export function mask(value: string | null): string | null {
  if (!value) return value;
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length > 6 ? `${value.slice(0, 3)}****${value.slice(-3)}` : '****';
}

/** The code answer of a failed check, as an error. */
export function codeError(result: 'invalid' | 'expired' | 'exhausted'): ApiError {
  if (result === 'expired') return fail(200, ApiCode.codeExpired, 'codeExpired');
  if (result === 'exhausted') return fail(200, ApiCode.codeExhausted, 'codeExhausted');
  return fail(200, ApiCode.codeInvalid, 'codeInvalid');
}

/**
 * Opens a session for a user: a fresh 256-bit token stored hashed; the token the request came with, if any, is
 * revoked (rotation on login, DESIGN §5).
 */
export async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const now = app.clock();
  const previous = requestToken(request);
  if (previous) {
    const hash = hashToken(previous);
    await app.store.sessions.revoke(hash);
    app.account.sockets.close([hash]);
  }
  const token = newToken();
  await app.store.sessions.create({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
  });
  reply.header(TOKEN_HEADER, token);
  return { token, expiresAt: now + SESSION_TTL_MS };
}

/** Ends every session of a user and closes their sockets (password change or reset). */
export async function endAllSessions(app: FastifyInstance, userId: number): Promise<number> {
  const hashes = await app.account.userWrites.revokeAll(userId);
  app.account.sockets.close(hashes);
  return hashes.length;
}
