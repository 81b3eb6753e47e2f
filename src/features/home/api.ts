import type { Static } from 'typebox';
import { HOME_PATHS } from '../../../common/api.ts';
import type {
  Advertise,
  AdvertisePageSchema,
  Banner,
  NewCoin,
  NewCoinList,
  PlatformStat,
  RankingItem,
  RankingPage,
} from '../../../common/contracts/home.ts';
import type { AppLinks, IndexImagesSchema, SiteConfig } from '../../../common/contracts/shell.ts';
import { type ApiResult, get } from '../../api/request.ts';
import { ADVERTISE_PAGE_SIZE, RANKING_PAGE_SIZE, type RankingType } from './rules.ts';

// The wire shapes are the server's contract (common/contracts/home.ts); the home screens import them from here.
export type { Advertise, Banner, NewCoin, NewCoinList, PlatformStat, RankingPage };
/** spec shell §3 "Ranking item"; new-coin rows add onlineTime. */
export type RankingRow = RankingItem;
/** The home page's pictures per theme (`/config/indexImg`). */
export type IndexImages = Static<typeof IndexImagesSchema>;

// Failures of the home list calls are not shown (spec shell §8): the calls are silent and the blocks stay empty.
const quiet = { silent: true } as const;

export const loadBanners = (signal: AbortSignal): Promise<ApiResult<Banner[]>> =>
  get<Banner[]>(HOME_PATHS.banners, {}, { ...quiet, signal });

export const loadRanking = (type: RankingType, signal: AbortSignal): Promise<ApiResult<RankingPage>> =>
  get<RankingPage>(
    HOME_PATHS.ranking,
    { type, pageNo: 1, pageSize: RANKING_PAGE_SIZE, inverted: false },
    { ...quiet, signal },
  );

export const loadNewCoinPreview = (signal: AbortSignal): Promise<ApiResult<NewCoinList>> =>
  get<NewCoinList>(HOME_PATHS.newCoinPreview, {}, { ...quiet, signal });

export const loadAdvertise = (signal: AbortSignal): Promise<ApiResult<{ content: Advertise[] }>> =>
  get<Static<typeof AdvertisePageSchema>>(
    HOME_PATHS.advertise,
    { pageNo: 1, pageSize: ADVERTISE_PAGE_SIZE, advertiseLocation: 1 },
    { ...quiet, signal },
  );

/** spec shell §3 "App links", with the countries where the store button is hidden (spec shell §2). */
export type DownloadLinks = AppLinks;

export const loadDownloadLinks = (signal: AbortSignal): Promise<ApiResult<DownloadLinks>> =>
  get<DownloadLinks>('/config/toDownAppPage', {}, { ...quiet, signal });

export const loadCertificate = (signal: AbortSignal): Promise<ApiResult<SiteConfig>> =>
  get<SiteConfig>('/config/getConfigInfo', {}, { ...quiet, signal });

export const loadIndexImages = (signal: AbortSignal): Promise<ApiResult<IndexImages>> =>
  get<IndexImages>(HOME_PATHS.indexImages, {}, { ...quiet, signal });

export const loadPlatformStat = (signal: AbortSignal): Promise<ApiResult<PlatformStat>> =>
  get<PlatformStat>(HOME_PATHS.platformStat, {}, { ...quiet, signal });
