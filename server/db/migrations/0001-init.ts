import { type Kysely, sql } from 'kysely';

// Written with Kysely's schema builder so that PostgreSQL can run it too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coins')
    .addColumn('unit', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('usd_rate', 'text', (c) => c.notNull())
    .addColumn('can_deposit', 'integer', (c) => c.notNull())
    .addColumn('can_withdraw', 'integer', (c) => c.notNull())
    .addColumn('withdraw_fee', 'text', (c) => c.notNull())
    .addColumn('min_withdraw', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('spot_markets')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('base', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('quote', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('reference_price', 'text', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('amount_scale', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'text', (c) => c.notNull())
    .addColumn('min_turnover', 'text', (c) => c.notNull())
    .addColumn('maker_fee', 'text', (c) => c.notNull())
    .addColumn('taker_fee', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('swap_contracts')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull())
    .addColumn('reference_price', 'text', (c) => c.notNull())
    .addColumn('price_scale', 'integer', (c) => c.notNull())
    .addColumn('contract_size', 'text', (c) => c.notNull())
    .addColumn('min_volume', 'integer', (c) => c.notNull())
    .addColumn('max_leverage', 'integer', (c) => c.notNull())
    .addColumn('def_leverage', 'integer', (c) => c.notNull())
    .addColumn('can_open_lv1000', 'integer', (c) => c.notNull())
    .addColumn('maker_fee', 'text', (c) => c.notNull())
    .addColumn('taker_fee', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('futures_symbols')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('instrument_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_coin', 'text', (c) => c.notNull())
    .addColumn('quote_coin', 'text', (c) => c.notNull())
    .addColumn('reference_price', 'text', (c) => c.notNull())
    .addColumn('base_decimal', 'integer', (c) => c.notNull())
    .addColumn('quote_decimal', 'integer', (c) => c.notNull())
    .addColumn('index_scale', 'integer', (c) => c.notNull())
    .addColumn('max_leverage', 'integer', (c) => c.notNull())
    .addColumn('def_leverage', 'integer', (c) => c.notNull())
    .addColumn('can_open_lv1000', 'integer', (c) => c.notNull())
    .addColumn('maker_fee', 'text', (c) => c.notNull())
    .addColumn('taker_fee', 'text', (c) => c.notNull())
    .addColumn('min_volume', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('futures_symbols_type')
    .on('futures_symbols')
    .columns(['instrument_type', 'sort'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('mobile', 'text')
    .addColumn('country', 'text')
    .addColumn('area_code', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('promotion_code', 'text', (c) => c.notNull().unique())
    .addColumn('kyc_two_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_mobile').on('users').columns(['area_code', 'mobile']).unique().execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('balances')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('available', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('balances_pk', ['user_id', 'coin'])
    .addCheckConstraint('balances_not_negative', sql`available >= 0 and frozen >= 0`)
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('txn_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_txn').on('ledger_entries').column('txn_id').execute();
  await db.schema.createIndex('ledger_entries_user').on('ledger_entries').columns(['user_id', 'coin']).execute();
}
