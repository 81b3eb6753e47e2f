import type { SimOptions } from '../../server/sim/index.ts';

/**
 * The simulator's flow before issue 22 item 4, as options of today's simulator: a step every 250 ms at any rate,
 * takers at 3 / 1 / 0.5 a second by tier as plain Poisson arrivals, no quote updates; the gateway flushed every 50 ms.
 * The ladders and the price walk are the same code in both; the contract bots take the same options.
 */
export const OLD_FLOW: SimOptions = {
  tickMs: 250,
  takerRate: { major: 3, usdt: 1, other: 0.5 },
  quoteRate: { major: 0, usdt: 0, other: 0 },
  clustering: 0,
  burstEveryS: 0,
};

export const OLD_FLUSH_MS = 50;
