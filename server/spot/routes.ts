import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../auth/session.ts';
import type { Exchange } from '../exchange/index.ts';
import { accountRoutes } from './account-routes.ts';
import { spotContext } from './context.ts';
import { historyRoutes } from './history-routes.ts';
import { orderRoutes } from './order-routes.ts';

/**
 * Spot trading (spec trading §7 "Spot trade"): orders, favourites and spot bills of the signed-in user. Every route
 * needs a session, checked after the input (a malformed request is refused as such first).
 */
export const spotRoutes: FastifyPluginAsyncTypebox<{ exchange: Exchange }> = async (app, { exchange }) => {
  const context = spotContext(exchange, app.store.db);
  app.addHook('preHandler', requireUser);
  await orderRoutes(app, context);
  await historyRoutes(app, context);
  await accountRoutes(app, context);
};
