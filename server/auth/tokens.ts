import { createHash, randomBytes } from 'node:crypto';

/** Session lifetime: 30 days (spec shell §9, DESIGN §5). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** 256 random bits, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked database holds no usable session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
