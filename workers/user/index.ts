// The signed-in user's private channel (`user`: orders, fills, balances), kept as the latest state of each since the
// view opened; the page merges it over what it fetched. Imports only common/.
import type { UserFrame } from '../../common/protocol.ts';
import type { SpotBalance, SpotFill, SpotOrder } from '../../common/trading.ts';

/** Orders kept (most recently changed); older ones are in the page's REST lists. */
export const USER_ORDERS_CAP = 200;
/** Fills kept, newest first (the trade list cap of spec trading §9). */
export const USER_FILLS_CAP = 100;

type Fields = Record<string, unknown>;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 64;
/** An exact decimal string as the server writes them. */
const isAmount = (v: unknown): v is string => typeof v === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(v);

function isOrder(d: Fields): boolean {
  return (
    isId(d.orderId) &&
    isText(d.symbol) &&
    isText(d.coinSymbol) &&
    isText(d.baseSymbol) &&
    (d.direction === 1 || d.direction === 2) &&
    isInt(d.type) &&
    isInt(d.status) &&
    isInt(d.time) &&
    isInt(d.updateTime) &&
    ['price', 'amount', 'tradedAmount', 'turnover', 'averagePrice', 'fee', 'triggerPrice'].every((k) => isAmount(d[k]))
  );
}

function isFill(d: Fields): boolean {
  return (
    isId(d.tradeId) &&
    isId(d.orderId) &&
    isText(d.symbol) &&
    (d.direction === 1 || d.direction === 2) &&
    isInt(d.time) &&
    typeof d.maker === 'boolean' &&
    ['price', 'amount', 'turnover', 'fee'].every((k) => isAmount(d[k]))
  );
}

const isBalance = (d: Fields): boolean => isText(d.coin) && isAmount(d.available) && isAmount(d.frozen);

/** What a user view shows: the latest state of each order, fill and balance the channel has told since it opened. */
export interface UserState {
  orders: SpotOrder[];
  fills: SpotFill[];
  balances: SpotBalance[];
}

export class UserChannel {
  private readonly orders = new Map<number, SpotOrder>();
  private fills: SpotFill[] = [];
  private readonly balances = new Map<string, SpotBalance>();

  /** Applies one frame; a frame whose data has the wrong shape changes nothing. Returns whether anything changed. */
  apply(frame: Pick<UserFrame, 'kind' | 'data'>): boolean {
    const d = frame.data;
    switch (frame.kind) {
      case 'order': {
        if (!isOrder(d)) return false;
        const order = d as unknown as SpotOrder;
        const held = this.orders.get(order.orderId);
        // Events of one order can be re-sent after a reconnect: never go back to an older state.
        if (held && held.updateTime > order.updateTime) return false;
        this.orders.delete(order.orderId);
        this.orders.set(order.orderId, order);
        if (this.orders.size > USER_ORDERS_CAP) this.orders.delete(this.orders.keys().next().value as number);
        return true;
      }
      case 'fill': {
        if (!isFill(d)) return false;
        const fill = d as unknown as SpotFill;
        if (this.fills.some((f) => f.tradeId === fill.tradeId && f.orderId === fill.orderId)) return false;
        this.fills = [fill, ...this.fills].slice(0, USER_FILLS_CAP);
        return true;
      }
      case 'balance': {
        if (!isBalance(d)) return false;
        const balance = d as unknown as SpotBalance;
        this.balances.set(balance.coin, { coin: balance.coin, available: balance.available, frozen: balance.frozen });
        return true;
      }
      default:
        return false;
    }
  }

  /** Orders most recently changed first. */
  state(): UserState {
    return {
      orders: [...this.orders.values()].reverse(),
      fills: [...this.fills],
      balances: [...this.balances.values()],
    };
  }
}
