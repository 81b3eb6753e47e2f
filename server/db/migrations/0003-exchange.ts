import { type Kysely, sql } from 'kysely';

/**
 * Spot exchange state: orders and trades in integer units of their market (ticks, lots, ledger units), the exchange's
 * own ledger accounts, and favourites. Written by the journal in one transaction per command batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The journal writes ledger lines at a high rate: one index that serves bills and lookups by account is kept,
  // the two it replaces are dropped.
  await db.schema.dropIndex('ledger_entries_txn').execute();
  await db.schema.dropIndex('ledger_entries_user').execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'id']).execute();

  await db.schema
    .createTable('spot_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('budget', 'bigint', (c) => c.notNull())
    .addColumn('trigger_price', 'bigint', (c) => c.notNull())
    .addColumn('trigger_type', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull())
    .addColumn('filled', 'bigint', (c) => c.notNull())
    .addColumn('turnover', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('frozen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('triggered', 'integer', (c) => c.notNull())
    .addColumn('book_seq', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_orders_user').on('spot_orders').columns(['user_id', 'id']).execute();
  // Only open orders are read back at start, so only they are indexed (a partial index stays small).
  await db.schema
    .createIndex('spot_orders_open')
    .on('spot_orders')
    .columns(['book_seq', 'id'])
    .where(sql.ref('status'), 'in', [0, 3])
    .execute();

  await db.schema
    .createTable('spot_trades')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('taker_side', 'integer', (c) => c.notNull())
    .addColumn('buy_order_id', 'integer', (c) => c.notNull())
    .addColumn('sell_order_id', 'integer', (c) => c.notNull())
    .addColumn('buy_user_id', 'integer', (c) => c.notNull())
    .addColumn('sell_user_id', 'integer', (c) => c.notNull())
    .addColumn('quote_units', 'bigint', (c) => c.notNull())
    .addColumn('base_units', 'bigint', (c) => c.notNull())
    .addColumn('buy_fee', 'bigint', (c) => c.notNull())
    .addColumn('sell_fee', 'bigint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spot_trades_symbol').on('spot_trades').columns(['symbol', 'id']).execute();
  await db.schema.createIndex('spot_trades_buy_order').on('spot_trades').column('buy_order_id').execute();
  await db.schema.createIndex('spot_trades_sell_order').on('spot_trades').column('sell_order_id').execute();

  await db.schema
    .createTable('system_balances')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('system_balances_pk', ['account', 'coin'])
    .execute();
  // Grants made before this table existed (the demo faucet) are carried over from their ledger entries.
  await sql`insert into system_balances (account, coin, amount)
    select account, coin, sum(amount) from ledger_entries where user_id is null group by account, coin`.execute(db);

  // The journal: one packed row per committed batch of commands (their effects), projected into the tables above.
  await db.schema
    .createTable('journal')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('commands', 'integer', (c) => c.notNull())
    .addColumn('body', 'blob', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('journal_state')
    .addColumn('projected', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into journal_state (projected) values (0)`.execute(db);

  await db.schema
    .createTable('spot_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('spot_favorites_pk', ['user_id', 'symbol'])
    .execute();
}
