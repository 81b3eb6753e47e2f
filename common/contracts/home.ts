import { type Static, Type } from 'typebox';
import { PageNoSchema, PageSchema, PageSizeSchema } from './envelope.ts';

/**
 * The home page's calls (spec shell §7 "Home page calls", /config/banner): carousel banners, the ranking lists, new-coin
 * listings with the server's time for the countdowns, advertisements and the platform figures.
 */

/** List types of the ranking call (spec shell §7). */
export const RANKING_TYPES = ['HOT', 'UP', 'NEW_COIN', 'CONTRACT_HOT'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];

/** The dev route lists coins going live within a day at most. */
export const DEV_MAX_DELAY_MS = 86_400_000;

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const RankingQuerySchema = Type.Object({
  type: Type.Enum(RANKING_TYPES),
  pageNo: Type.Optional(PageNoSchema),
  pageSize: Type.Optional(PageSizeSchema),
  inverted: Type.Optional(Type.Boolean()),
});
export type RankingQuery = Static<typeof RankingQuerySchema>;

export const AdvertiseQuerySchema = Type.Object({
  pageNo: Type.Optional(PageNoSchema),
  pageSize: Type.Optional(PageSizeSchema),
  advertiseLocation: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type AdvertiseQuery = Static<typeof AdvertiseQuerySchema>;

/** A drawn banner or poster: `{id}.svg`. */
export const SvgFileParamsSchema = Type.Object({ file: Type.String({ pattern: '^[0-9]{1,9}\\.svg$' }) });

export const DevNewCoinBodySchema = Type.Object({
  symbol: Type.String({ minLength: 3, maxLength: 32 }),
  onlineInMs: Type.Integer({ minimum: 0, maximum: DEV_MAX_DELAY_MS }),
});

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** spec shell §3 "Banner: url, linkUrl"; the image is drawn by the server. */
export const BannerSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  linkUrl: Type.String(),
});
export type Banner = Static<typeof BannerSchema>;

/** A point of a trend line: a close at a time (spec shell §3 lastOneDayQuotes). */
export const QuotePointSchema = Type.Object({ time: Type.Number(), closePrice: Type.Number() });
export type QuotePoint = Static<typeof QuotePointSchema>;

/** A ranking row (spec shell §3 "Ranking item"); new-coin rows add the listing's onlineTime and coin name. */
export const RankingItemSchema = Type.Object({
  /** BASE/QUOTE. */
  symbol: Type.String(),
  coinSymbol: Type.String(),
  baseSymbol: Type.String(),
  logoUrl: Type.String(),
  /** Exact decimal on the market's price grid. */
  currentPrice: Type.String(),
  priceScale: Type.Integer(),
  /** 24 h change as a fraction (0.0123 = +1.23 %). */
  chg: Type.Number(),
  /** 24 h volume in the base coin. */
  volume: Type.String(),
  /** 24 h traded amount in the quote currency. */
  turnover: Type.String(),
  lastOneDayQuotes: Type.Array(QuotePointSchema),
  /** BASE_QUOTE, for /trade?symbol=. */
  jumpSymbol: Type.String(),
  onlineTime: Type.Optional(Type.Number()),
  coinName: Type.Optional(Type.String()),
});
export type RankingItem = Static<typeof RankingItemSchema>;

export const RankingPageSchema = Type.Object({
  ...PageSchema(RankingItemSchema).properties,
  currentTime: Type.Number(),
});
export type RankingPage = Static<typeof RankingPageSchema>;

/** spec shell §3 "New-coin item"; status 1 once online. */
export const NewCoinSchema = Type.Object({
  id: Type.Integer(),
  unit: Type.String(),
  name: Type.String(),
  imgUrl: Type.String(),
  symbol: Type.String(),
  jumpSymbol: Type.String(),
  onlineTime: Type.Number(),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type NewCoin = Static<typeof NewCoinSchema>;

export const NewCoinListSchema = Type.Object({ newCoinList: Type.Array(NewCoinSchema), currentTime: Type.Number() });
export type NewCoinList = Static<typeof NewCoinListSchema>;

export const AdvertiseSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  linkUrl: Type.String(),
  sort: Type.Number(),
});
export type Advertise = Static<typeof AdvertiseSchema>;

/** Advertisements in the spec's page names (content, totalElements). */
export const AdvertisePageSchema = Type.Object({
  content: Type.Array(AdvertiseSchema),
  totalElements: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
});

/** Platform figures for the statistics strip; turnover is a decimal string in USD. */
export const PlatformStatSchema = Type.Object({
  turnover24hUsd: Type.String(),
  markets: Type.Integer(),
  coins: Type.Integer(),
  users: Type.Integer(),
  countries: Type.Integer(),
  time: Type.Number(),
});
export type PlatformStat = Static<typeof PlatformStatSchema>;
