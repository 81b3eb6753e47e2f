import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNT } from '../../server/auth/demo.ts';
import { sessionsRepository } from '../../server/auth/sessions-repository.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../../server/auth/tokens.ts';
import { usersRepository } from '../../server/auth/users-repository.ts';
import type { TestApp } from './helpers.ts';

/** The test app's starting clock (tests/server/helpers.ts). */
export const T0 = Date.UTC(2026, 10, 22, 12);

/** A live session for a user, straight in the database; returns the token header. */
export async function sessionFor(t: TestApp, userId: number, now = T0): Promise<Record<string, string>> {
  const token = newToken();
  await sessionsRepository(t.db).create({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    ip: null,
    userAgent: null,
  });
  return { 'x-auth-token': token };
}

export async function demoUserId(t: TestApp): Promise<number> {
  const user = await usersRepository(t.db).findByUsername(DEMO_ACCOUNT.username);
  if (!user) throw new Error('no demo user');
  return user.id;
}

/** A form-encoded POST, as the request layer sends it (spec shell §7). */
export function formPost(
  t: TestApp,
  url: string,
  fields: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return t.server.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  } satisfies InjectOptions);
}

export async function get(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url, headers });
}
