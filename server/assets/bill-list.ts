import { fromUnits } from '../../common/decimal.ts';
import type { Db } from '../db/schema.ts';
import { WALLETS, type Wallet } from '../ledger/accounts.ts';
import {
  type BillNameKey,
  type BillTypeDef,
  billTypeOf,
  KNOWN_KINDS,
  NOT_BILLS,
  walletAccounts,
  walletOfAccount,
} from './bills.ts';

/** A member bill query (spec shell §7 bill-list, §9 page size 10). */
export interface BillFilter {
  userId: number;
  /** A bill type definition (already checked); all types when absent. */
  type?: BillTypeDef;
  coin?: string;
  wallet?: Wallet;
  startTime?: number;
  endTime?: number;
  pageNo: number;
  pageSize: number;
}

/** One bill: one of the user's ledger lines. */
export interface BillLine {
  id: number;
  /** The move's transaction (`withdraw:17`, `transfer:9`, `trade:40`…): links the bill to its record. */
  txnId: string;
  type: number;
  name: BillNameKey;
  kind: string;
  coin: string;
  /** Signed exact amount: positive in, negative out. */
  amount: string;
  wallet: Wallet;
  /** The line is on the wallet's frozen part (a withdrawal paid out of its hold, a trade paid out of an order's). */
  frozen: boolean;
  time: number;
}

/**
 * The user's bills, newest first: every line of theirs on any wallet (or the one asked), except the moves between
 * a wallet's available and frozen parts (see NOT_BILLS). Read from `ledger_entries`: call `exchange.sync()` first.
 */
export async function billPage(db: Db, f: BillFilter): Promise<{ records: BillLine[]; total: number }> {
  const wallets = f.wallet ? [f.wallet] : WALLETS;
  const available: string[] = [];
  const frozen: string[] = [];
  for (const w of wallets) {
    const a = walletAccounts(f.userId, w);
    available.push(a.available);
    frozen.push(a.frozen);
  }
  let query = db
    .selectFrom('ledger_entries as e')
    .innerJoin('coins as c', 'c.unit', 'e.coin')
    .where('e.account', 'in', [...available, ...frozen])
    .where('e.kind', 'not in', NOT_BILLS);
  const type = f.type;
  if (type) {
    if (type.kinds.length === 0) {
      // "Other": lines of kinds the type table does not name.
      if (type.type !== 0) return { records: [], total: 0 };
      query = query.where('e.kind', 'not in', [...KNOWN_KINDS]);
    } else {
      query = query.where('e.kind', 'in', type.kinds);
      if (type.sign === 1) query = query.where('e.amount', '>', 0);
      if (type.sign === -1) query = query.where('e.amount', '<', 0);
    }
  }
  if (f.coin) query = query.where('e.coin', '=', f.coin);
  if (f.startTime !== undefined) query = query.where('e.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) query = query.where('e.created_at', '<=', f.endTime);
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['e.id', 'e.txn_id', 'e.account', 'e.coin', 'e.amount', 'e.kind', 'e.created_at', 'c.decimals'])
    .orderBy('e.id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const records: BillLine[] = [];
  for (const r of rows) {
    const where = walletOfAccount(r.account);
    if (!where) continue;
    const def = billTypeOf(r.kind, r.amount);
    records.push({
      id: r.id,
      txnId: r.txn_id,
      type: def.type,
      name: def.name,
      kind: r.kind,
      coin: r.coin,
      amount: fromUnits(BigInt(r.amount), r.decimals),
      wallet: where.wallet,
      frozen: where.frozen,
      time: r.created_at,
    });
  }
  return { records, total: Number(count.n) };
}
