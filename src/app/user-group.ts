import type { Lang } from '../../common/i18n.ts';

/** The two countries of the special user group (spec shell §1). */
export const VN_GROUP_COUNTRIES: readonly string[] = ['VN', 'KH'];

export interface GroupUser {
  country?: string | null;
  kycTwoCode?: string | null;
  realVerified?: number;
}

/** The group's country: the KYC country once identity is verified, else the profile country (spec shell §1). */
export function groupCountry(user: GroupUser | null | undefined): string | null {
  if (!user) return null;
  const kyc = user.realVerified === 1 ? user.kycTwoCode : null;
  return (kyc || user.country || null)?.toUpperCase() ?? null;
}

export function isVnGroup(user: GroupUser | null | undefined): boolean {
  const country = groupCountry(user);
  return country !== null && VN_GROUP_COUNTRIES.includes(country);
}

/** The trading-day-battle entry: the VN/KH group, or the Vietnamese language (spec shell §1, §6). */
export function showsDayBattle(user: GroupUser | null | undefined, lang: Lang): boolean {
  return lang === 'vi_VN' || isVnGroup(user);
}
