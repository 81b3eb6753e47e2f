import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { walletBalanceRoutes } from './balance-routes.ts';
import { depositRoutes, devAssetRoutes } from './deposit-routes.ts';
import { movesRoutes } from './moves-routes.ts';
import { assetServices } from './services.ts';
import { billRoutes, walletRoutes } from './wallet-routes.ts';
import { addressBookRoutes, withdrawRoutes } from './withdraw-routes.ts';
/**
 * The assets calls of spec shell §7 "Assets" (issue 9), on the ledger: deposits and withdrawals with the address book,
 * money moves between wallets and members, and the wallet, balance and bill reads.
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const services = assetServices(app);
  // The timers resume what was pending when the server stopped; they stop before the journal closes.
  app.addHook('onReady', async () => {
    services.deposits.start();
    services.withdrawals.start();
  });
  app.addHook('onClose', async () => {
    await services.deposits.stop();
    await services.withdrawals.stop();
  });
  await app.register(depositRoutes, services);
  await app.register(withdrawRoutes, services);
  await app.register(addressBookRoutes, services);
  if (!app.config.production) await app.register(devAssetRoutes, services);
  await app.register(movesRoutes);
  await app.register(walletRoutes);
  await app.register(billRoutes);
  await app.register(walletBalanceRoutes);
};
