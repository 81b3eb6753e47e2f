import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './config-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { languageRoutes } from './language-routes.ts';

/** Everything the application shell calls (issue 5 item 9): languages, settings, notices, messages, switches (balances: assets.ts). */
export async function shellRoutes(app: FastifyInstance): Promise<void> {
  await app.register(languageRoutes);
  await app.register(contentRoutes);
  await app.register(inboxRoutes);
}
