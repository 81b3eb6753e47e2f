import { type Kysely, sql } from 'kysely';

/** Assets (issue 9): the wallets beside spot (funds, contract, follow), in integer units of their coin like `balances`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_balances')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('available', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wallet_balances_pk', ['user_id', 'wallet', 'coin'])
    .addCheckConstraint('wallet_balances_not_negative', sql`available >= 0 and frozen >= 0`)
    .execute();
}
