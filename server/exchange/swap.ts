import type { ContractRow } from '../engine/contracts/contract.ts';
import type { SwapEngine } from '../engine/contracts/engine.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { SwapPlan } from '../engine/contracts/plans.ts';
import type { SwapEvent, SwapResult } from '../engine/contracts/types.ts';
import type { Journal } from './journal.ts';

/**
 * A contract command's result once on disk: `ack` and `ackPlans` are its order and plans as the command left it (a
 * later, unsynced batch may fill the order or fire the plans; see Acknowledged in index.ts).
 */
export type SwapAcknowledged = SwapResult & {
  readonly ack: Readonly<ContractOrder> | null;
  readonly ackPlans: readonly Readonly<SwapPlan>[];
};

function acknowledged(result: SwapResult): SwapAcknowledged {
  if (!result.ok) return { ...result, ack: null, ackPlans: [] };
  const plans = (result.plans ?? []).map((p) => ({ ...p, trail: p.trail && { ...p.trail } }));
  return { ...result, ack: result.order && { ...result.order }, ackPlans: plans };
}

/** A perpetual's prices after a tick of the price service: ticks, rates in 10^-8; `settled` when funding settled. */
export interface SwapPriceTick {
  symbol: string;
  index: number;
  mark: number;
  predictedRate: bigint;
  nextFundingTime: number;
  settled: { rate: bigint; time: number } | null;
}

/** Reacts to the contract engine: market events at once (the live book), user events after commit, price ticks. */
export interface SwapListener {
  market?(event: SwapEvent): void;
  committed?(events: readonly SwapEvent[]): void;
  prices?(tick: SwapPriceTick): void;
}

/**
 * The running perpetual-contract exchange: the pure contract engine on the spot exchange's ledger and journal, so a
 * contract command is acknowledged only once its effects (and its ledger lines) are on disk, in the same batches.
 */
export class SwapExchange {
  private readonly listeners = new Set<SwapListener>();

  /** The catalogue rows the engine was built from (decimal terms for views), by symbol. */
  readonly catalogue: ReadonlyMap<string, ContractRow>;

  constructor(
    readonly engine: SwapEngine,
    private readonly journal: Journal,
    rows: readonly ContractRow[],
  ) {
    this.catalogue = new Map(rows.map((row) => [row.symbol, row]));
  }

  listen(listener: SwapListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs one engine command; resolves once its effects are durable. A refusal changes nothing and resolves at once. */
  run(command: (engine: SwapEngine) => SwapResult): Promise<SwapAcknowledged> {
    const result = command(this.engine);
    const ack = acknowledged(result);
    if (!result.ok || result.events.length === 0) return Promise.resolve(ack);
    for (const listener of this.listeners) {
      if (!listener.market) continue;
      for (const event of result.events) listener.market(event);
    }
    return this.journal.recordSwap(result.events).then(() => ack);
  }

  /** The price service's tick of one perpetual (its changes already went through {@link run}). */
  publishPrices(tick: SwapPriceTick): void {
    for (const listener of this.listeners) listener.prices?.(tick);
  }

  /** The journal's commit of a batch with contract events. */
  committed(events: readonly SwapEvent[]): void {
    for (const listener of this.listeners) listener.committed?.(events);
  }
}
