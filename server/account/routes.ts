import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxListSchema } from '../../common/contracts/account.ts';
import { ok, reply } from '../http/envelope.ts';
import { bindingRoutes } from './binding-routes.ts';
import { captchaRoutes } from './captcha-routes.ts';
import { codeRoutes } from './code-routes.ts';
import { googleRoutes } from './google-routes.ts';
import { kycRoutes } from './kyc-routes.ts';
import { passwordRoutes } from './password-routes.ts';
import { qrLoginRoutes } from './qr-login-routes.ts';
import { registerRoutes } from './register-routes.ts';
import { secureCodeRoutes } from './secure-code-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { sessionRoutes } from './session-routes.ts';

/**
 * Account and security (spec shell §7 "Authentication and user", "Verification wrappers"; issue 6): login and
 * sessions, the slider, public code sends and checks, registration and reset, the signed-in security changes, KYC,
 * and outside production the dev outbox.
 */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(sessionRoutes);
  await app.register(qrLoginRoutes);
  await app.register(captchaRoutes);
  await app.register(codeRoutes);
  await app.register(registerRoutes);
  await app.register(securityRoutes);
  await app.register(secureCodeRoutes);
  await app.register(passwordRoutes);
  await app.register(bindingRoutes);
  await app.register(googleRoutes);
  await app.register(kycRoutes);
  const outbox = app.account.delivery.outbox;
  if (outbox && !app.config.production) {
    // Newest first: channel, destination, purpose, code (for the captcha, its solution as a ratio).
    app.get('/dev/outbox', { schema: { response: reply(OutboxListSchema) } }, async () => ok([...outbox.list()]));
  }
};
