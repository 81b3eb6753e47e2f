import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { accountKycRoutes } from './kyc-routes.ts';
import { accountPublicRoutes } from './public-routes.ts';
import { accountSecurityRoutes } from './security-routes.ts';

/** Account and security (issue 6): public flows, signed-in security, KYC, and the dev outbox. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accountPublicRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(accountKycRoutes);
  const outbox = app.account.delivery.outbox;
  if (outbox && !app.config.production) {
    // Newest first: channel, destination, purpose, code (for the captcha, its solution as a ratio).
    app.get('/dev/outbox', async () => ok(outbox.list()));
  }
}
