import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../common/api.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { hashToken } from './tokens.ts';

export interface SessionUser {
  id: number;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set by the auth hook from the token header. */
    user: SessionUser | null;
  }
}

/** The token of a request: the header first, as the request layer sends it (spec shell §7). */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 128 ? token : null;
}

/** Reads the token header on every request and resolves it to a live session. */
export function installAuthHook(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = requestToken(request);
    if (!token) return;
    const tokenHash = hashToken(token);
    const session = await app.store.sessions.findLive(tokenHash, app.clock());
    if (session) request.user = { id: session.userId, tokenHash };
  });
}

/** preHandler for routes that need a signed-in user: 401 with code 4000 otherwise (spec shell §4). */
export async function requireUser(request: { user: SessionUser | null }): Promise<void> {
  if (!request.user) throw ApiError.notLoggedIn();
}

/** The signed-in user of a route guarded by requireUser. */
export function userOf(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw ApiError.notLoggedIn();
  return request.user;
}

/** The signed-in user's row; a session whose user is gone answers like no session (401, code 4000). */
export async function sessionUser(app: FastifyInstance, request: { user: SessionUser | null }): Promise<User> {
  const user = await app.store.users.findById(userOf(request).id);
  if (!user) throw ApiError.notLoggedIn();
  return user;
}
