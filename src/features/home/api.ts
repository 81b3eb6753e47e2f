import { HOME_PATHS } from '../../../common/api.ts';
import { type ApiResult, get } from '../../api/request.ts';
import { ADVERTISE_PAGE_SIZE, RANKING_PAGE_SIZE, type RankingType } from './rules.ts';

/** spec shell §3 "Banner: url, linkUrl". */
export interface Banner {
  id: number;
  url: string;
  linkUrl: string;
  title?: string;
}

/** spec shell §3 "Ranking item"; new-coin rows add onlineTime. */
export interface RankingRow {
  symbol: string;
  coinSymbol: string;
  baseSymbol: string;
  logoUrl: string;
  currentPrice: string;
  priceScale: number;
  chg: number;
  volume: string;
  turnover: string;
  lastOneDayQuotes: { time: number; closePrice: number }[];
  jumpSymbol: string;
  onlineTime?: number;
  coinName?: string;
}

export interface RankingPage {
  records: RankingRow[];
  total: number;
  currentTime: number;
}

/** spec shell §3 "New-coin item". */
export interface NewCoin {
  id: number;
  unit: string;
  name: string;
  imgUrl: string;
  onlineTime: number;
  jumpSymbol: string;
  status: number;
}

export interface NewCoinList {
  newCoinList: NewCoin[];
  currentTime: number;
}

export interface Advertise {
  id: number;
  title: string;
  linkUrl: string;
}

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
  get<{ content: Advertise[] }>(
    HOME_PATHS.advertise,
    { pageNo: 1, pageSize: ADVERTISE_PAGE_SIZE, advertiseLocation: 1 },
    { ...quiet, signal },
  );

/** spec shell §3 "App links", with the countries where the store button is hidden (spec shell §2). */
export interface DownloadLinks {
  apk: string;
  googlePlay: string;
  appStore: string;
  downloadPage: string;
  hideStoreCountries: string[];
}

export const loadDownloadLinks = (signal: AbortSignal): Promise<ApiResult<DownloadLinks>> =>
  get<DownloadLinks>('/config/toDownAppPage', {}, { ...quiet, signal });

export const loadCertificate = (signal: AbortSignal): Promise<ApiResult<{ certificateUrl?: string }>> =>
  get<{ certificateUrl?: string }>('/config/getConfigInfo', {}, { ...quiet, signal });

/** The home page's pictures per theme (`/config/indexImg`). */
export interface IndexImages {
  downloadLight: string;
  downloadDark: string;
}

export const loadIndexImages = (signal: AbortSignal): Promise<ApiResult<IndexImages>> =>
  get<IndexImages>(HOME_PATHS.indexImages, {}, { ...quiet, signal });

/** Platform figures (`/uc/index/platform-stat`); turnover is a decimal string in USD. */
export interface PlatformStat {
  turnover24hUsd: string;
  markets: number;
  coins: number;
  users: number;
  countries: number;
}

export const loadPlatformStat = (signal: AbortSignal): Promise<ApiResult<PlatformStat>> =>
  get<PlatformStat>(HOME_PATHS.platformStat, {}, { ...quiet, signal });
