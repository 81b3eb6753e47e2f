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
 * What each bot needs of each coin in one of its wallets (spot, or the contract wallet), and the ledger transfers
 * from the simulator's inventory account that keep it there. Top-ups look at the current balance, so a restart (whose
 * balances and resting orders come back from disk) adds nothing unless the bot really runs low; a liquidated contract
 * bot pays itself back the same way.
 */
export class Inventory {
  private readonly needs = new Map<string, Need>();
  private seq = 0;

  constructor(private readonly wallet: 'spot' | 'contract' = 'spot') {}

  add(userId: number, coin: string, units: number): void {
    if (!(units > 0)) return;
    const key = `${userId}:${coin}`;
    const need = this.needs.get(key);
    if (need) need.units += units;
    else this.needs.set(key, { userId, coin, units });
  }

  /** Tops up every bot wallet that is low; returns the promises of the transfers (durable when they resolve). */
  topUp(exchange: Exchange, now: number): Promise<void>[] {
    const transfers: Promise<void>[] = [];
    for (const { userId, coin, units } of this.needs.values()) {
      const available = this.available(exchange, userId, coin);
      if (available >= units * LOW) continue;
      const amount = Math.min(Number.MAX_SAFE_INTEGER, Math.round(units * HIGH)) - available;
      if (!Number.isSafeInteger(amount) || amount <= 0) continue;
      transfers.push(this.transfer(exchange, userId, coin, amount, `${now}.${this.seq++}`));
    }
    return transfers;
  }

  private available(exchange: Exchange, userId: number, coin: string): number {
    if (this.wallet === 'spot') return exchange.accounts.balance(userId, coin).available;
    return exchange.accounts.walletBalance(userId, this.wallet, coin).available;
  }

  private transfer(exchange: Exchange, userId: number, coin: string, amount: number, stamp: string): Promise<void> {
    if (this.wallet === 'spot') {
      const txn = `sim:topup:${userId}:${coin}:${stamp}`;
      return exchange.credit(userId, coin, amount, SIM_INVENTORY_ACCOUNT, txn, SIM_INVENTORY_KIND);
    }
    const txn = `sim:swap-topup:${userId}:${coin}:${stamp}`;
    const move = {
      from: { system: SIM_INVENTORY_ACCOUNT },
      to: { userId, wallet: this.wallet },
      coin,
      amount,
      kind: SIM_INVENTORY_KIND,
    };
    return exchange.transact(txn, [move], () => undefined);
  }
}
