import { ActionCode, type PricePreference, TpslMode } from '../../../common/margin/codes.ts';
import {
  crossingOf,
  isLegTriggerValid,
  positionLegCrossing,
  TRAIL_RATE_MAX,
  TRAIL_RATE_MIN,
} from '../../../common/margin/triggers.ts';
import { OrderType, Side, TriggerType } from '../../../common/trading.ts';
import type { Holdings } from './holdings.ts';
import type { ContractOrder } from './order.ts';
import { type PlanKind, PlanStatus, type Prices, type SwapPlan, type Watch, watchOf } from './plans.ts';
import type { PlanExecution, PositionSide } from './terms.ts';

export type PlanRefusal =
  | 'badTrigger'
  | 'triggerWouldFire'
  | 'noPrice'
  | 'noPosition'
  | 'badVolume'
  | 'badRate'
  | 'planNotFound';

/** What the planner needs of the engine. */
export interface PlannerHost {
  readonly holdings: Holdings;
  clock(): number;
  prices(symbol: string): Prices | undefined;
  preference(userId: number): PricePreference;
  emitPlan(plan: SwapPlan): void;
  addPlan(plan: SwapPlan): void;
  removePlan(plan: SwapPlan): void;
  findPlan(id: number): SwapPlan | undefined;
  plansOf(userId: number): Iterable<SwapPlan>;
}

const positiveInt = (n: number) => Number.isSafeInteger(n) && n > 0;

/** A leg's own shape: a positive trigger, a known trigger type, a positive limit price when it sends a limit. */
export function execRefusal(exec: PlanExecution): PlanRefusal | null {
  if (!positiveInt(exec.triggerPrice)) return 'badTrigger';
  if (exec.triggerType !== TriggerType.tradePrice && exec.triggerType !== TriggerType.indexPrice) return 'badTrigger';
  if (exec.orderType !== undefined && exec.orderType !== OrderType.limit && exec.orderType !== OrderType.market) {
    return 'badTrigger';
  }
  if (exec.orderType === OrderType.limit && !positiveInt(exec.orderPrice ?? 0)) return 'badTrigger';
  return null;
}

/**
 * Builds, pairs and retires conditional orders (research §1.8): plans, a position's TP/SL legs (whole or partial,
 * paired so one firing cancels the other), trailing stops. Firing is the engine's: it sends the order a plan names.
 */
export class Planner {
  nextPlanId = 1;

  constructor(private readonly host: PlannerHost) {}

  /** The side of the order that closes a position slot (and the sign of that position). */
  closingSide(positionSide: PositionSide, holdingSign: 1 | -1): Side {
    if (positionSide === 'long') return Side.sell;
    if (positionSide === 'short') return Side.buy;
    return holdingSign === 1 ? Side.sell : Side.buy;
  }

  /** A plan (open tab 2): opens or closes when its trigger is crossed, from where the price is now. */
  plan(
    userId: number,
    symbol: string,
    side: Side,
    positionSide: PositionSide,
    close: boolean,
    volume: number,
    exec: PlanExecution,
  ): SwapPlan | PlanRefusal {
    if (!positiveInt(volume)) return 'badVolume';
    const refused = execRefusal(exec);
    if (refused) return refused;
    const watched = this.watched(userId, symbol, exec.triggerType);
    if (typeof watched === 'string') return watched;
    if (exec.triggerPrice === watched.price) return 'triggerWouldFire';
    const crossing = crossingOf(exec.triggerPrice, watched.price);
    const kind: PlanKind = close ? 'close' : 'open';
    const action = close ? ActionCode.close : ActionCode.open;
    return this.add(userId, symbol, { kind, side, positionSide, watch: watched.watch, crossing, volume, exec, action });
  }

  /**
   * A position's TP and/or SL (spec `position-take-profit-stop-loss`): whole legs close whatever the position holds
   * and replace the whole legs it had; partial legs close their own size. Two legs given together are a pair.
   */
  tpsl(
    userId: number,
    symbol: string,
    positionSide: PositionSide,
    mode: TpslMode,
    legs: { takeProfit?: PlanExecution; stopLoss?: PlanExecution; volume?: number },
  ): SwapPlan[] | PlanRefusal {
    const position = this.host.holdings.find(userId, symbol, positionSide)?.position;
    if (!position) return 'noPosition';
    const volume = mode === TpslMode.whole ? 0 : (legs.volume ?? 0);
    if (mode === TpslMode.partial && !(positiveInt(volume) && volume <= position.contracts)) return 'badVolume';
    const made: SwapPlan[] = [];
    for (const leg of ['takeProfit', 'stopLoss'] as const) {
      const exec = legs[leg];
      if (!exec) continue;
      const refused = execRefusal(exec);
      if (refused) return refused;
      const watched = this.watched(userId, symbol, exec.triggerType);
      if (typeof watched === 'string') return watched;
      if (!isLegTriggerValid(position.sign, leg, exec.triggerPrice, watched.price)) return 'triggerWouldFire';
    }
    if (mode === TpslMode.whole) this.retire(userId, symbol, positionSide, (p) => p.tpslMode === TpslMode.whole);
    const side = this.closingSide(positionSide, position.sign);
    for (const leg of ['takeProfit', 'stopLoss'] as const) {
      const exec = legs[leg];
      if (!exec) continue;
      const watch = watchOf(exec.triggerType, this.host.preference(userId));
      const crossing = positionLegCrossing(position.sign, leg);
      const action = leg === 'takeProfit' ? ActionCode.positionTakeProfit : ActionCode.positionStopLoss;
      made.push(
        this.add(userId, symbol, { kind: leg, side, positionSide, watch, crossing, volume, exec, action, mode }),
      );
    }
    pair(made);
    return made;
  }

  /** A trailing stop on a position: activation price (0: at once) and a callback rate in 10^-8 (0.1 %–10 %). */
  trailing(
    userId: number,
    symbol: string,
    positionSide: PositionSide,
    activePrice: number,
    rate: bigint,
    volume: number,
  ): SwapPlan | PlanRefusal {
    const position = this.host.holdings.find(userId, symbol, positionSide)?.position;
    if (!position) return 'noPosition';
    if (rate < TRAIL_RATE_MIN || rate > TRAIL_RATE_MAX) return 'badRate';
    if (!(volume === 0 || (positiveInt(volume) && volume <= position.contracts))) return 'badVolume';
    if (activePrice !== 0 && !positiveInt(activePrice)) return 'badTrigger';
    const side = this.closingSide(positionSide, position.sign);
    const exec = { triggerPrice: 0, triggerType: TriggerType.tradePrice };
    const watch = watchOf(TriggerType.tradePrice, this.host.preference(userId));
    const action = position.sign === 1 ? ActionCode.drawdownStopLoss : ActionCode.drawdownTakeProfit;
    const plan = this.add(
      userId,
      symbol,
      { kind: 'trailing', side, positionSide, watch, crossing: 'fall', volume, exec, action },
      {
        closingSide: side,
        activePrice: activePrice || null,
        rate,
        extreme: null,
      },
    );
    return plan;
  }

  /** Cancels a user's plan (and its paired leg). */
  cancel(userId: number, id: number): SwapPlan | PlanRefusal {
    const plan = this.host.findPlan(id);
    if (!plan || plan.userId !== userId) return 'planNotFound';
    this.end(plan, PlanStatus.cancelled);
    return plan;
  }

  /** Retires the plans of a position slot that match, e.g. all of them once the position is closed. */
  retire(userId: number, symbol: string, positionSide: PositionSide, which: (plan: SwapPlan) => boolean): void {
    for (const plan of [...this.host.plansOf(userId)]) {
      if (plan.symbol !== symbol || plan.positionSide !== positionSide) continue;
      if (plan.kind === 'open' || plan.kind === 'close' || !which(plan)) continue;
      this.end(plan, PlanStatus.cancelled);
    }
  }

  /** A plan leaves the book: fired, cancelled or failed; a paired leg goes with it. */
  end(plan: SwapPlan, status: PlanStatus, reason = ''): void {
    if (plan.status === PlanStatus.waiting && this.host.findPlan(plan.id)) this.host.removePlan(plan);
    plan.status = status;
    plan.reason = reason;
    plan.updatedAt = this.host.clock();
    this.host.emitPlan(plan);
    const partner = plan.pairId ? this.host.findPlan(plan.pairId) : undefined;
    if (partner && partner.status === PlanStatus.waiting) {
      partner.pairId = 0;
      this.end(partner, PlanStatus.cancelled);
    }
  }

  /** A TP/SL given with an opening order follows that order's fills: its legs close what the order has opened. */
  attach(order: ContractOrder, tp: PlanExecution | undefined, sl: PlanExecution | undefined): void {
    const existing = [...this.host.plansOf(order.userId)].filter((p) => p.parentOrderId === order.id && p.status === 0);
    if (existing.length > 0) {
      for (const plan of existing) plan.volume = order.filled;
      return;
    }
    const sign = order.side === Side.buy ? 1 : -1;
    const made: SwapPlan[] = [];
    for (const [leg, exec] of [['takeProfit', tp] as const, ['stopLoss', sl] as const]) {
      if (!exec) continue;
      const watch = watchOf(exec.triggerType, this.host.preference(order.userId));
      const crossing = positionLegCrossing(sign, leg);
      const action = leg === 'takeProfit' ? ActionCode.takeProfit : ActionCode.stopLoss;
      const side = sign === 1 ? Side.sell : Side.buy;
      const spec = {
        kind: leg,
        side,
        positionSide: order.positionSide,
        watch,
        crossing,
        volume: order.filled,
        exec,
        action,
      };
      made.push(this.add(order.userId, order.symbol, { ...spec, mode: TpslMode.partial, parent: order.id }));
    }
    pair(made);
  }

  private watched(
    userId: number,
    symbol: string,
    triggerType: TriggerType,
  ): { watch: Watch; price: number } | PlanRefusal {
    if (triggerType !== TriggerType.tradePrice && triggerType !== TriggerType.indexPrice) return 'badTrigger';
    const watch = watchOf(triggerType, this.host.preference(userId));
    const price = this.host.prices(symbol)?.[watch] ?? 0;
    return price > 0 ? { watch, price } : 'noPrice';
  }

  private add(
    userId: number,
    symbol: string,
    spec: {
      kind: PlanKind;
      side: Side;
      positionSide: PositionSide;
      watch: Watch;
      crossing: 'rise' | 'fall';
      volume: number;
      exec: PlanExecution;
      action: ActionCode;
      mode?: TpslMode;
      parent?: number;
    },
    trail: SwapPlan['trail'] = null,
  ): SwapPlan {
    const time = this.host.clock();
    const orderType = spec.exec.orderType === OrderType.limit ? OrderType.limit : OrderType.market;
    const plan: SwapPlan = {
      id: this.nextPlanId++,
      userId,
      symbol,
      kind: spec.kind,
      side: spec.side,
      positionSide: spec.positionSide,
      triggerType: spec.exec.triggerType,
      watch: spec.watch,
      triggerPrice: spec.exec.triggerPrice,
      crossing: spec.crossing,
      orderType,
      orderPrice: orderType === OrderType.limit ? (spec.exec.orderPrice ?? 0) : 0,
      volume: spec.volume,
      tpslMode: spec.mode ?? 0,
      trail,
      pairId: 0,
      parentOrderId: spec.parent ?? 0,
      action: spec.action,
      status: PlanStatus.waiting,
      orderId: 0,
      reason: '',
      createdAt: time,
      updatedAt: time,
    };
    this.host.addPlan(plan);
    this.host.emitPlan(plan);
    return plan;
  }
}

function pair(legs: SwapPlan[]): void {
  const [a, b] = legs;
  if (a && b) {
    a.pairId = b.id;
    b.pairId = a.id;
  }
}
