import { type Kysely, sql } from 'kysely';
import { swapContracts } from '../seed/catalogue.ts';
import { riskTablesFor } from '../seed/risk-tables.ts';

/**
 * Perpetual contracts (issue 20): risk-limit brackets beside the catalogue, and the tables the journal projects the
 * contract engine into — settings, positions (open and history), orders, plans, trades, funding — so that a restart
 * rebuilds exactly what was acknowledged. Amounts that can exceed 2^53 in fine units (costs, PnL) are decimal text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createRiskTiers(db);
  await createSettings(db);
  await createPositions(db);
  await createOrders(db);
  await createPlans(db);
  await createTradesAndFunding(db);
}

async function createRiskTiers(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_risk_tiers')
    .addColumn('symbol', 'text', (c) => c.notNull())
    // 'normal' (spec riskValues) or 'lv1000' (riskValues1000).
    .addColumn('tier_table', 'text', (c) => c.notNull())
    .addColumn('tier', 'integer', (c) => c.notNull())
    .addColumn('floor', 'text', (c) => c.notNull())
    .addColumn('max_leverage', 'integer', (c) => c.notNull())
    .addColumn('mmr', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_risk_tiers_pk', ['symbol', 'tier_table', 'tier'])
    .execute();
  const rows = swapContracts.flatMap((c) => {
    const symbol = `${c.base}/${c.quote}`;
    const tables = riskTablesFor(c.maxLeverage, c.canOpenLv1000);
    const of = (table: string, list: typeof tables.riskValues) =>
      list.map((r, tier) => ({
        symbol,
        tier_table: table,
        tier,
        floor: r.floor,
        max_leverage: r.maxLeverage,
        mmr: r.mmr,
      }));
    return [...of('normal', tables.riskValues), ...of('lv1000', tables.riskValues1000 ?? [])];
  });
  await (db as Kysely<{ swap_risk_tiers: (typeof rows)[number] }>).insertInto('swap_risk_tiers').values(rows).execute();
}

async function createSettings(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('margin_model', 'integer', (c) => c.notNull())
    .addColumn('position_class', 'integer', (c) => c.notNull())
    .addColumn('leverage_long', 'integer', (c) => c.notNull())
    .addColumn('leverage_short', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_settings_pk', ['user_id', 'symbol'])
    .execute();
  await db.schema
    .createTable('swap_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('price_preference', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirm_orders', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disclaimer_signed_at', 'bigint')
    .execute();
}

async function createPositions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_positions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('position_side', 'text', (c) => c.notNull())
    .addColumn('sign', 'integer', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('max_contracts', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'text', (c) => c.notNull())
    .addColumn('margin_model', 'integer', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('isolated_margin', 'bigint', (c) => c.notNull())
    .addColumn('realized', 'text', (c) => c.notNull())
    .addColumn('adl_quantile', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Null while open: position history lists the closed ones.
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('swap_positions_user').on('swap_positions').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('swap_positions_open')
    .on('swap_positions')
    .columns(['id'])
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
}

async function createOrders(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_orders')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('position_side', 'text', (c) => c.notNull())
    .addColumn('reduce_only', 'integer', (c) => c.notNull())
    .addColumn('close_all', 'integer', (c) => c.notNull())
    .addColumn('margin_model', 'integer', (c) => c.notNull())
    .addColumn('leverage', 'integer', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull())
    .addColumn('filled', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'text', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('frozen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    // TP/SL given with the order (msgpack-free JSON of its two legs), null without.
    .addColumn('tpsl', 'text')
    .addColumn('book_seq', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('swap_orders_user').on('swap_orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('swap_orders_open')
    .on('swap_orders')
    .columns(['book_seq', 'id'])
    .where(sql.ref('status'), 'in', [0, 3])
    .execute();
}

async function createPlans(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_plans')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('side', 'integer', (c) => c.notNull())
    .addColumn('position_side', 'text', (c) => c.notNull())
    .addColumn('trigger_type', 'integer', (c) => c.notNull())
    .addColumn('watch', 'text', (c) => c.notNull())
    .addColumn('trigger_price', 'bigint', (c) => c.notNull())
    .addColumn('crossing', 'text', (c) => c.notNull())
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('order_price', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('tpsl_mode', 'integer', (c) => c.notNull())
    .addColumn('trail_active', 'bigint')
    .addColumn('trail_rate', 'text')
    .addColumn('trail_extreme', 'bigint')
    .addColumn('pair_id', 'integer', (c) => c.notNull())
    .addColumn('parent_order_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('swap_plans_user').on('swap_plans').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('swap_plans_waiting')
    .on('swap_plans')
    .columns(['id'])
    .where(sql.ref('status'), '=', 0)
    .execute();
}

async function createTradesAndFunding(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('swap_trades')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('contracts', 'bigint', (c) => c.notNull())
    .addColumn('taker_side', 'integer', (c) => c.notNull())
    .addColumn('maker_order_id', 'integer', (c) => c.notNull())
    .addColumn('taker_order_id', 'integer', (c) => c.notNull())
    .addColumn('maker_user_id', 'integer', (c) => c.notNull())
    .addColumn('taker_user_id', 'integer', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('swap_trades_symbol').on('swap_trades').columns(['symbol', 'id']).execute();
  await db.schema
    .createTable('swap_funding')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('position_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mark', 'bigint', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('swap_funding_user').on('swap_funding').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('swap_funding_rates')
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('mark', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('swap_funding_rates_pk', ['symbol', 'time'])
    .execute();
  // The clock of each contract's funding, so a restart settles at the same instants.
  await db.schema
    .createTable('swap_state')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('next_funding_time', 'bigint', (c) => c.notNull())
    .addColumn('last_rate', 'text', (c) => c.notNull())
    .addColumn('last_price', 'bigint', (c) => c.notNull())
    .execute();
}
