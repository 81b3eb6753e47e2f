import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../auth/session.ts';
import type { Exchange } from '../exchange/index.ts';
import { inboxRepository } from '../shell/inbox-repository.ts';
import { swapContext } from './context.ts';
import { devRoutes } from './dev-routes.ts';
import { disclaimerRoutes } from './disclaimer-routes.ts';
import { favorRoutes } from './favor-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { deliverContractMessages } from './inbox.ts';
import { swapMarketRoutes } from './market-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { positionRoutes, publicRoutes } from './position-routes.ts';
import { type SwapPrices, startSwapPrices } from './prices-runtime.ts';
import { swapRepository } from './repository.ts';

/**
 * Perpetual contracts (spec trading §7 "Contract (swap)"): the catalogue and a contract's terms for anyone; orders,
 * positions, TP/SL, settings, the wallet, the records (history-routes.ts, which also answers the public funding
 * rates), favourites and the disclaimer for the signed-in user (checked after the input, as in spot). Index, mark and
 * funding run from the moment the server is ready until it closes.
 */
export const swapRoutes: FastifyPluginAsyncTypebox<{ exchange: Exchange }> = async (app, { exchange }) => {
  let prices: SwapPrices | undefined;
  app.addHook('onReady', async () => {
    prices = startSwapPrices(exchange, app.clock, app.config.fundingIntervalMs, (error) =>
      app.log.error({ err: error }, 'contract prices'),
    );
  });
  app.addHook('onClose', async () => {
    await prices?.stop();
  });
  deliverContractMessages(exchange, inboxRepository(app.store.db), {
    clock: app.clock,
    onError: (error) => app.log.error({ err: error }, 'contract message'),
  });
  const context = swapContext(exchange.swap);
  const repository = swapRepository(app.store.db, () => exchange.sync());
  await publicRoutes(app, context, (symbol) => prices?.funding(symbol) ?? { rate: 0n, next: 0 });
  await swapMarketRoutes(app, context);
  await devRoutes(app, context, () => prices);
  await app.register(async (user) => {
    user.addHook('preHandler', requireUser);
    await orderRoutes(user, context);
    await positionRoutes(user, context);
  });
  await historyRoutes(app, context, repository);
  await favorRoutes(app, context, repository);
  await disclaimerRoutes(app, repository);
};
