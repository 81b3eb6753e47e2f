import { OrderType, Side } from '../../../../common/trading.ts';
import { swapContracts } from '../../../../server/db/seed/catalogue.ts';
import { riskTablesFor } from '../../../../server/db/seed/risk-tables.ts';
import { type Contract, contractOf } from '../../../../server/engine/contracts/contract.ts';
import { SwapEngine } from '../../../../server/engine/contracts/engine.ts';
import type { SwapPlace } from '../../../../server/engine/contracts/types.ts';
import { Accounts } from '../../../../server/ledger/accounts.ts';

/** A seeded perpetual in engine units (BTC: ticks of 0.1, contracts of 0.001 BTC; ETH: 0.01 and 0.01). */
export function seededContract(base: string): Contract {
  const seed = swapContracts.find((c) => c.base === base);
  if (!seed) throw new Error(`no ${base} contract`);
  return contractOf({
    symbol: `${seed.base}_${seed.quote}`,
    base: seed.base,
    quote: seed.quote,
    settleDecimals: 6,
    priceScale: seed.priceScale,
    contractSize: seed.contractSize,
    minVolume: seed.minVolume,
    maxLeverage: seed.maxLeverage,
    defLeverage: seed.defLeverage,
    canOpenLv1000: seed.canOpenLv1000,
    makerFee: seed.makerFee,
    takerFee: seed.takerFee,
    ...riskTablesFor(seed.maxLeverage, seed.canOpenLv1000),
  });
}

export const USDT = 1_000_000;

/** An engine with BTC and ETH perpetuals and users funded in their contract wallets. */
export function engineWith(funds: Record<number, number>) {
  const accounts = new Accounts();
  let now = 1_000;
  const engine = new SwapEngine([seededContract('BTC'), seededContract('ETH')], accounts, () => now);
  for (const [user, amount] of Object.entries(funds)) {
    if (amount === 0) continue;
    accounts.transfer(`fund:${user}`, 0, [
      {
        from: { system: 'external' },
        to: { userId: Number(user), wallet: 'contract' },
        coin: 'USDT',
        amount,
        kind: 'transfer',
      },
    ]);
  }
  accounts.entries = [];
  const tick = (ms = 1) => {
    now += ms;
  };
  return { engine, accounts, tick };
}

export const limit = (userId: number, side: Side, price: number, volume: number, extra: Partial<SwapPlace> = {}) => ({
  userId,
  symbol: 'BTC_USDT',
  side,
  type: OrderType.limit,
  price,
  volume,
  ...extra,
});

export const market = (userId: number, side: Side, volume: number, extra: Partial<SwapPlace> = {}) => ({
  userId,
  symbol: 'BTC_USDT',
  side,
  type: OrderType.market,
  price: 0,
  volume,
  ...extra,
});

export { OrderType, Side };
