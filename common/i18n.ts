/** The seven UI languages of spec shell §1; zh_CN is the default. */
export const LANGS = ['zh_CN', 'zh_TW', 'en_US', 'ko_KR', 'ja', 'vi_VN', 'hi_IN'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_CN';

/** A Map, not an object literal: a key typed by a user (`__proto__`, `constructor`) must find nothing. */
const ALIASES = new Map<string, Lang>(
  Object.entries({
    zh: 'zh_CN',
    zh_cn: 'zh_CN',
    zh_hans: 'zh_CN',
    zh_tw: 'zh_TW',
    zh_hk: 'zh_TW',
    zh_hant: 'zh_TW',
    en: 'en_US',
    en_us: 'en_US',
    en_gb: 'en_US',
    ko: 'ko_KR',
    ko_kr: 'ko_KR',
    ja: 'ja',
    ja_jp: 'ja',
    vi: 'vi_VN',
    vi_vn: 'vi_VN',
    hi: 'hi_IN',
    hi_in: 'hi_IN',
  } satisfies Record<string, Lang>),
);

/** Reads a language from a header, cookie or URL prefix (`zh-cn`, `en-US`, `vi_VN`…); null if unknown. */
export function parseLang(value: string | null | undefined): Lang | null {
  if (!value) return null;
  const key = value.trim().toLowerCase().replace(/-/g, '_');
  return ALIASES.get(key) ?? ALIASES.get(key.split('_')[0] ?? '') ?? null;
}
