import { type Accounts, FEES_ACCOUNT, type Pocket, type UserPocket } from '../../ledger/accounts.ts';

/**
 * The contract wallet's money moves on the ledger (spec trading §9 bills 201–207). A user's contract wallet is
 * `user:{id}:contract` (free) and `user:{id}:contract:frozen` (order reservations and isolated margins). PnL is paid
 * to and from the settlement account, whose balance is always minus the sum of what it paid (so a long's gain and a
 * short's loss meet there even when they are realised at different times); a loss larger than the margin behind it
 * is covered by the insurance fund.
 */
export const SETTLEMENT_ACCOUNT = 'swap:settlement';
export const INSURANCE_ACCOUNT = 'swap:insurance';
/** Funding rounding remainders (research §1.2: never lost, never invented). */
export const FUNDING_HOUSE_ACCOUNT = 'swap:funding';

/** Ledger kinds of contract lines; the bill table maps them to the spec's types. */
export const SwapKind = {
  /** Reserved for or released from an order (a move inside the wallet, not a bill). */
  orderMargin: 'swap_order_margin',
  /** Into or out of an isolated position's margin (not a bill). */
  isolatedMargin: 'swap_isolated_margin',
  openLong: 'swap_open_long',
  openShort: 'swap_open_short',
  closeLong: 'swap_close_long',
  closeShort: 'swap_close_short',
  closeAll: 'swap_close_all',
  liquidation: 'swap_liquidation',
  funding: 'swap_funding',
  /** The insurance fund covering a deficit (system lines only). */
  insurance: 'swap_insurance',
} as const;
export type SwapKind = (typeof SwapKind)[keyof typeof SwapKind];

export class SwapWallet {
  constructor(
    readonly accounts: Accounts,
    readonly coin: string,
  ) {}

  free(userId: number): UserPocket {
    return { userId, wallet: 'contract' };
  }

  frozen(userId: number): UserPocket {
    return { userId, wallet: 'contract', frozen: true };
  }

  amount(pocket: UserPocket): number {
    return this.accounts.pocketAmount(pocket, this.coin);
  }

  /** Moves `amount` (skipped when 0); the caller has checked that `from` holds it. */
  move(
    from: Pocket,
    to: Pocket,
    amount: number,
    kind: SwapKind | typeof FEES_ACCOUNT,
    txn: string,
    time: number,
  ): void {
    if (amount <= 0) return;
    this.accounts.move(txn, time, { from, to, coin: this.coin, amount, kind });
  }

  /**
   * Takes up to `amount` from a user pocket to a system account; returns what it took (a fee or a loss is capped by
   * what is there, never pushes a pocket below zero).
   */
  takeUpTo(from: UserPocket, system: string, amount: number, kind: SwapKind, txn: string, time: number): number {
    const taken = Math.min(amount, this.amount(from));
    this.move(from, { system }, taken, kind, txn, time);
    return taken;
  }

  /** Pays a fee to the fees account from `from`, as far as it reaches; returns what was paid. */
  payFee(from: UserPocket, amount: number, kind: SwapKind, txn: string, time: number): number {
    return this.takeUpTo(from, FEES_ACCOUNT, amount, kind, txn, time);
  }
}
