import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiCode } from '../../common/api.ts';
import { FactorCodesSchema, GoogleSecretSchema } from '../../common/contracts/account.ts';
import { NoDataSchema } from '../../common/contracts/envelope.ts';
import { requireUser, sessionUser } from '../auth/session.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../auth/totp.ts';
import { ok, reply } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { fail } from './rules.ts';
import { securityFactors } from './security.ts';

/** Google authenticator (spec shell §7: /uc/google/googleAuth, sendgoogle, jcgoogle): a secret, on, off. */
export const googleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { repo } = app.account;
  const { requireFactors } = securityFactors(app);
  const codes = {
    preValidation: emptyBodyAsForm,
    onRequest: requireUser,
    schema: { body: FactorCodesSchema, response: reply(NoDataSchema) },
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/google/googleAuth',
    onRequest: requireUser,
    schema: { response: reply(GoogleSecretSchema) },
    handler: async (request) => {
      const user = await sessionUser(app, request);
      const sec = await repo.security(user.id);
      if (sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleEnabled');
      const secret = newTotpSecret();
      await repo.updateSecurity(user.id, { pending_google_secret: secret }, app.clock());
      const account = user.email ?? user.username;
      return ok({ secret, otpauthUrl: otpauthUrl(secret, account), account });
    },
  });

  app.post('/uc/google/sendgoogle', codes, async (request) => {
    const user = await sessionUser(app, request);
    const sec = await repo.security(user.id);
    if (sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleEnabled');
    if (!sec.pending_google_secret) throw fail(200, ApiCode.secondFactorState, 'googleSecretMissing');
    const now = app.clock();
    const step = verifyTotp(sec.pending_google_secret, request.body.googleCode?.trim() ?? '', now);
    if (step === null) throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
    await requireFactors(user, 'GOOGLE', request.body, { ...sec, google_enabled: 0 });
    const enabled = { google_secret: sec.pending_google_secret, pending_google_secret: null, google_enabled: 1 };
    await repo.updateSecurity(user.id, { ...enabled, google_last_step: step }, now);
    return ok(null);
  });

  app.post('/uc/google/jcgoogle', codes, async (request) => {
    const user = await sessionUser(app, request);
    const sec = await repo.security(user.id);
    if (!sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleDisabled');
    await requireFactors(user, 'GOOGLE', request.body, sec);
    const off = { google_secret: null, google_enabled: 0, pending_google_secret: null };
    await repo.updateSecurity(user.id, off, app.clock());
    return ok(null);
  });
};
