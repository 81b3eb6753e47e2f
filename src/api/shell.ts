import type { UserInfo } from '../../common/contracts/account.ts';
import type { WalletBalance } from '../../common/contracts/assets.ts';
import type { Page } from '../../common/contracts/envelope.ts';
import type { AppLinks, Message, Notice, SiteConfig, SiteLink } from '../../common/contracts/shell.ts';
import type { AssetParts } from '../format/currency.ts';
import { get, isSuccess, post } from './request.ts';

/**
 * The header's background calls (spec shell §7 "Header calls"), all silent: a failure leaves its part of the header
 * empty instead of raising toasts on every page.
 */

// The wire shapes are the server's contract (common/contracts/shell.ts); the header and footer import them from here.
export type { AppLinks, Message, Notice, SiteConfig, SiteLink };

/** spec shell §9: notices in the header 3; messages 3. */
export const HEADER_NOTICES = 3;
export const HEADER_MESSAGES = 3;

export async function loadNotices(): Promise<Notice[] | null> {
  const r = await get<Page<Notice>>('/api/notice', { page: 1, size: HEADER_NOTICES }, { silent: true });
  return isSuccess(r.code) ? (r.data?.records ?? []).slice(0, HEADER_NOTICES) : null;
}

export async function loadMessages(): Promise<Message[] | null> {
  const r = await get<Page<Message>>('/uc/message/page', { page: 1, limit: HEADER_MESSAGES }, { silent: true });
  return isSuccess(r.code) ? (r.data?.records ?? []).slice(0, HEADER_MESSAGES) : null;
}

export async function loadUnreadCount(): Promise<number> {
  const r = await get<number | { count?: number }>('/uc/message/unreadCount', {}, { silent: true });
  if (!isSuccess(r.code)) return 0;
  return typeof r.data === 'number' ? r.data : Number(r.data?.count ?? 0);
}

export async function markAllRead(): Promise<boolean> {
  return isSuccess((await post('/uc/message/markAllRead')).code);
}

/**
 * `GET /uc/asset/walletBalance`: the five wallets of the assets dropdown (spec shell §3 "Balance rows"), valued in
 * USDT, or null when they could not be read (logged with the message only, spec §8).
 */
export async function loadBalances(): Promise<AssetParts | null> {
  const r = await get<WalletBalance>('/uc/asset/walletBalance', {}, { silent: true });
  if (!isSuccess(r.code) || !r.data) {
    console.error(r.msg);
    return null;
  }
  const d = r.data;
  return {
    spot: d.spot?.totalUsdt,
    funds: d.funds?.totalUsdt,
    contract: d.contract?.amount,
    financial: d.financial?.totalAsset,
    follow: d.follow?.total,
  };
}

export async function loadAppLinks(): Promise<AppLinks | null> {
  const r = await get<AppLinks>('/config/toDownAppPage', {}, { silent: true });
  return isSuccess(r.code) && r.data ? r.data : null;
}

export async function loadSiteConfig(): Promise<SiteConfig | null> {
  const r = await get<SiteConfig>('/config/getConfigInfo', {}, { silent: true });
  return isSuccess(r.code) ? r.data : null;
}

/** Check login, then load user info (the guard, spec shell §4). Null when the session is dead. */
export async function checkLoginAndLoadUser(): Promise<UserInfo | null> {
  const check = await get<boolean>('/uc/check/login', {}, { silent: true });
  if (!isSuccess(check.code)) return null;
  const info = await get<UserInfo>('/uc/member/my-info', {}, { silent: true });
  return isSuccess(info.code) ? info.data : null;
}

export async function logout(): Promise<boolean> {
  return isSuccess((await post('/uc/loginout')).code);
}
