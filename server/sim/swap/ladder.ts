import { notional } from '../../../common/margin/grid.ts';
import { Side } from '../../../common/trading.ts';
import type { Contract } from '../../engine/contracts/contract.ts';
import { type LadderShape, LadderSide } from '../ladder.ts';

/** The prices one side of a contract ladder wants around `anchor` (fractional ticks), best first: spot's shape. */
export function desiredPrices(shape: LadderShape, anchor: number, side: Side): number[] {
  const ladder = new LadderSide(side);
  ladder.fillDesired(shape, anchor);
  return [...ladder.desired];
}

/** Whole contracts worth about `usd` at `ticks` (USDT-settled: 1 USDT ≈ 1 USD), at least the contract's minimum. */
export function contractsFor(contract: Contract, ticks: number, usd: number): number {
  const perContract = Number(notional(contract.grid, 1, ticks)) / Number(contract.grid.perCoin);
  if (!(perContract > 0)) return contract.minVolume;
  return Math.max(contract.minVolume, Math.round(usd / perContract));
}

/** What a side of the maker's ladder should do now: cancel these orders (most urgent first), place these prices. */
export interface LadderPlan {
  cancel: number[];
  place: number[];
}

/** A quote's order on a contract book (quotes.ts): never pending, the contract exchange runs each command at once. */
export interface ContractSlot {
  readonly price: number;
  readonly pending: false;
  readonly id: number;
}

/**
 * One side of the maker's contract ladder: its resting orders by price. The contract exchange runs each command
 * synchronously, so the engine's open orders are the truth and nothing is pending here.
 */
export class ContractLadder {
  /** Price (ticks) → order id. */
  readonly orders = new Map<number, number>();
  /** The prices the last {@link plan} wanted, best first. */
  desired: readonly number[] = [];

  constructor(readonly side: Side) {}

  /** a is a better price than b on this side. */
  better(a: number, b: number): boolean {
    return this.side === Side.buy ? a > b : a < b;
  }

  /** Forgets the orders that are no longer open (filled, cancelled, taken by a liquidation). */
  prune(isOpen: (orderId: number) => boolean): void {
    for (const [price, id] of this.orders) if (!isOpen(id)) this.orders.delete(price);
  }

  /**
   * Against `desired` (best first): orders better than the best wanted price go first (they are in the way of the
   * other side), then prices inside the range it no longer wants, then the far end past `slack` levels; the missing
   * prices are placed nearest first.
   */
  plan(desired: readonly number[], slack: number): LadderPlan {
    this.desired = desired;
    const first = desired[0];
    const last = desired[desired.length - 1];
    const held = [...this.orders.keys()].sort((a, b) => (this.better(a, b) ? -1 : 1));
    if (first === undefined || last === undefined) return { cancel: held.map((p) => this.id(p)), place: [] };
    const wanted = new Set(desired);
    const near: number[] = [];
    const off: number[] = [];
    const beyond: number[] = [];
    for (const price of held) {
      if (this.better(price, first)) near.push(this.id(price));
      else if (this.better(last, price)) beyond.push(this.id(price));
      else if (!wanted.has(price)) off.push(this.id(price));
    }
    // The far end is trimmed to half the slack once it passes it, so a wobble does not touch it again at once.
    const far = beyond.length > slack ? beyond.slice(Math.floor(slack / 2)).reverse() : [];
    const place = desired.filter((price) => !this.orders.has(price));
    return { cancel: [...near, ...off, ...far], place };
  }

  /** The wanted prices an open order of the ladder holds, best first: where quotes may go. */
  *resting(isOpen: (orderId: number) => boolean): Generator<number> {
    for (const price of this.desired) {
      const id = this.orders.get(price);
      if (id !== undefined && isOpen(id)) yield price;
    }
  }

  private id(price: number): number {
    return this.orders.get(price) as number;
  }
}
