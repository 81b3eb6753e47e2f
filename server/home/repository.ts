import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { type HomeBannerTable, homeDb } from './tables.ts';

export interface BannerRow {
  id: number;
  key: string;
  lang: string;
  title: string;
  subtitle: string;
  linkUrl: string;
  colorFrom: string;
  colorTo: string;
  sort: number;
}

export interface AdvertiseRow {
  id: number;
  key: string;
  title: string;
  linkUrl: string;
  sort: number;
}

export interface NewCoinRow {
  id: number;
  unit: string;
  name: string;
  symbol: string;
  onlineTime: number;
}

type StoredBanner = Selectable<HomeBannerTable>;

function bannerRow(r: StoredBanner): BannerRow {
  return {
    id: r.id,
    key: r.banner_key,
    lang: r.lang,
    title: r.title,
    subtitle: r.subtitle,
    linkUrl: r.link_url,
    colorFrom: r.color_from,
    colorTo: r.color_to,
    sort: r.sort,
  };
}

/** Banners, advertisements and new-coin listings of the home page (migration 0008). */
export function homeStore(raw: Db) {
  const db = homeDb(raw);
  return {
    /** Enabled banners of one language, in display order. */
    async banners(lang: string): Promise<BannerRow[]> {
      const rows = await db
        .selectFrom('home_banners')
        .selectAll()
        .where('lang', '=', lang)
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(bannerRow);
    },

    async banner(id: number): Promise<BannerRow | null> {
      const r = await db
        .selectFrom('home_banners')
        .selectAll()
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      return r ? bannerRow(r) : null;
    },

    /** One page of the advertisements of a place, in one language, and how many there are. */
    async advertise(
      lang: string,
      location: number,
      offset: number,
      limit: number,
    ): Promise<{ rows: AdvertiseRow[]; total: number }> {
      const base = db
        .selectFrom('home_advertise')
        .where('lang', '=', lang)
        .where('location', '=', location)
        .where('enabled', '=', 1);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({ id: r.id, key: r.advertise_key, title: r.title, linkUrl: r.link_url, sort: r.sort })),
        total: Number(count.n),
      };
    },

    /** Every enabled listing with its coin's name, the latest online time first. */
    async newCoins(): Promise<NewCoinRow[]> {
      const rows = await db
        .selectFrom('home_new_coins')
        .select(['id', 'unit', 'symbol', 'online_time'])
        .where('enabled', '=', 1)
        .orderBy('online_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const names = new Map(
        (await raw.selectFrom('coins').select(['unit', 'name']).execute()).map((c) => [c.unit, c.name]),
      );
      return rows.map((r) => ({
        id: r.id,
        unit: r.unit,
        name: names.get(r.unit) ?? r.unit,
        symbol: r.symbol,
        onlineTime: Number(r.online_time),
      }));
    },

    async addNewCoin(unit: string, symbol: string, onlineTime: number, now: number): Promise<number> {
      const row = await db
        .insertInto('home_new_coins')
        .values({ unit, symbol, online_time: onlineTime, enabled: 1, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type HomeStore = ReturnType<typeof homeStore>;

/** Counts for the platform figures: listed coins, members and the countries of the account module's list. */
export async function platformCounts(db: Db): Promise<{ coins: number; users: number; countries: number }> {
  const [coins, users, countries] = await Promise.all([
    db
      .selectFrom('coins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    // The countries table belongs to the account module's widened schema.
    sql<{ n: number }>`select count(*) as n from countries`.execute(db),
  ]);
  return { coins: Number(coins.n), users: Number(users.n), countries: Number(countries.rows[0]?.n ?? 0) };
}
