/** Enumerations of the trading areas (spec trading §4), shared by the server, the workers and the UI. */

// The order codes are wire values of the spot contract (common/contracts/spot-trade.ts), so they sit below it.
import { OrderStatus } from './order-codes.ts';

export { OrderStatus, OrderType, Side, TriggerType } from './order-codes.ts';

export function isOpenStatus(status: OrderStatus): boolean {
  return status === OrderStatus.open || status === OrderStatus.partlyFilled;
}

/** Spot bill types written by the exchange (spec trading §9 lists the shared ones: fee 9). */
export const SpotBillType = { trade: 1, fee: 9, freeze: 10, unfreeze: 11 } as const;
export type SpotBillType = (typeof SpotBillType)[keyof typeof SpotBillType];

// The spot order, fill and balance wire types live in the contract layer; named here for the readers that import
// them from this file.
export type { SpotBalance, SpotFill, SpotOrder } from './contracts/spot-trade.ts';
