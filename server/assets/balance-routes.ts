import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WalletBalanceSchema } from '../../common/contracts/assets.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ok, reply } from '../http/envelope.ts';
import { assetTotalUsdt } from './valuation.ts';
import { copyTradingEnabled, FINANCIAL_EMPTY, loadValuation, walletView } from './wallet-view.ts';

/**
 * Balances of the header's assets dropdown and the assets overview (spec shell §2, §3 "Balance rows", §4), read-only,
 * from the ledger in the exchange's memory (where balances live while it runs):
 * - `funds` and `spot`: rows of the coins held (balance, frozenBalance, releaseBalance, coin.usdRate, usdtValue);
 * - `contract`: amount (the contract wallet's value in USDT) and profit (no contract positions exist yet: 0);
 * - `financial`: totalAsset, totalInterest, yesterdayInterest — no earn products are offered yet, so all 0 and
 *   `products: 0` says so;
 * - `follow`: total and usable in USDT, only while copy trading is enabled (`followEnabled`);
 * - `totalUsdt`: the asset total of spec shell §9 (contract rounded to 2 decimals), which the client converts.
 */
export const walletBalanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { exchange } = app;

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/asset/walletBalance',
    onRequest: requireUser,
    schema: { response: reply(WalletBalanceSchema) },
    handler: async (request) => {
      const userId = userOf(request).id;
      const valuation = await loadValuation(app);
      const followEnabled = await copyTradingEnabled(app);
      const view = (w: 'funds' | 'spot' | 'contract' | 'follow') =>
        walletView(exchange.accounts, userId, w, valuation, false);
      const spot = view('spot');
      const funds = view('funds');
      const contract = view('contract');
      const follow = followEnabled ? view('follow') : null;
      return ok({
        spot: { balances: spot.balances, totalUsdt: spot.totalUsdt },
        funds: { balances: funds.balances, totalUsdt: funds.totalUsdt },
        contract: { amount: contract.totalUsdt, profit: '0', balances: contract.balances },
        financial: FINANCIAL_EMPTY,
        ...(follow
          ? { follow: { total: follow.totalUsdt, usable: follow.usableUsdt, balances: follow.balances } }
          : {}),
        followEnabled,
        totalUsdt: assetTotalUsdt({
          spot: spot.totalUsdt,
          funds: funds.totalUsdt,
          contract: contract.totalUsdt,
          follow: follow?.totalUsdt ?? '0',
          financial: FINANCIAL_EMPTY.totalAsset,
        }),
      });
    },
  });
};
