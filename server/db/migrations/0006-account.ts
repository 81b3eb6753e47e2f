import type { Kysely } from 'kysely';
import { COUNTRIES } from '../../account/countries.ts';

/**
 * Account security (issue 6): second factors and the transaction password, referrals, KYC applications and their
 * images, and the country list of registration (spec shell §3 "Country entry").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_security')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('google_secret', 'text')
    .addColumn('google_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_google_secret', 'text')
    .addColumn('trade_password_hash', 'text')
    .addColumn('withdraw_locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referrer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('referrals_referrer').on('referrals').column('referrer_id').execute();

  await db.schema
    .createTable('kyc_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kyc_images_user').on('kyc_images').column('user_id').execute();

  await db.schema
    .createTable('kyc_applications')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('id_type', 'integer', (c) => c.notNull())
    .addColumn('id_number', 'text', (c) => c.notNull())
    .addColumn('front_image', 'text', (c) => c.notNull())
    .addColumn('back_image', 'text')
    .addColumn('hand_image', 'text')
    /** 1 under review, 2 approved, 3 rejected. */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('kyc_applications_id_number')
    .on('kyc_applications')
    .columns(['country', 'id_type', 'id_number'])
    .execute();

  await db.schema
    .createTable('countries')
    .addColumn('two_code', 'text', (c) => c.primaryKey())
    .addColumn('iso_code', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('zh_name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ countries: Record<string, string | number> }>)
    .insertInto('countries')
    .values(
      COUNTRIES.map(([two_code, iso_code, area_code, zh_name, en_name], sort) => ({
        two_code,
        iso_code,
        area_code,
        zh_name,
        en_name,
        sort,
      })),
    )
    .execute();
}
