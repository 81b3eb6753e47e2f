import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import { TradePasswordBodySchema, UpdatePasswordBodySchema } from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { requireUser, sessionUser } from '../auth/session.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok, reply } from '../http/envelope.ts';
import { endAllSessions, fail, requirePassword, tooManyAttempts, WITHDRAW_LOCK_MS } from './rules.ts';
import { securityFactors } from './security.ts';

/** The login password change (spec shell §7 "Password update") and the six-digit transaction password. */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repo, userWrites } = app.account;
  const { requireFactors } = securityFactors(app);

  app.post(
    '/uc/approve/update/password',
    { onRequest: requireUser, schema: { body: UpdatePasswordBodySchema, response: reply(NoDataSchema) } },
    async (request) => {
      const body = request.body;
      const oldPassword = body.oldPassword ?? body.oldPassWord;
      const newPassword = body.newPassword ?? body.newPassWord;
      if (!oldPassword) throw ApiError.invalidParam('oldPassword');
      if (!newPassword) throw ApiError.invalidParam('newPassword');
      requirePassword(newPassword);
      const user = await sessionUser(app, request);
      // Guessing the old password with a stolen session is throttled like a login.
      const factorKey = `password:${user.id}`;
      const waitMs = app.loginGuard.factors.waitMs(factorKey, app.clock());
      if (waitMs > 0) throw tooManyAttempts(waitMs);
      if (!(await verifyPassword(oldPassword, user.password_hash))) {
        app.loginGuard.factors.fail(factorKey, app.clock());
        throw fail(200, ApiCode.oldPasswordWrong, 'oldPasswordWrong');
      }
      app.loginGuard.factors.succeed(factorKey);
      if (oldPassword === newPassword) throw fail(200, ApiCode.passwordRule, 'samePassword');
      const passwordHash = await hashPassword(newPassword);
      await requireFactors(user, 'UPDATE_PASSWORD', body);
      const now = app.clock();
      await userWrites.setPassword(user.id, passwordHash, now);
      await repo.updateSecurity(user.id, { withdraw_locked_until: now + WITHDRAW_LOCK_MS }, now);
      await endAllSessions(app, user.id);
      return ok(null);
    },
  );

  app.post(
    '/uc/approve/transaction/password',
    { onRequest: requireUser, schema: { body: TradePasswordBodySchema, response: reply(NoDataSchema) } },
    async (request) => {
      const user = await sessionUser(app, request);
      if (!/^\d{6}$/.test(request.body.password)) throw fail(200, ApiCode.passwordRule, 'tradePasswordRule');
      const hash = await hashPassword(request.body.password);
      await requireFactors(user, 'TRADE_PASSWORD', request.body);
      await repo.updateSecurity(user.id, { trade_password_hash: hash }, app.clock());
      return ok(null);
    },
  );
};
