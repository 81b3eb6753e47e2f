import type { Exchange } from '../../exchange/index.ts';
import { SIM_INVENTORY_ACCOUNT, SIM_INVENTORY_KIND } from '../funding.ts';

/** A bot's contract wallet is topped up when its free balance falls below LOW × need, back to HIGH × need. */
const LOW = 0.5;
const HIGH = 2;

/**
 * What each contract bot needs in its contract wallet, and the ledger transfers from the simulator's inventory
 * account that keep it there (as the spot bots' top-ups): a liquidated bot pays itself back the same way.
 */
export class ContractInventory {
  private readonly needs = new Map<string, { userId: number; coin: string; units: number }>();
  private seq = 0;

  add(userId: number, coin: string, units: number): void {
    if (!(units > 0)) return;
    const key = `${userId}:${coin}`;
    const need = this.needs.get(key);
    if (need) need.units += units;
    else this.needs.set(key, { userId, coin, units });
  }

  /** Transfers into every contract wallet that is low; the promises resolve once the transfers are on disk. */
  topUp(exchange: Exchange, now: number): Promise<void>[] {
    const moves: Promise<void>[] = [];
    for (const { userId, coin, units } of this.needs.values()) {
      const free = exchange.accounts.walletBalance(userId, 'contract', coin).available;
      if (free >= units * LOW) continue;
      const amount = Math.min(Number.MAX_SAFE_INTEGER, Math.round(units * HIGH)) - free;
      if (!Number.isSafeInteger(amount) || amount <= 0) continue;
      const txn = `sim:swap-topup:${userId}:${coin}:${now}.${this.seq++}`;
      const to = { userId, wallet: 'contract' as const };
      const move = { from: { system: SIM_INVENTORY_ACCOUNT }, to, coin, amount, kind: SIM_INVENTORY_KIND };
      moves.push(exchange.transact(txn, [move], () => undefined));
    }
    return moves;
  }
}
