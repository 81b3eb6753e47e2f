import type { FastifyInstance } from 'fastify';
import { articleRoutes } from './article-routes.ts';
import { helpRoutes } from './help-routes.ts';

/** The open content pages of issue 8 item 3: help centre, coin news, videos, games, program pages, channels. */
export async function contentPageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(helpRoutes);
  await app.register(articleRoutes);
}
