import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import {
  LoginBodySchema,
  LoginResultSchema,
  LoginSecondStepBodySchema,
  LoginSecondStepResultSchema,
  type UserInfo,
  UserInfoSchema,
} from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { decoyHash, verifyPassword } from '../auth/password.ts';
import { requestToken, requireUser, sessionUser } from '../auth/session.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { type Api, ok, reply } from '../http/envelope.ts';
import { requestLang } from '../http/request-lang.ts';
import { addLoginTicket, LOGIN_TICKET_ATTEMPTS } from './kit.ts';
import { authoriseDevice, rememberDevice } from './login-devices.ts';
import { fail, mask, startSession, tooManyAttempts } from './rules.ts';

/** User info of spec shell §3 plus the security flags of user settings. */
function userInfo(user: User): UserInfo {
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

/** Authentication and user routes (spec shell §7, "Authentication and user"): login in one or two steps, sessions. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  loginRoutes(app);
  secondStepRoutes(app);

  // Answers 4000 for a dead session so that the request layer clears its credentials (spec shell §4).
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/check/login',
    schema: { response: reply(Type.Literal(true)) },
    handler: async (request) => {
      if (!request.user) throw ApiError.notLoggedIn();
      return ok(true as const);
    },
  });

  app.post('/uc/loginout', { schema: { response: reply(NoDataSchema) } }, async (request) => {
    const token = requestToken(request);
    if (token) {
      const tokenHash = hashToken(token);
      await app.store.sessions.revoke(tokenHash);
      app.account.sockets.close([tokenHash]);
    }
    return ok(null);
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/member/my-info',
    preHandler: requireUser,
    schema: { response: reply(UserInfoSchema) },
    handler: async (request) => {
      const user = await sessionUser(app, request);
      const security = await app.account.repo.security(user.id);
      return ok({ ...userInfo(user), googleStatus: security.google_enabled ? 1 : 0 });
    },
  });
};

/** The password step: throttled per name and address; with Google authenticator on it earns a ticket only. */
function loginRoutes(app: Api): void {
  app.post(
    '/uc/login',
    {
      schema: { body: LoginBodySchema, response: reply(LoginResultSchema) },
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, res) => {
      const { username, password, country, verifyToken, code, deviceCode } = request.body;
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
      const user = await app.store.users.findByAccount(account, country);
      // Unknown accounts pay for a hash too, and get the same answer (DESIGN §5).
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
      if (!user || !valid) {
        app.loginGuard.fail(name, request.ip, now);
        throw new ApiError(200, ApiCode.loginFailed, 'loginFailed');
      }
      app.loginGuard.succeed(name, request.ip);
      await authoriseDevice(app, request, user, deviceCode, code, requestLang(request));
      // Two-step login: with Google authenticator on, the password only earns a ticket for /uc/login2.
      if ((await app.account.repo.security(user.id)).google_enabled) {
        const ticket = newToken();
        const expiresAt = addLoginTicket(app.account, ticket, user.id, now);
        return ok({ needSecondFactor: true as const, type: 'google' as const, ticket, expiresAt });
      }
      const session = await startSession(app, request, res, user.id);
      await rememberDevice(app, user.id, deviceCode);
      return ok({ ...session, ...userInfo(user) });
    },
  );
}

/** The second step of a two-step login (spec shell §7 "/uc/login2{type,value,code}"): the ticket and a Google code. */
function secondStepRoutes(app: Api): void {
  const { repo, loginTickets } = app.account;
  app.post(
    '/uc/login2',
    { schema: { body: LoginSecondStepBodySchema, response: reply(LoginSecondStepResultSchema) } },
    async (request, res) => {
      const { value: ticket, code } = request.body;
      if ((request.body.type ?? 'google').toLowerCase() !== 'google') throw ApiError.invalidParam('type');
      const now = app.clock();
      const pending = loginTickets.get(ticket);
      if (!pending || pending.expiresAt <= now || pending.attempts >= LOGIN_TICKET_ATTEMPTS) {
        loginTickets.delete(ticket);
        throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
      }
      // Wrong Google codes also count per account, across tickets: a known password must not buy endless guesses.
      const factorKey = `google:${pending.userId}`;
      const waitMs = app.loginGuard.factors.waitMs(factorKey, now);
      if (waitMs > 0) throw tooManyAttempts(waitMs);
      const sec = await repo.security(pending.userId);
      const step = sec.google_secret ? verifyTotp(sec.google_secret, code.trim(), now, sec.google_last_step) : null;
      if (step === null || !(await repo.advanceGoogleStep(pending.userId, step, now))) {
        pending.attempts += 1;
        app.loginGuard.factors.fail(factorKey, now);
        throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
      }
      app.loginGuard.factors.succeed(factorKey);
      loginTickets.delete(ticket);
      const user = await app.store.users.findById(pending.userId);
      if (!user) throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
      const session = await startSession(app, request, res, user.id);
      await rememberDevice(app, user.id, request.body.deviceCode);
      return ok({ ...session, id: user.id, uid: user.uid, username: user.username });
    },
  );
}
