// The signed-in user's state from the private channel (`user`: orders, fills, balances, and the contract kinds), checked frame by frame on its
// seq like a depth book, merged over the page's REST load. Imports only common/ and the wire types of ../api.ts.
import { swapSymbolOf } from '../../common/market.ts';
import { USER_SWAP_KINDS, type UserFrame } from '../../common/protocol.ts';
import { isOpenStatus, type SpotBalance, type SpotFill, type SpotOrder } from '../../common/trading.ts';
import type { SwapUserState, UserBalance, UserLoad, UserStatus } from '../api.ts';
import { isBalance, isFill, isOrder } from './shapes.ts';
import { SwapUser } from './swap.ts';

/** Closed orders kept, most recently changed (older ones are in the order history's REST pages); open ones all stay. */
export const USER_ORDERS_CAP = 200;
/** Fills kept, newest first (the trade list cap of spec trading §9). */
export const USER_FILLS_CAP = 100;

/**
 * applied: the frame is in the state. duplicate: its seq was already applied, dropped. stale: it showed a gap (or was
 * unreadable, which loses it just the same); what it said is applied, and a REST load is wanted.
 */
export type UserApplyResult = 'applied' | 'duplicate' | 'stale';

/** What a user view shows (workers/api.ts Snapshot `user`). */
export interface UserState extends SwapUserState {
  orders: SpotOrder[];
  fills: SpotFill[];
  balances: UserBalance[];
}

/** An order resting in a book, as the book marks it: `amount` and `filled` in the book's amount unit. */
export interface Resting {
  /** 1 buy (a bid), 2 sell (an ask). */
  direction: number;
  price: string;
  amount: string;
  filled: string;
}

/** A held value and the seq of the frame that told it in this subscription (0: loaded, or told before a reconnect). */
interface Held<T> {
  value: T;
  seq: number;
}

/**
 * The user's orders (open ones of every market, plus the latest closed), fills and balances, and their contract state
 * (./swap.ts). Starts stale: the page
 * loads open orders and balances over REST ({@link load}) and the channel keeps them from then on; a reconnect
 * ({@link reset}) or a seq gap makes it stale again.
 */
export class UserChannel {
  status: UserStatus = 'stale';
  /** Seq of the last frame applied in this subscription. */
  seq = 0;
  /** Times it went stale after a reconnect or a gap; a load answers one of them. */
  resyncs = 0;
  /** Frames dropped because their seq was already applied. */
  duplicates = 0;
  /** Markets whose open orders changed since {@link takeChangedMarkets}. */
  private readonly changedMarkets = new Set<string>();
  /** Frames applied ever, for {@link UserBalance.told}. */
  private told = 0;
  /** Insertion order is change order: the most recently changed last. */
  private readonly orders = new Map<number, Held<SpotOrder>>();
  private fills: SpotFill[] = [];
  private readonly balances = new Map<string, Held<UserBalance>>();
  private readonly swap = new SwapUser();

  /**
   * Applies one frame. A seq at or below the last is a re-delivery, dropped and counted; a seq past the next one, or
   * data of the wrong shape, is a gap: the state goes stale (what the frame says is still applied: each frame carries
   * its object's whole latest state). An order event older than the held state of that order changes nothing.
   */
  apply(frame: Pick<UserFrame, 'kind' | 'seq' | 'data'>): UserApplyResult {
    if (frame.seq <= this.seq) {
      this.duplicates++;
      return 'duplicate';
    }
    const gap = frame.seq !== this.seq + 1;
    this.seq = frame.seq;
    this.told++;
    const readable = this.take(frame.kind, frame.data);
    if (!gap && readable) return 'applied';
    this.markStale();
    return 'stale';
  }

  /** The socket came back: its new subscription counts from 1, and whatever was missed needs a load. */
  reset(): void {
    this.seq = 0;
    for (const held of this.orders.values()) held.seq = 0;
    for (const held of this.balances.values()) held.seq = 0;
    this.swap.reset();
    this.markStale();
  }

  /**
   * Merges the page's REST answer for stale round `load.resyncs` (another round's answer is ignored: false). Open orders
   * and balances become the loaded ones, except those the channel told after `load.seq`, which are at least as new; a
   * held open order missing from the answer was closed meanwhile. The state is live afterwards.
   */
  load(load: UserLoad): boolean {
    if (load.resyncs !== this.resyncs || this.status === 'live') return false;
    const newer = (held: Held<unknown>) => held.seq > load.seq;
    const open = new Map<number, SpotOrder>();
    for (const order of load.orders) if (isOpenStatus(order.status)) open.set(order.orderId, order);
    for (const [id, held] of this.orders) {
      if (newer(held) || !isOpenStatus(held.value.status)) open.delete(id);
      else if (!open.has(id)) this.forget(id, held.value);
    }
    for (const order of open.values()) this.putOrder(order, 0);
    const coins = new Set(load.balances.map((b) => b.coin));
    // A coin the answer leaves out holds nothing any more.
    for (const [coin, held] of this.balances) if (!coins.has(coin) && !newer(held)) this.balances.delete(coin);
    for (const balance of load.balances) {
      const held = this.balances.get(balance.coin);
      if (!held || !newer(held)) this.putBalance(balance, 0, 0);
    }
    if (load.swap) this.swap.load(load.swap, load.seq);
    this.status = 'live';
    return true;
  }

  /** The open orders of one market (limit orders resting in its book and stops waiting for their trigger). */
  openAt(symbol: string): SpotOrder[] {
    const out: SpotOrder[] = [];
    for (const { value } of this.orders.values())
      if (value.symbol === symbol && isOpenStatus(value.status)) out.push(value);
    return out;
  }

  /**
   * The user's orders resting in a market's book: spot limit orders (not stops still waiting), or a perpetual's
   * (`BTC/USDT:USDT`) open limit orders, with what is left of them in the book's amount unit.
   */
  restingAt(market: string): Resting[] {
    const contract = swapSymbolOf(market);
    if (contract !== null) return this.swap.restingAt(contract);
    const out: Resting[] = [];
    for (const o of this.openAt(market)) {
      if (o.price === '0' || (o.triggerPrice !== '0' && !o.triggered)) continue;
      out.push({ direction: o.direction, price: o.price, amount: o.amount, filled: o.tradedAmount });
    }
    return out;
  }

  /** Markets whose resting orders changed since the last call (spot, and perpetuals by market name). */
  takeChangedMarkets(): string[] {
    const out = [...this.changedMarkets, ...this.swap.takeChangedMarkets()];
    this.changedMarkets.clear();
    return out;
  }

  /** Orders most recently changed first, fills newest first, balances in the order first told. */
  state(): UserState {
    const orders: SpotOrder[] = [];
    for (const { value } of this.orders.values()) orders.push(value);
    const balances: UserBalance[] = [];
    for (const { value } of this.balances.values()) balances.push(value);
    return { orders: orders.reverse(), fills: [...this.fills], balances, ...this.swap.state() };
  }

  private markStale(): void {
    if (this.status === 'live') this.resyncs++;
    this.status = 'stale';
  }

  /** Applies a frame's data; false when it is not what its kind should carry. */
  private take(kind: UserFrame['kind'], d: Record<string, unknown>): boolean {
    if ((USER_SWAP_KINDS as readonly string[]).includes(kind)) {
      return this.swap.take(kind as (typeof USER_SWAP_KINDS)[number], d, this.seq, this.told);
    }
    if (kind === 'order') {
      if (!isOrder(d)) return false;
      const order = d as unknown as SpotOrder;
      const held = this.orders.get(order.orderId);
      // Never back to an older state of an order (a late event, or one older than the load).
      if (!held || held.value.updateTime <= order.updateTime) this.putOrder(order, this.seq);
      return true;
    }
    if (kind === 'fill') {
      if (!isFill(d)) return false;
      const fill = d as unknown as SpotFill;
      if (!this.fills.some((f) => f.tradeId === fill.tradeId && f.orderId === fill.orderId)) {
        this.fills = [fill, ...this.fills].slice(0, USER_FILLS_CAP);
      }
      return true;
    }
    if (kind === 'balance') {
      if (!isBalance(d)) return false;
      this.putBalance(d as unknown as SpotBalance, this.seq, this.told);
      return true;
    }
    return false;
  }

  private putOrder(order: SpotOrder, seq: number): void {
    const held = this.orders.get(order.orderId);
    // Own-order marks follow every change of an order that rests or rested (cold: a few per trade of the user's).
    if (isOpenStatus(order.status) || (held && isOpenStatus(held.value.status))) this.changedMarkets.add(order.symbol);
    this.orders.delete(order.orderId);
    this.orders.set(order.orderId, { value: order, seq });
    if (this.orders.size > USER_ORDERS_CAP) this.evictClosed();
  }

  private forget(id: number, order: SpotOrder): void {
    this.orders.delete(id);
    if (isOpenStatus(order.status)) this.changedMarkets.add(order.symbol);
  }

  /** Drops the closed orders changed longest ago, down to the cap; open orders all stay. */
  private evictClosed(): void {
    let excess = this.orders.size - USER_ORDERS_CAP;
    for (const [id, held] of this.orders) {
      if (excess <= 0) return;
      if (isOpenStatus(held.value.status)) continue;
      this.orders.delete(id);
      excess--;
    }
  }

  private putBalance(balance: SpotBalance, seq: number, told: number): void {
    const value = { coin: balance.coin, available: balance.available, frozen: balance.frozen, told };
    this.balances.set(balance.coin, { value, seq });
  }
}
