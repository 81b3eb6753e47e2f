import type { Exchange } from '../exchange/index.ts';

/** The system account the bots' money comes from; it goes negative by what it gave (ledger/accounts.ts). */
export const SIM_INVENTORY_ACCOUNT = 'system:sim-inventory';
export const SIM_INVENTORY_KIND = 'sim_inventory';

/** A bot is topped up when its available balance falls below LOW × need, back to HIGH × need. */
const LOW = 0.5;
const HIGH = 2;

interface Need {
  readonly userId: number;
  readonly coin: string;
  /** Ledger units the bot works with. */
  units: number;
}

/**
 * What each bot needs of each coin, and the top-ups that keep it there. Top-ups look at the current balance, so a
 * restart (whose balances and resting orders come back from disk) adds nothing unless the bot really runs low.
 */
export class Inventory {
  private readonly needs = new Map<string, Need>();
  private seq = 0;

  add(userId: number, coin: string, units: number): void {
    if (!(units > 0)) return;
    const key = `${userId}:${coin}`;
    const need = this.needs.get(key);
    if (need) need.units += units;
    else this.needs.set(key, { userId, coin, units });
  }

  /** Credits every bot balance that is low; returns the promises of the credits (durable when they resolve). */
  topUp(exchange: Exchange, now: number): Promise<void>[] {
    const credits: Promise<void>[] = [];
    for (const { userId, coin, units } of this.needs.values()) {
      const available = exchange.accounts.balance(userId, coin).available;
      if (available >= units * LOW) continue;
      const amount = Math.min(Number.MAX_SAFE_INTEGER, Math.round(units * HIGH)) - available;
      if (!Number.isSafeInteger(amount) || amount <= 0) continue;
      const txn = `sim:topup:${userId}:${coin}:${now}.${this.seq++}`;
      credits.push(exchange.credit(userId, coin, amount, SIM_INVENTORY_ACCOUNT, txn, SIM_INVENTORY_KIND));
    }
    return credits;
  }
}
