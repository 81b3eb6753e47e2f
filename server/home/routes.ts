import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bannerRoutes } from './banner-routes.ts';
import { rankingRoutes } from './ranking-routes.ts';

/**
 * The home page's calls (spec shell §7 "Home page calls", /config/banner). Content is stored per language
 * (migration 0008); prices come from server/marketdata.
 */
export const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(bannerRoutes);
  await app.register(rankingRoutes);
};
