import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { decoyHash, verifyPassword } from '../auth/password.ts';
import { requestToken, requireUser, userOf } from '../auth/session.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { addLoginTicket } from './kit.ts';
import { fail, startSession, tooManyAttempts } from './rules.ts';

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  country: Type.Optional(Type.String({ maxLength: 64 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  deviceCode: Type.Optional(Type.String({ maxLength: 128 })),
  /** A solved LOGIN slider of this account name, required after repeated failures (captchaRequired). */
  verifyToken: Type.Optional(Type.String({ maxLength: 128 })),
});
type LoginBody = Type.Static<typeof LoginBody>;

/** Hides the middle of an e-mail or phone number. */
function mask(value: string | null): string | null {
  if (!value) return value;
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
  return value.length > 6 ? `${value.slice(0, 3)}****${value.slice(-3)}` : '****';
}

/** User info of spec shell §3 plus the security flags of user settings. */
function userInfo(user: User) {
  return {
    id: user.id,
    uid: user.uid,
    username: user.username,
    promotionCode: user.promotion_code,
    country: user.country,
    kycTwoCode: user.kyc_two_code,
    email: mask(user.email),
    mobile: mask(user.mobile),
    emailVerified: user.email ? 1 : 0,
    phoneVerified: user.mobile ? 1 : 0,
    realVerified: user.kyc_two_code ? 1 : 0,
    googleStatus: 0,
    createTime: user.created_at,
  };
}

/** Authentication and user routes (spec shell §7, "Authentication and user"). */
export async function ucRoutes(app: FastifyInstance): Promise<void> {
  const { users, sessions } = app.store;

  app.post<{ Body: LoginBody }>(
    '/uc/login',
    { schema: { body: LoginBody }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { username, password, country, verifyToken } = request.body;
      const account = username.trim();
      // The slider's target is normalised the same way (/uc/login1).
      const name = account.toLowerCase();
      const now = app.clock();
      const gate = app.loginGuard.gate(name, request.ip, now);
      // Checked before the password, and spending nothing: a waiting or captcha-less try learns nothing.
      if (gate.waitMs > 0) throw tooManyAttempts(gate.waitMs);
      if (gate.captcha) {
        if (!verifyToken) throw fail(200, ApiCode.captchaRequired, 'captchaRequired');
        if (!app.account.captcha.consumeToken('LOGIN', name, verifyToken, now)) {
          throw fail(200, ApiCode.verifyTokenInvalid, 'verifyTokenInvalid');
        }
      }
      const user = await users.findByAccount(account, country);
      // Unknown accounts pay for a hash too, and get the same answer (DESIGN §5).
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) {
        app.loginGuard.fail(name, request.ip, now);
        throw new ApiError(200, ApiCode.loginFailed, 'loginFailed');
      }
      app.loginGuard.succeed(name, request.ip);
      // Two-step login: with Google authenticator on, the password only earns a ticket for /uc/login2.
      const security = await app.account.repo.security(user.id);
      if (security.google_enabled) {
        const ticket = newToken();
        const expiresAt = addLoginTicket(app.account, ticket, user.id, now);
        return ok({ needSecondFactor: true, type: 'google', ticket, expiresAt });
      }
      const session = await startSession(app, request, reply, user.id);
      return ok({ ...session, ...userInfo(user) });
    },
  );

  // Answers 4000 for a dead session so that the request layer clears its credentials (spec shell §4).
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/check/login',
    handler: async (request) => {
      if (!request.user) throw ApiError.notLoggedIn();
      return ok(true);
    },
  });

  app.post('/uc/loginout', async (request) => {
    const token = requestToken(request);
    if (token) {
      const tokenHash = hashToken(token);
      await sessions.revoke(tokenHash);
      app.account.sockets.close([tokenHash]);
    }
    return ok(null);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/member/my-info',
    preHandler: requireUser,
    handler: async (request) => {
      const user = await users.findById(userOf(request).id);
      if (!user) throw ApiError.notLoggedIn();
      const security = await app.account.repo.security(user.id);
      return ok({ ...userInfo(user), googleStatus: security.google_enabled ? 1 : 0 });
    },
  });
}
