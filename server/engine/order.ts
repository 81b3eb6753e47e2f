import type { OrderStatus, OrderType, Side, TriggerType } from '../../common/trading.ts';

/**
 * An order inside the engine. Integer units only: `price` in ticks, `quantity`/`remaining`/`filled` in lots,
 * `frozen`/`turnover` in ledger units of the coin the order pays with (quote for buys, base for sells) or receives.
 */
export interface Order {
  readonly id: number;
  readonly userId: number;
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  /** Limit price in ticks; 0 for a market order. */
  readonly price: number;
  /** Lots ordered; 0 for a market buy, which spends `budget` instead. */
  readonly quantity: number;
  /** Market buy: quote ledger units to spend. */
  readonly budget: number;
  /** Stop-loss / take-profit trigger in ticks; 0 for other types. */
  readonly triggerPrice: number;
  readonly triggerType: TriggerType | 0;
  readonly createdAt: number;
  remaining: number;
  filled: number;
  /** Quote ledger units paid (buy) or received before fees (sell). */
  turnover: number;
  /** Fee paid, in units of the coin received. */
  fee: number;
  /** Ledger units still reserved for this order. */
  frozen: number;
  status: OrderStatus;
  /** A stop-loss / take-profit order that has fired and now works as a limit order. */
  triggered: boolean;
  /** Position in time priority, given when the order joins the book; 0 while it never rested. */
  bookSeq: number;
  updatedAt: number;
  /** Neighbours in the price level's queue. */
  prev: Order | null;
  next: Order | null;
}

/** A stop-loss or take-profit order waits off the book until its trigger fires. */
export function isPlan(order: Order): boolean {
  return order.triggerType !== 0 && !order.triggered;
}
