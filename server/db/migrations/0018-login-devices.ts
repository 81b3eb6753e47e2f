import type { Kysely } from 'kysely';

/**
 * Device-authorised login and QR login (spec shell §6, §7 "/uc/login{…,code,deviceCode}", "/uc/qrcode/generate,
 * status"; issue 19 item 15): the devices a user has signed in from, by a hash of their deviceCode; the per-user
 * switch that makes a login from any other device confirm a code; and the QR login requests, by a hash of their id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_devices_pk', ['user_id', 'device_hash'])
    .execute();
  await db.schema
    .alterTable('user_security')
    .addColumn('device_auth', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('qr_logins')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('qr_logins_expiry').on('qr_logins').column('expires_at').execute();
}
