import type { FastifyInstance } from 'fastify';
import type { WalletRow, WalletView } from '../../common/contracts/assets.ts';
import type { CoinInfoRow } from '../exchange/catalogue.ts';
import { logoOf } from '../exchange/catalogue.ts';
import { type Accounts, WALLETS, type Wallet } from '../ledger/accounts.ts';
import { shellContentRepository } from '../shell/repository.ts';
import { sumOf, usdRatesOf, usdtValue, valueBalance } from './valuation.ts';

/** Coins, their USD rates and which of them trade: read once per request. */
export interface Valuation {
  coins: readonly CoinInfoRow[];
  rates: ReadonlyMap<string, string>;
  /** Each coin's market to trade it on: its USDT market, else another where it is the base, else the quote. */
  markets: ReadonlyMap<string, string>;
}

export async function loadValuation(app: FastifyInstance): Promise<Valuation> {
  const coins = await app.store.markets.coins();
  const { exchange, marketData } = app;
  const rates = usdRatesOf(coins, exchange.markets.values(), (symbol) =>
    marketData.has(symbol) ? marketData.stats(symbol).price : 0,
  );
  return { coins, rates, markets: tradeMarkets([...exchange.markets.values()]) };
}

/** The market each coin is traded on from the wallet pages, preferring its USDT market. */
export function tradeMarkets(markets: readonly { symbol: string; base: string; quote: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of markets) if (m.quote === 'USDT') out.set(m.base, m.symbol);
  for (const m of markets) if (!out.has(m.base)) out.set(m.base, m.symbol);
  for (const m of markets) if (!out.has(m.quote)) out.set(m.quote, m.symbol);
  return out;
}

/** Copy trading is shown unless the app config's followEnable is false and the follow config status is 0 (spec §4). */
export async function copyTradingEnabled(app: FastifyInstance): Promise<boolean> {
  const content = shellContentRepository(app.store.db);
  const [index, follow] = await Promise.all([content.config('index'), content.config('follow')]);
  return index.followEnable === true || (typeof follow.status === 'number' && follow.status !== 0);
}

/** The wallets a user sees and moves money between: follow only while copy trading is enabled (spec shell §2, §4). */
export async function visibleWallets(app: FastifyInstance): Promise<Wallet[]> {
  const follow = await copyTradingEnabled(app);
  return WALLETS.filter((w) => w !== 'follow' || follow);
}

/** One wallet of a user, in catalogue order; coins never held are left out unless `everyCoin`. */
export function walletView(
  accounts: Accounts,
  userId: number,
  type: Wallet,
  valuation: Valuation,
  everyCoin: boolean,
): WalletView {
  const held = accounts.walletBalancesOf(userId, type);
  const balances: WalletRow[] = [];
  const usable: string[] = [];
  for (const c of valuation.coins) {
    const b = held.get(c.unit);
    if (!everyCoin && (!b || (b.available === 0 && b.frozen === 0))) continue;
    const usdRate = valuation.rates.get(c.unit) ?? c.usdRate;
    const valued = valueBalance(b?.available ?? 0, b?.frozen ?? 0, c.decimals, usdRate);
    usable.push(usdtValue(valued.balance, usdRate));
    balances.push({
      coin: {
        unit: c.unit,
        name: c.name,
        decimals: c.decimals,
        usdRate,
        logoUrl: logoOf(c.unit),
        canDeposit: c.canDeposit,
        canWithdraw: c.canWithdraw,
        market: valuation.markets.get(c.unit) ?? null,
      },
      unit: c.unit,
      ...valued,
      releaseBalance: '0',
      usdRate,
    });
  }
  return { type, balances, totalUsdt: sumOf(balances.map((r) => r.usdtValue)), usableUsdt: sumOf(usable) };
}

/** The earn wallet: no earn products are offered yet, so it holds nothing (`products` says so). */
export const FINANCIAL_EMPTY = {
  totalAsset: '0',
  totalInterest: '0',
  yesterdayInterest: '0',
  products: 0,
} as const;
