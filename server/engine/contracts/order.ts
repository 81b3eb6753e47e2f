import type { ActionCode, ContractOrderStatus, MarginModel } from '../../../common/margin/codes.ts';
import type { OrderType, Side } from '../../../common/trading.ts';
import type { Resting } from '../book.ts';
import type { PlanExecution, PositionSide } from './terms.ts';

/**
 * A contract order inside the engine. Prices in ticks, sizes in whole contracts, `cost` in fine units of the settle
 * coin (common/margin/grid.ts), `frozen` and `fee` in ledger units.
 */
export interface ContractOrder extends Resting<ContractOrder> {
  readonly id: number;
  readonly userId: number;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly positionSide: PositionSide;
  /** Never adds to a position: a close, a TP/SL leg, a liquidation. */
  readonly reduceOnly: boolean;
  readonly marginModel: MarginModel;
  readonly leverage: number;
  /** Part of a close-all (bill 206). */
  readonly closeAll: boolean;
  /** What sent the order (spec action codes 0–14). */
  readonly action: ActionCode;
  /** Limit in ticks; 0 for a market order. */
  readonly price: number;
  readonly volume: number;
  readonly createdAt: number;
  remaining: number;
  filled: number;
  /** Σ fill notional, fine units. */
  cost: bigint;
  fee: number;
  /** Ledger units still reserved for the rest of the order (its margin and taker fee). */
  frozen: number;
  status: ContractOrderStatus;
  /** TP/SL given with an opening order: legs that close what it fills. */
  readonly tpsl: { takeProfit?: PlanExecution; stopLoss?: PlanExecution } | null;
  bookSeq: number;
  updatedAt: number;
}

/** +1 for a buy, −1 for a sell: the direction a fill moves a position. */
export function signOf(side: Side): 1 | -1 {
  return side === 1 ? 1 : -1;
}
