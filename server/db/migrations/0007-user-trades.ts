import type { Kysely } from 'kysely';

/** A user's own trades (the orders panel's trade history) are read by buyer or seller, newest first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('spot_trades_buy_user').on('spot_trades').columns(['buy_user_id', 'id']).execute();
  await db.schema.createIndex('spot_trades_sell_user').on('spot_trades').columns(['sell_user_id', 'id']).execute();
}
