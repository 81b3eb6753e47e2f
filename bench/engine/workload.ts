import { mulberry32 } from '../../server/sim/random.ts';

/**
 * A reproducible order flow for one market: limits around a drifting mid (a few percent crossing), market orders and
 * cancels of earlier orders. Precomputed into typed arrays so generating it is not timed.
 */
export const Kind = { limit: 0, market: 1, cancel: 2 } as const;

export interface Workload {
  length: number;
  kind: Uint8Array;
  /** 1 buy, 2 sell. */
  side: Uint8Array;
  /** Ticks. */
  price: Float64Array;
  /** Lots. */
  quantity: Float64Array;
  /** For a cancel: the ordinal of an earlier place command (its n-th order). */
  target: Float64Array;
  /** Place commands in the workload. */
  orders: number;
  users: number;
}

export function workload(length: number, seed = 42, mid0 = 9_500_000): Workload {
  const random = mulberry32(seed);
  const w: Workload = {
    length,
    kind: new Uint8Array(length),
    side: new Uint8Array(length),
    price: new Float64Array(length),
    quantity: new Float64Array(length),
    target: new Float64Array(length),
    orders: 0,
    users: 8,
  };
  let mid = mid0;
  for (let i = 0; i < length; i++) {
    if (random() < 0.01) mid += random() < 0.5 ? -1 : 1;
    const r = random();
    const side = random() < 0.5 ? 1 : 2;
    w.side[i] = side;
    if (r < 0.3 && w.orders > 0) {
      w.kind[i] = Kind.cancel;
      // Mostly recent orders, as traders cancel what they just placed.
      const back = Math.floor(random() ** 3 * Math.min(w.orders, 5000));
      w.target[i] = w.orders - 1 - back;
      continue;
    }
    w.kind[i] = r < 0.37 ? Kind.market : Kind.limit;
    // Limits rest 0–200 ticks behind the mid; about one in twenty crosses it by a little.
    const offset = Math.floor(random() * 200) - 10;
    w.price[i] = side === 1 ? mid - offset : mid + offset;
    w.quantity[i] = 1 + Math.floor(random() * 20_000);
    w.orders++;
  }
  return w;
}
