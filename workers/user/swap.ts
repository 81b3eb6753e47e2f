// The contract half of the user channel: positions, open orders, waiting plans, contract wallets and the notices the page
// turns into toasts. Each frame carries its object's whole latest state; the seq bookkeeping is UserChannel's.
import {
  type Position,
  PositionSchema,
  type SwapOrder,
  SwapOrderSchema,
  type SwapPlan,
  SwapPlanSchema,
  type SwapWallet,
  SwapWalletSchema,
} from '../../common/contracts/swap.ts';
import { FundingPaymentSchema } from '../../common/contracts/swap-history.ts';
import { ClosedPositionNoticeSchema, LiquidationNoticeSchema } from '../../common/contracts/swap-market.ts';
import { ActionCode, ContractOrderStatus, isContractOpen } from '../../common/margin/codes.ts';
import { swapMarket } from '../../common/market.ts';
import type { SwapNotice, SwapUserLoad, SwapUserState } from '../api.ts';
import type { Resting } from './index.ts';
import { matches } from './shapes.ts';

/** Closed contract orders kept besides the open ones (older ones are in the order history's REST pages). */
export const SWAP_ORDERS_CAP = 200;
/** Notices kept, newest first: enough for the toasts of a burst (a liquidation wave, a funding settlement). */
export const SWAP_NOTICES_CAP = 50;

/** A plan waiting for its trigger (server PlanStatus.waiting); the others are in the plan history. */
const PLAN_WAITING = 0;
const PLAN_TRIGGERED = 1;
const TPSL_KINDS = ['takeProfit', 'stopLoss', 'trailing'];

interface Held<T> {
  value: T;
  seq: number;
}

type Kind = 'position' | 'positionClosed' | 'swapOrder' | 'swapPlan' | 'swapWallet' | 'funding' | 'liquidation';

/** The user's contract objects, each with the seq of the frame that told it (0: loaded, or told before a reconnect). */
export class SwapUser {
  private readonly positions = new Map<number, Held<Position>>();
  /** Insertion order is change order. */
  private readonly orders = new Map<number, Held<SwapOrder>>();
  private readonly plans = new Map<number, Held<SwapPlan>>();
  private readonly wallets = new Map<string, Held<SwapWallet>>();
  private notices: SwapNotice[] = [];
  /** Positions and plans the channel ended, with the seq that said so, until the next load (which may predate it). */
  private readonly positionsGone = new Map<number, number>();
  /** Markets (`BTC/USDT:USDT`) whose resting orders changed since {@link takeChangedMarkets}. */
  private readonly changedMarkets = new Set<string>();
  private readonly plansGone = new Map<number, number>();

  /** Applies one frame's data at `seq`, `told` numbering it for the page; false when the data is not of its kind. */
  take(kind: Kind, d: Record<string, unknown>, seq: number, told: number): boolean {
    if (kind === 'position') return this.takePosition(d, seq);
    if (kind === 'swapOrder') return this.takeOrder(d, seq, told);
    if (kind === 'swapPlan') return this.takePlan(d, seq, told);
    if (kind === 'swapWallet') {
      if (!matches(SwapWalletSchema, d)) return false;
      const wallet = d as unknown as SwapWallet;
      this.wallets.set(wallet.coin, { value: wallet, seq });
      return true;
    }
    if (kind === 'positionClosed') {
      if (!matches(ClosedPositionNoticeSchema, d)) return false;
      this.positions.delete(d.positionId as number);
      this.positionsGone.set(d.positionId as number, seq);
      this.notice({ kind, told, data: d } as SwapNotice);
      return true;
    }
    const schema = kind === 'funding' ? FundingPaymentSchema : LiquidationNoticeSchema;
    if (!matches(schema, d)) return false;
    this.notice({ kind, told, data: d } as SwapNotice);
    return true;
  }

  /** A reconnect: what was told counts as loaded, so the next load replaces it. */
  reset(): void {
    for (const map of [this.positions, this.orders, this.plans, this.wallets]) {
      for (const held of (map as Map<unknown, Held<unknown>>).values()) held.seq = 0;
    }
    this.positionsGone.clear();
    this.plansGone.clear();
  }

  /** Merges a REST load taken at `seq`: what the channel told after it is at least as new and stays. */
  load(load: SwapUserLoad, seq: number): void {
    replace(this.positions, load.positions, (p) => p.positionId, seq, this.positionsGone);
    const open = load.orders.filter((o) => isContractOpen(o.status));
    // Closed orders stay (recent history); an open one missing from the answer closed meanwhile, unless told later.
    for (const [id, held] of this.orders) {
      if (held.seq <= seq && isContractOpen(held.value.status) && !open.some((o) => o.orderId === id)) {
        this.orders.delete(id);
        this.changedMarkets.add(swapMarket(held.value.symbol));
      }
    }
    for (const order of open) {
      const held = this.orders.get(order.orderId);
      if (!held || held.seq <= seq) this.putOrder(order, 0);
    }
    replace(
      this.plans,
      load.plans.filter((p) => p.status === PLAN_WAITING),
      (p) => p.planId,
      seq,
      this.plansGone,
    );
    replace(this.wallets, load.wallets, (w) => w.coin, seq, new Map());
    this.positionsGone.clear();
    this.plansGone.clear();
  }

  /** The open limit orders of a contract (`BTC/USDT`), in contracts: what its book marks as the user's. */
  restingAt(symbol: string): Resting[] {
    const out: Resting[] = [];
    for (const { value: o } of this.orders.values()) {
      if (o.symbol !== symbol || !isContractOpen(o.status) || o.entrustPrice === '0') continue;
      out.push({
        direction: o.direction,
        price: o.entrustPrice,
        amount: String(o.volume),
        filled: String(o.dealVolume),
      });
    }
    return out;
  }

  /** Markets whose resting orders changed since the last call. */
  takeChangedMarkets(): string[] {
    const out = [...this.changedMarkets];
    this.changedMarkets.clear();
    return out;
  }

  state(): SwapUserState {
    const values = <T>(map: Map<unknown, Held<T>>) => [...map.values()].map((h) => h.value);
    return {
      positions: values(this.positions).sort((a, b) => a.positionId - b.positionId),
      swapOrders: values(this.orders).reverse(),
      plans: values(this.plans).sort((a, b) => b.createTime - a.createTime || b.planId - a.planId),
      wallets: values(this.wallets),
      notices: [...this.notices],
    };
  }

  private takePosition(d: Record<string, unknown>, seq: number): boolean {
    if (!matches(PositionSchema, d)) return false;
    const position = d as unknown as Position;
    if (position.volume > 0) this.positions.set(position.positionId, { value: position, seq });
    else {
      this.positions.delete(position.positionId);
      this.positionsGone.set(position.positionId, seq);
    }
    return true;
  }

  private takeOrder(d: Record<string, unknown>, seq: number, told: number): boolean {
    if (!matches(SwapOrderSchema, d)) return false;
    const order = d as unknown as SwapOrder;
    const held = this.orders.get(order.orderId);
    if (held && held.value.updateTime > order.updateTime) return true;
    this.putOrder(order, seq);
    // An ADL reduction is an order of the engine's on the user's position; its fill is the news.
    const filled = order.status === ContractOrderStatus.filled || order.status === ContractOrderStatus.partlyCancelled;
    if (order.action === ActionCode.autoDeleveraging && filled) this.notice({ kind: 'adl', told, data: order });
    return true;
  }

  private takePlan(d: Record<string, unknown>, seq: number, told: number): boolean {
    if (!matches(SwapPlanSchema, d)) return false;
    const plan = d as unknown as SwapPlan;
    if (plan.status === PLAN_WAITING) this.plans.set(plan.planId, { value: plan, seq });
    else {
      this.plans.delete(plan.planId);
      this.plansGone.set(plan.planId, seq);
    }
    if (plan.status === PLAN_TRIGGERED && TPSL_KINDS.includes(plan.planType)) {
      this.notice({ kind: 'tpsl', told, data: plan });
    }
    return true;
  }

  private putOrder(order: SwapOrder, seq: number): void {
    const held = this.orders.get(order.orderId);
    if (isContractOpen(order.status) || (held && isContractOpen(held.value.status))) {
      this.changedMarkets.add(swapMarket(order.symbol));
    }
    this.orders.delete(order.orderId);
    this.orders.set(order.orderId, { value: order, seq });
    let excess = this.orders.size - SWAP_ORDERS_CAP;
    for (const [id, held] of this.orders) {
      if (excess <= 0) break;
      if (isContractOpen(held.value.status)) continue;
      this.orders.delete(id);
      excess--;
    }
  }

  private notice(notice: SwapNotice): void {
    this.notices = [notice, ...this.notices].slice(0, SWAP_NOTICES_CAP);
  }
}

/**
 * The held map becomes the loaded rows, except those told after `seq`, which are at least as new, and those `gone`
 * says the channel ended after `seq`.
 */
function replace<K, T>(
  map: Map<K, Held<T>>,
  rows: readonly T[],
  key: (row: T) => K,
  seq: number,
  gone: ReadonlyMap<K, number>,
): void {
  const loaded = new Map(rows.filter((row) => (gone.get(key(row)) ?? 0) <= seq).map((row) => [key(row), row]));
  for (const [k, held] of map) if (held.seq <= seq && !loaded.has(k)) map.delete(k);
  for (const [k, row] of loaded) {
    const held = map.get(k);
    if (!held || held.seq <= seq) map.set(k, { value: row, seq: 0 });
  }
}
