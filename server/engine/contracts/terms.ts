import type { OrderType, TriggerType } from '../../../common/order-codes.ts';

/**
 * The contract engine's smallest shared words, below every module of it (so none of them import each other in a
 * circle).
 */

/** Which position an order works on: one-way mode has one per symbol, hedge mode a long and a short. */
export type PositionSide = 'both' | 'long' | 'short';

/** How a TP/SL leg or a plan sends its order when it fires. */
export interface PlanExecution {
  triggerPrice: number;
  triggerType: TriggerType;
  /** Limit (1) or market (2, the default). */
  orderType?: OrderType;
  orderPrice?: number;
}
