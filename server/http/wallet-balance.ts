import type { FastifyInstance } from 'fastify';
import { add, fromUnits, mul, truncate } from '../../common/decimal.ts';
import { requireUser, userOf } from '../auth/session.ts';
import { ok } from './envelope.ts';

/** Decimals of the USDT values of the dropdown (its totals are converted and rounded by the client, spec shell §9). */
const VALUE_SCALE = 8;

/**
 * Balances of the header's assets dropdown (spec shell §2, §3 "Balance rows", §4: loaded on first hover), read-only.
 * The spot wallet is the ledger's `user:{id}` account (available) and `user:{id}:frozen` (reserved by open orders),
 * read from the exchange's memory, where balances live while it runs. The funding, contract, earn and copy-trading
 * wallets have no ledger accounts yet and answer zero.
 */
export async function walletBalanceRoutes(app: FastifyInstance): Promise<void> {
  const { exchange, marketData } = app;

  /** USD value of each coin: its last USDT price where it has a live USDT market, else the catalogue rate. */
  const usdRates = async (): Promise<Map<string, string>> => {
    const rates = new Map<string, string>();
    for (const coin of await app.store.markets.coins()) rates.set(coin.unit, coin.usdRate);
    for (const m of exchange.markets.values()) {
      if (m.quote !== 'USDT' || !marketData.has(m.symbol)) continue;
      const price = marketData.stats(m.symbol).price;
      if (price > 0) rates.set(m.base, fromUnits(BigInt(price), m.priceScale));
    }
    rates.set('USDT', '1');
    return rates;
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/asset/walletBalance',
    onRequest: requireUser,
    handler: async (request) => {
      const userId = userOf(request).id;
      const coins = await app.store.markets.coins();
      const rates = await usdRates();
      const held = exchange.accounts.balancesOf(userId);
      let spotTotal = '0';
      const balances = [];
      for (const coin of coins) {
        const b = held.get(coin.unit);
        if (!b || (b.available === 0 && b.frozen === 0)) continue;
        const balance = fromUnits(BigInt(b.available), coin.decimals);
        const frozenBalance = fromUnits(BigInt(b.frozen), coin.decimals);
        const usdRate = rates.get(coin.unit) ?? coin.usdRate;
        const usdtValue = truncate(mul(add(balance, frozenBalance), usdRate), VALUE_SCALE);
        spotTotal = add(spotTotal, usdtValue);
        balances.push({
          coin: { unit: coin.unit, name: coin.name, usdRate },
          unit: coin.unit,
          balance,
          frozenBalance,
          releaseBalance: '0',
          usdRate,
          usdtValue,
        });
      }
      return ok({
        spot: { balances, totalUsdt: spotTotal },
        funds: { balances: [], totalUsdt: '0' },
        contract: { amount: '0', profit: '0' },
        financial: { totalAsset: '0', totalInterest: '0', yesterdayInterest: '0' },
        follow: { total: '0', usable: '0' },
        totalUsdt: spotTotal,
      });
    },
  });
}
