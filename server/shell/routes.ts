import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { configRoutes } from './config-routes.ts';
import { downloadRoutes } from './download-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { languageRoutes } from './language-routes.ts';
import { networkRoutes } from './network-routes.ts';
import { noticeRoutes } from './notice-routes.ts';
import { settingsRoutes } from './settings-routes.ts';

/**
 * Everything the application shell calls (issue 5 item 9): languages, settings, notices, messages, switches, and the
 * published app builds (balances: server/assets).
 */
export const shellRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(languageRoutes);
  await app.register(settingsRoutes);
  await app.register(configRoutes);
  await app.register(noticeRoutes);
  await app.register(inboxRoutes);
  await app.register(downloadRoutes);
  await app.register(networkRoutes);
};
