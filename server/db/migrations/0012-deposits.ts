import { type Kysely, sql } from 'kysely';
import { ADDRESS_PATTERNS, MEMO_PATTERNS, NETWORKS } from '../../assets/network-catalogue.ts';

/** Assets (issue 9): coin networks, deposit addresses, deposits, withdrawals and the withdrawal address book. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coin_networks')
    .addColumn('coin', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('memo_type', 'text')
    .addColumn('address_pattern', 'text', (c) => c.notNull())
    .addColumn('memo_pattern', 'text')
    .addColumn('deposit_min', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull())
    .addColumn('withdraw_fee', 'text', (c) => c.notNull())
    .addColumn('withdraw_min', 'text', (c) => c.notNull())
    .addColumn('can_deposit', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('can_withdraw', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('coin_networks_pk', ['coin', 'protocol'])
    .execute();
  const rows = NETWORKS.map((n, sort) => ({
    coin: n.coin,
    protocol: n.protocol,
    name: n.name,
    family: n.family,
    memo_type: n.memo,
    address_pattern: ADDRESS_PATTERNS[n.family],
    memo_pattern: n.memo ? (MEMO_PATTERNS[n.family] ?? null) : null,
    deposit_min: n.depositMin,
    confirmations: n.confirmations,
    withdraw_fee: n.withdrawFee,
    withdraw_min: n.withdrawMin,
    can_deposit: 1,
    can_withdraw: 1,
    sort,
  }));
  await (db as Kysely<{ coin_networks: (typeof rows)[number] }>).insertInto('coin_networks').values(rows).execute();

  await db.schema
    .createTable('deposit_addresses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('deposit_addresses_owner', ['user_id', 'coin', 'protocol'])
    // An address (with its memo) names one receiver: a deposit to it is credited to exactly one user.
    .addUniqueConstraint('deposit_addresses_target', ['address', 'memo'])
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required_confirmations', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('next_confirm_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .execute();
  await db.schema.createIndex('deposits_user').on('deposits').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deposits_status').on('deposits').columns(['status', 'next_confirm_at']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('fee', 'text', (c) => c.notNull())
    .addColumn('arrived_amount', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tx_hash', 'text')
    .addColumn('request_key', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('processing_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
  // NULL keys never collide (SQLite): only a repeated key is refused.
  await db.schema
    .createIndex('withdrawals_request')
    .on('withdrawals')
    .columns(['user_id', 'request_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('withdraw_addresses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transfer_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('area_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('target_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('withdraw_addresses_target', ['user_id', 'target_key'])
    .addCheckConstraint('withdraw_addresses_type', sql`transfer_type in (0, 1)`)
    .execute();
  await db.schema
    .createIndex('withdraw_addresses_user')
    .on('withdraw_addresses')
    .columns(['user_id', 'transfer_type', 'id'])
    .execute();
}
