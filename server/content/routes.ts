import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { articleRoutes } from './article-routes.ts';
import { helpRoutes } from './help-routes.ts';
import { programRoutes } from './program-routes.ts';

/** The open content pages of issue 8 item 3: help centre, coin news, videos, games, program pages, channels. */
export const contentPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(helpRoutes);
  await app.register(articleRoutes);
  await app.register(programRoutes);
};
