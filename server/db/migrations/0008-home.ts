import type { Kysely } from 'kysely';
import { LANGS } from '../../../common/i18n.ts';
import { advertiseSeeds, bannerSeeds, newCoinSeeds } from '../../home/seed.ts';
import type { HomeTables } from '../../home/tables.ts';

const DAY_MS = 86_400_000;

/**
 * The home page (spec shell §2 "Home page", §3, §7 "Home page calls"): carousel banners and advertisements per
 * language, and the new-coin listings whose countdowns the home page shows.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema
    .createTable('home_banners')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('banner_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('color_from', 'text', (c) => c.notNull())
    .addColumn('color_to', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('home_banners_key_lang', ['banner_key', 'lang'])
    .execute();

  await untyped.schema
    .createTable('home_advertise')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('advertise_key', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().references('languages.code'))
    .addColumn('location', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('home_advertise_key_lang', ['advertise_key', 'lang'])
    .execute();
  await untyped.schema
    .createIndex('home_advertise_list')
    .on('home_advertise')
    .columns(['lang', 'location', 'enabled', 'sort'])
    .execute();

  await untyped.schema
    .createTable('home_new_coins')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('unit', 'text', (c) => c.notNull().references('coins.unit'))
    .addColumn('symbol', 'text', (c) => c.notNull().references('spot_markets.symbol'))
    .addColumn('online_time', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await untyped.schema.createIndex('home_new_coins_online').on('home_new_coins').column('online_time').execute();

  await seed(untyped as Kysely<HomeTables>, Date.now());
}

async function seed(db: Kysely<HomeTables>, now: number): Promise<void> {
  await db
    .insertInto('home_banners')
    .values(
      bannerSeeds.flatMap((b, sort) =>
        LANGS.map((lang) => ({
          banner_key: b.key,
          lang,
          title: b.title[lang],
          subtitle: b.subtitle[lang],
          link_url: b.linkUrl,
          color_from: b.colors[0],
          color_to: b.colors[1],
          sort,
          enabled: 1,
        })),
      ),
    )
    .execute();
  await db
    .insertInto('home_advertise')
    .values(
      advertiseSeeds.flatMap((a, sort) =>
        LANGS.map((lang) => ({
          advertise_key: a.key,
          lang,
          location: a.location,
          title: a.title[lang],
          link_url: a.linkUrl,
          sort,
          enabled: 1,
        })),
      ),
    )
    .execute();
  // Coming listings are placed relative to the first start, so a fresh install always has countdowns to show.
  const today = Math.floor(now / DAY_MS) * DAY_MS + 12 * 3_600_000;
  await db
    .insertInto('home_new_coins')
    .values(
      newCoinSeeds.map((c) => ({
        unit: c.unit,
        symbol: c.symbol,
        online_time: 'utc' in c.at ? c.at.utc : today + c.at.inDays * DAY_MS,
        enabled: 1,
        created_at: now,
      })),
    )
    .execute();
}
