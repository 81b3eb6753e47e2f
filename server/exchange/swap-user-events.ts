import type { ContractRow } from '../engine/contracts/contract.ts';
import type { Holding } from '../engine/contracts/holdings.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { SwapPlan } from '../engine/contracts/plans.ts';
import type { SwapEvent, SwapMarket } from '../engine/contracts/types.ts';
import type { MarketListener } from '../gateway/source.ts';
import { closedPositionNotice, fundingNotice, liquidationView } from '../swap/notice-views.ts';
import { orderView, planView, positionView, walletView } from '../swap/views.ts';
import type { SwapExchange } from './swap.ts';

/** What one committed batch changed, latest state per object, bots left out. */
class Batch {
  readonly orders = new Map<number, ContractOrder>();
  readonly plans = new Map<number, SwapPlan>();
  readonly holdings = new Set<Holding>();
  readonly notices: {
    userId: number;
    symbol: string;
    build: (m: SwapMarket, row: ContractRow) => object;
    kind: Kind;
  }[] = [];
  /** Users and the settle coins whose contract wallet moved, each with a contract of that coin (for its decimals). */
  readonly wallets = new Map<number, Map<string, ContractRow>>();

  touch(userId: number, symbol: string, swap: SwapExchange): void {
    const row = swap.catalogue.get(symbol);
    if (!row) return;
    let coins = this.wallets.get(userId);
    if (!coins) {
      coins = new Map();
      this.wallets.set(userId, coins);
    }
    if (!coins.has(row.quote)) coins.set(row.quote, row);
  }
}

type Kind = 'positionClosed' | 'funding' | 'liquidation';

/**
 * One batch's contract events for their users, in the REST views: each order's and plan's latest state, each position
 * (a flat slot is told by `positionClosed`), the funding and liquidation notices, then the contract wallets they moved.
 */
export function publishSwapPrivate(
  swap: SwapExchange,
  events: readonly SwapEvent[],
  listener: MarketListener,
  isMarketMaker: (userId: number) => boolean,
): void {
  const batch = collect(swap, events, isMarketMaker);
  const lookup = (symbol: string) => {
    const row = swap.catalogue.get(symbol);
    const market = swap.engine.market(symbol);
    return row && market ? { row, market } : null;
  };
  for (const o of batch.orders.values()) {
    const found = lookup(o.symbol);
    if (found) listener.user(o.userId, 'swapOrder', { ...orderView(found.market, found.row, o) });
  }
  for (const p of batch.plans.values()) {
    const found = lookup(p.symbol);
    if (found) listener.user(p.userId, 'swapPlan', { ...planView(found.market, p) });
  }
  for (const h of batch.holdings) {
    const found = lookup(h.symbol);
    if (found && h.position) {
      listener.user(h.userId, 'position', { ...positionView(swap.engine, found.market, found.row, h) });
    }
  }
  for (const n of batch.notices) {
    const found = lookup(n.symbol);
    if (found) listener.user(n.userId, n.kind, { ...n.build(found.market, found.row) });
  }
  for (const [userId, coins] of batch.wallets) {
    for (const row of coins.values()) listener.user(userId, 'swapWallet', { ...walletView(swap.engine, row, userId) });
  }
}

function collect(swap: SwapExchange, events: readonly SwapEvent[], isMarketMaker: (userId: number) => boolean): Batch {
  const batch = new Batch();
  for (const e of events) {
    if (e.type === 'order') {
      if (isMarketMaker(e.order.userId)) continue;
      batch.orders.set(e.order.id, e.order);
      batch.touch(e.order.userId, e.order.symbol, swap);
    } else if (e.type === 'plan') {
      if (!isMarketMaker(e.plan.userId)) batch.plans.set(e.plan.id, e.plan);
    } else if (e.type === 'position') {
      if (isMarketMaker(e.holding.userId)) continue;
      batch.holdings.add(e.holding);
      // An isolated margin moved, a fill settled: the wallet moved with the position.
      batch.touch(e.holding.userId, e.holding.symbol, swap);
    } else if (e.type === 'positionClosed') {
      const c = e.closed;
      if (isMarketMaker(c.userId)) continue;
      const build = (m: SwapMarket, row: ContractRow) => closedPositionNotice(m, row, c);
      batch.notices.push({ userId: c.userId, symbol: c.symbol, kind: 'positionClosed', build });
      batch.touch(c.userId, c.symbol, swap);
    } else if (e.type === 'funding' || e.type === 'liquidation') {
      if (isMarketMaker(e.userId)) continue;
      const build =
        e.type === 'funding'
          ? (m: SwapMarket, row: ContractRow) => fundingNotice(m, row, e)
          : (m: SwapMarket) => liquidationView(m, e);
      batch.notices.push({ userId: e.userId, symbol: e.symbol, kind: e.type, build });
      batch.touch(e.userId, e.symbol, swap);
    }
  }
  return batch;
}
