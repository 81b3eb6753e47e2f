import { RATE_SCALE } from './grid.ts';

/**
 * Auto-deleveraging rank and the 0–4 lights (research §1.7). When the insurance fund cannot take a bankrupt position,
 * the opposite side's positions are closed against it in order of this rank, highest first.
 *
 *   PnL%        = uPnL ÷ |entry value|
 *   effLeverage = |mark value| ÷ equity of the position
 *   rank        = PnL% × effLeverage when PnL% > 0, else PnL% ÷ effLeverage
 */

/** What the rank needs of one position, all in fine units. */
export interface AdlInputs {
  unrealized: bigint;
  /** Entry value (the position's cost), > 0. */
  cost: bigint;
  /** Notional at the mark, > 0. */
  markValue: bigint;
  /** Margin that stands behind the position plus its uPnL (isolated margin, or its share of a cross wallet). */
  equity: bigint;
}

/** The rank in 10^-8. A position with no equity left ranks first: it is the most leveraged there is. */
export function adlRank(p: AdlInputs): bigint {
  if (p.cost <= 0n || p.markValue <= 0n) throw new RangeError('adl: a position needs a value');
  if (p.equity <= 0n) return p.unrealized > 0n ? BigInt(Number.MAX_SAFE_INTEGER) * RATE_SCALE : -RATE_SCALE;
  if (p.unrealized > 0n) return (p.unrealized * p.markValue * RATE_SCALE) / (p.cost * p.equity);
  return (p.unrealized * p.equity * RATE_SCALE) / (p.cost * p.markValue);
}

/**
 * The lights of each rank among its side's positions: 4 for the top fifth (closed first), down to 0 for the bottom
 * fifth; a side's only position is first in line (4); equal ranks share a light. In the order of `ranks`.
 */
export function adlQuantiles(ranks: readonly bigint[]): number[] {
  const n = ranks.length;
  const order = ranks
    .map((rank, at) => ({ rank, at }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const lights = new Array<number>(n).fill(0);
  let start = 0;
  while (start < n) {
    let end = start;
    while (end + 1 < n && order[end + 1]?.rank === order[start]?.rank) end += 1;
    // The highest position of a run of equals decides its light, so ties never rank lower than they would alone.
    const light = Math.floor(((end + 1) * 5 - 1) / n);
    for (let i = start; i <= end; i += 1) lights[(order[i] as { at: number }).at] = light;
    start = end + 1;
  }
  return lights;
}
