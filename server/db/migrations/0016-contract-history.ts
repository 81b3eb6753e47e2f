import { type Kysely, sql } from 'kysely';

/**
 * Contract history (issue 20, spec trading §7 "Contract (swap)"): what position history, trade history and funding
 * history show that 0015 did not keep — each position's running tally (entry and exit value, fees, what closed it),
 * each user's side of a fill (fee, realised PnL, action), the side and size a funding payment was for — and the
 * contract favourites. New tables and columns only: journal batches written before keep their 0015 sections.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_position_tallies')
    .addColumn('position_id', 'integer', (c) => c.primaryKey())
    // Fine units, decimal text (may pass 2^53).
    .addColumn('open_value', 'text', (c) => c.notNull())
    .addColumn('open_contracts', 'bigint', (c) => c.notNull())
    .addColumn('close_value', 'text', (c) => c.notNull())
    .addColumn('close_contracts', 'bigint', (c) => c.notNull())
    // Ledger units of the settle coin.
    .addColumn('fees', 'bigint', (c) => c.notNull())
    // The action code of the order that closed it (liquidation, ADL, TP/SL…); null while open.
    .addColumn('close_action', 'integer')
    .execute();
  await db.schema
    .createTable('swap_fills')
    .addColumn('trade_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('maker', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('pnl', 'text', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_fills_pk', ['trade_id', 'order_id'])
    .execute();
  await db.schema.createIndex('swap_fills_user').on('swap_fills').columns(['user_id', 'trade_id']).execute();
  await sql`alter table swap_funding add column position_side text not null default ''`.execute(db);
  await sql`alter table swap_funding add column contracts bigint not null default 0`.execute(db);
  await db.schema
    .createTable('swap_favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_favorites_pk', ['user_id', 'symbol'])
    .execute();
}
