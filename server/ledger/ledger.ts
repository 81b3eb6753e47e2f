import { fromUnits, toUnits } from '../../common/decimal.ts';
import type { Db } from '../db/schema.ts';

export interface Credit {
  userId: number;
  coin: string;
  /** Exact decimal string, > 0, within the coin's decimals. */
  amount: string;
}

/**
 * Only before the exchange opens (seeding, the demo grant): afterwards balances live in the exchange's memory and
 * move through `Exchange.credit`, which journals them.
 * Credits users from a system account as one double-entry transaction: each user line is matched by a
 * negative line on `account`, so every `txnId` sums to zero per coin and balances follow the entries.
 */
export async function creditFromSystem(
  db: Db,
  txn: { txnId: string; account: string; kind: string; at: number; credits: readonly Credit[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const credit of txn.credits) {
      const coin = await trx.selectFrom('coins').select('decimals').where('unit', '=', credit.coin).executeTakeFirst();
      if (!coin) throw new RangeError(`unknown coin ${credit.coin}`);
      const units = toUnits(credit.amount, coin.decimals);
      if (units <= 0n || units > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`bad amount ${credit.amount}`);
      const amount = Number(units);
      const line = { txn_id: txn.txnId, coin: credit.coin, kind: txn.kind, created_at: txn.at };
      await trx
        .insertInto('ledger_entries')
        .values([
          { ...line, user_id: credit.userId, account: `user:${credit.userId}`, amount },
          { ...line, user_id: null, account: txn.account, amount: -amount },
        ])
        .execute();
      await trx
        .insertInto('balances')
        .values({ user_id: credit.userId, coin: credit.coin, available: amount, frozen: 0 })
        .onConflict((oc) =>
          oc.columns(['user_id', 'coin']).doUpdateSet((eb) => ({ available: eb('available', '+', amount) })),
        )
        .execute();
      await trx
        .insertInto('system_balances')
        .values({ account: txn.account, coin: credit.coin, amount: -amount })
        .onConflict((oc) =>
          oc.columns(['account', 'coin']).doUpdateSet((eb) => ({ amount: eb('amount', '-', amount) })),
        )
        .execute();
    }
  });
}

export interface BalanceView {
  coin: string;
  available: string;
  frozen: string;
}

export async function balancesOf(db: Db, userId: number): Promise<BalanceView[]> {
  const rows = await db
    .selectFrom('balances as b')
    .innerJoin('coins as c', 'c.unit', 'b.coin')
    .select(['b.coin', 'b.available', 'b.frozen', 'c.decimals'])
    .where('b.user_id', '=', userId)
    .orderBy('c.sort')
    .execute();
  return rows.map((r) => ({
    coin: r.coin,
    available: fromUnits(BigInt(r.available), r.decimals),
    frozen: fromUnits(BigInt(r.frozen), r.decimals),
  }));
}
