/**
 * The contract bots (issue 20): a maker's ladder on every perpetual around the index plus a drifting basis, a taker
 * that opens and closes leveraged positions, and a punter whose high-leverage bets the market sometimes liquidates.
 * Started beside the spot simulator with the same options.
 */
import type { Exchange } from '../../exchange/index.ts';
import type { SwapSimUsers } from './users.ts';

export { type SwapSimOptions, type SwapSimStats, type SwapSimulator, startSwapSimulator } from './simulator.ts';
export { ensureSwapSimUsers, findSwapSimUsers, SWAP_SIM_USERNAMES, type SwapSimUsers } from './users.ts';

/** With the simulator off, the contract bots' orders of an earlier run would rest at stale prices: they go. */
export async function cancelSwapSimOrders(exchange: Exchange, users: SwapSimUsers): Promise<void> {
  for (const id of users.ids) {
    if (exchange.swap.engine.openOrders(id).length > 0) await exchange.swap.run((e) => e.cancelAll(id));
  }
}
