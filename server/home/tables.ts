import type { Generated } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0008 (the home page: carousel banners, advertisements, new-coin listings). Kept out of
 * schema.ts like the shell's: server/home reaches them through `homeDb`.
 */
export type HomeTables = {
  home_banners: HomeBannerTable;
  home_advertise: HomeAdvertiseTable;
  home_new_coins: HomeNewCoinTable;
};

/** A carousel banner in one language (spec shell §3 "Banner: url, linkUrl"); the image is drawn from its texts. */
export interface HomeBannerTable {
  id: Generated<number>;
  /** Ties the translations of one banner together. */
  banner_key: string;
  lang: string;
  title: string;
  subtitle: string;
  /** Where the banner leads; opened in a new tab. */
  link_url: string;
  /** Gradient start and end colours of the drawn image (#rrggbb). */
  color_from: string;
  color_to: string;
  sort: number;
  enabled: number;
}

/** An advertisement in one language at a place of the site (1: the home page under the carousel). */
export interface HomeAdvertiseTable {
  id: Generated<number>;
  advertise_key: string;
  lang: string;
  location: number;
  title: string;
  link_url: string;
  sort: number;
  enabled: number;
}

/** A coin listing: the spot market it opens and when (spec shell §3 "New-coin item", §4 countdowns). */
export interface HomeNewCoinTable {
  id: Generated<number>;
  /** The coin, as in `coins.unit`. */
  unit: string;
  /** The spot market it trades on, as in `spot_markets.symbol` (BASE/QUOTE). */
  symbol: string;
  /** When trading opens, Unix ms. */
  online_time: number;
  enabled: number;
  created_at: number;
}

/** The database with the home page's tables in its type. */
export function homeDb(db: Db) {
  return db.withTables<HomeTables>();
}
