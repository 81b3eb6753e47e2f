/**
 * The market simulator (DESIGN §5): a market maker that keeps ladders of limit orders around a per-coin USD random
 * walk and requotes near the touch, and a taker that trades against them in clusters and bursts (flow.ts), so every
 * spot market moves from the first second, in 50 steps a second; the contract bots (swap/) do the same, at their old
 * pace, on the perpetuals. The one door into server/sim.
 *
 *   const users = await ensureSimUsers(db);
 *   const exchange = await Exchange.open(db, { clock, isMarketMaker: (id) => users.ids.has(id) });
 *   const sim = startSimulator(exchange, users, { ...loadConfig().simOptions, log });
 *   …
 *   await sim.stop();
 */
import type { Exchange } from '../exchange/index.ts';
import type { SimUsers } from './users.ts';

export { SIM_INVENTORY_ACCOUNT, SIM_INVENTORY_KIND } from './funding.ts';
export {
  DEFAULT_LEVELS,
  DEFAULT_TAKER_RATE,
  DEFAULT_TICK_MS,
  type MarketTier,
  type SimLogger,
  type SimOptions,
} from './options.ts';
export { type SimStats, type Simulator, startSimulator } from './simulator.ts';
export {
  cancelSwapSimOrders,
  ensureSwapSimUsers,
  findSwapSimUsers,
  SWAP_SIM_USERNAMES,
  type SwapSimOptions,
  type SwapSimStats,
  type SwapSimUsers,
  type SwapSimulator,
  startSwapSimulator,
} from './swap/index.ts';
export { ensureSimUsers, findSimUsers, SIM_USERNAMES, type SimUsers } from './users.ts';

/** With the simulator off, the bots' orders of an earlier run would rest forever at stale prices: this takes them away. */
export async function cancelSimOrders(exchange: Exchange, users: SimUsers): Promise<void> {
  for (const id of users.ids) {
    if (exchange.engine.openOrders(id).length > 0) await exchange.cancelAll(id);
  }
}
