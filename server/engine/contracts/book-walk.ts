import { notional } from '../../../common/margin/grid.ts';
import { Side } from '../../../common/trading.ts';
import type { OrderBook } from '../book.ts';
import type { Contract } from './contract.ts';
import type { ContractOrder } from './order.ts';

/** What taking `volume` from a book would fill: contracts and their notional (fine units). */
export interface Walk {
  contracts: number;
  value: bigint;
}

/**
 * Walks the side an order of `side` takes from, best first, up to `volume` contracts and (when `limit` > 0) only at
 * prices the limit accepts. Used before an order is accepted: a market order reserves what its walk costs, a
 * fill-or-kill is refused unless the walk fills it whole.
 */
export function walkBook(
  contract: Contract,
  book: OrderBook<ContractOrder>,
  side: Side,
  volume: number,
  limit: number,
): Walk {
  const buying = side === Side.buy;
  let contracts = 0;
  let value = 0n;
  for (const level of book.sideOf(buying ? Side.sell : Side.buy).levelsBestFirst()) {
    if (limit > 0 && (buying ? level.price > limit : level.price < limit)) break;
    const take = Math.min(volume - contracts, level.volume);
    contracts += take;
    value += notional(contract.grid, take, level.price);
    if (contracts === volume) break;
  }
  return { contracts, value };
}

/** Whether a taker at `limit` (0: market) reaches a maker level at `price`. */
export function crosses(side: Side, limit: number, price: number): boolean {
  if (limit === 0) return true;
  return side === Side.buy ? price <= limit : price >= limit;
}
