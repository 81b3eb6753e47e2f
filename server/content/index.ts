import type { FastifyInstance } from 'fastify';
import { articleRoutes } from '../http/articles.ts';
import { helpRoutes } from '../http/help.ts';

/** The open content pages of issue 8 item 3: help centre, coin news, videos, games, program pages, channels. */
export async function contentPageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(helpRoutes);
  await app.register(articleRoutes);
}
