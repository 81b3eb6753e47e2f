import type { FastifyInstance } from 'fastify';
import { walletBalanceRoutes } from './balance-routes.ts';
import { depositRoutes } from './deposit-routes.ts';
import { movesRoutes } from './moves-routes.ts';
import { walletsRoutes } from './wallet-routes.ts';

/**
 * The assets calls of spec shell §7 "Assets" (issue 9), on the ledger: deposits and withdrawals with the address book,
 * money moves between wallets and members, and the wallet, balance and bill reads.
 */
export async function assetRoutes(app: FastifyInstance): Promise<void> {
  await app.register(depositRoutes);
  await app.register(movesRoutes);
  await app.register(walletsRoutes);
  await app.register(walletBalanceRoutes);
}
