import type { Sqlite } from '../db/schema.ts';

export interface AuditReport {
  /** Transactions whose lines do not sum to zero per coin. */
  unbalancedTxns: string[];
  /** Balances that differ from the sum of their ledger lines. */
  mismatches: { account: string; coin: string; stored: number; ledger: number }[];
  /** Balances below zero. */
  negative: { userId: number; coin: string }[];
}

/**
 * Checks the stored books against the ledger: every transaction sums to zero, every user and system balance equals the
 * sum of its entries, nothing is negative. A full scan — for tests and operators, not the hot path.
 */
export function auditLedger(sqlite: Sqlite): AuditReport {
  const unbalancedTxns = (
    sqlite
      .prepare('select txn_id from ledger_entries group by txn_id, coin having sum(amount) <> 0 limit 100')
      .all() as { txn_id: string }[]
  ).map((r) => r.txn_id);
  const ledger = new Map<string, number>();
  for (const r of sqlite
    .prepare('select account, coin, sum(amount) as total from ledger_entries group by account, coin')
    .all() as { account: string; coin: string; total: number }[]) {
    ledger.set(`${r.account}\u0000${r.coin}`, r.total);
  }
  const stored = new Map<string, number>();
  for (const r of sqlite.prepare('select user_id, coin, available, frozen from balances').all() as {
    user_id: number;
    coin: string;
    available: number;
    frozen: number;
  }[]) {
    stored.set(`user:${r.user_id}\u0000${r.coin}`, r.available);
    stored.set(`user:${r.user_id}:frozen\u0000${r.coin}`, r.frozen);
  }
  for (const r of sqlite.prepare('select user_id, wallet, coin, available, frozen from wallet_balances').all() as {
    user_id: number;
    wallet: string;
    coin: string;
    available: number;
    frozen: number;
  }[]) {
    stored.set(`user:${r.user_id}:${r.wallet}\u0000${r.coin}`, r.available);
    stored.set(`user:${r.user_id}:${r.wallet}:frozen\u0000${r.coin}`, r.frozen);
  }
  for (const r of sqlite.prepare('select account, coin, amount from system_balances').all() as {
    account: string;
    coin: string;
    amount: number;
  }[]) {
    stored.set(`${r.account}\u0000${r.coin}`, r.amount);
  }
  const mismatches: AuditReport['mismatches'] = [];
  for (const key of new Set([...ledger.keys(), ...stored.keys()])) {
    const a = stored.get(key) ?? 0;
    const b = ledger.get(key) ?? 0;
    if (a !== b) {
      const [account = '', coin = ''] = key.split('\u0000');
      mismatches.push({ account, coin, stored: a, ledger: b });
    }
  }
  const negative = (
    sqlite
      .prepare(
        `select user_id, coin from balances where available < 0 or frozen < 0
         union all select user_id, coin from wallet_balances where available < 0 or frozen < 0`,
      )
      .all() as {
      user_id: number;
      coin: string;
    }[]
  ).map((r) => ({ userId: r.user_id, coin: r.coin }));
  return { unbalancedTxns, mismatches, negative };
}
