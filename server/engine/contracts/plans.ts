import { type ActionCode, PricePreference, type TpslMode } from '../../../common/margin/codes.ts';
import { type Crossing, type Trail, trailStep } from '../../../common/margin/triggers.ts';
import { type OrderType, type Side, TriggerType } from '../../../common/trading.ts';
import { TriggerQueue } from '../plans.ts';
import type { PositionSide } from './terms.ts';

/** The price a plan watches. */
export type Watch = 'last' | 'index' | 'mark';

/** Plan and TP/SL order states (the spec's order status for the orders they send is on those orders). */
export const PlanStatus = { waiting: 0, triggered: 1, cancelled: 2, failed: 3 } as const;
export type PlanStatus = (typeof PlanStatus)[keyof typeof PlanStatus];

/** An open plan (open tab 2), a close plan, a position's TP or SL leg, or a trailing stop. */
export type PlanKind = 'open' | 'close' | 'takeProfit' | 'stopLoss' | 'trailing';

/** A conditional contract order: it waits off the book and sends an order when its price is reached. */
export interface SwapPlan {
  readonly id: number;
  readonly userId: number;
  readonly symbol: string;
  readonly kind: PlanKind;
  /** The side of the order it sends. */
  readonly side: Side;
  readonly positionSide: PositionSide;
  readonly triggerType: TriggerType;
  readonly watch: Watch;
  /** Ticks; 0 for a trailing stop. */
  readonly triggerPrice: number;
  readonly crossing: Crossing;
  /** Limit (1) or market (2). */
  readonly orderType: OrderType;
  /** Limit price in ticks; 0 for market. */
  readonly orderPrice: number;
  /** Contracts; 0 closes whatever the position holds when it fires (TP/SL mode 1, whole). */
  volume: number;
  /** 1 whole, 2 partial; 0 for open and close plans. */
  readonly tpslMode: TpslMode | 0;
  trail: Trail | null;
  /** The other leg of a TP/SL pair (0: none): when one fires or is cancelled, so is the other. */
  pairId: number;
  /** An opening order whose fills size this leg while it is open (TP/SL given with the order); 0 otherwise. */
  readonly parentOrderId: number;
  readonly action: ActionCode;
  status: PlanStatus;
  /** The order it sent, 0 before. */
  orderId: number;
  /** Why the order it sent was refused (a failed plan). */
  reason: string;
  readonly createdAt: number;
  updatedAt: number;
}

/** The price a trigger type watches: the index (2), or for trade-price triggers the user's preference (mark or last). */
export function watchOf(triggerType: TriggerType, preference: PricePreference): Watch {
  if (triggerType === TriggerType.indexPrice) return 'index';
  return preference === PricePreference.mark ? 'mark' : 'last';
}

export interface Prices {
  last: number;
  index: number;
  mark: number;
}

const WATCHES: readonly Watch[] = ['last', 'index', 'mark'];

/** One contract's waiting plans: a rising and a falling queue per watched price, and the trailing stops. */
export class PlanBook {
  private readonly queues = new Map<string, TriggerQueue<SwapPlan>>();
  private readonly trailing = new Set<SwapPlan>();
  readonly byId = new Map<number, SwapPlan>();

  constructor() {
    for (const watch of WATCHES) {
      this.queues.set(`${watch}:rise`, new TriggerQueue<SwapPlan>(true));
      this.queues.set(`${watch}:fall`, new TriggerQueue<SwapPlan>(false));
    }
  }

  add(plan: SwapPlan): void {
    this.byId.set(plan.id, plan);
    if (plan.trail) this.trailing.add(plan);
    else this.queueOf(plan).add(plan);
  }

  remove(plan: SwapPlan): void {
    this.byId.delete(plan.id);
    if (plan.trail) this.trailing.delete(plan);
    else this.queueOf(plan).remove(plan);
  }

  /**
   * The next plan the prices have reached, taken out of the book; trailing stops step on their price first, and each
   * one whose extreme moved is passed to `moved` (the extreme is state: it must be journaled to survive a restart).
   */
  popFired(prices: Prices, moved: (plan: SwapPlan) => void): SwapPlan | undefined {
    for (const plan of this.trailing) {
      const price = prices[plan.watch];
      if (price <= 0 || !plan.trail) continue;
      const step = trailStep(plan.trail, price);
      if (step.trail !== plan.trail && !step.fire) moved(plan);
      plan.trail = step.trail;
      if (step.fire) {
        this.remove(plan);
        return plan;
      }
    }
    for (const watch of WATCHES) {
      for (const direction of ['rise', 'fall']) {
        const fired = this.queues.get(`${watch}:${direction}`)?.popFired(prices[watch]);
        if (fired) {
          this.byId.delete(fired.id);
          return fired;
        }
      }
    }
    return undefined;
  }

  private queueOf(plan: SwapPlan): TriggerQueue<SwapPlan> {
    return this.queues.get(`${plan.watch}:${plan.crossing}`) as TriggerQueue<SwapPlan>;
  }
}
