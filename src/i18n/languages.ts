import { DEFAULT_LANG, LANGS, type Lang, parseLang } from '../../common/i18n.ts';

/** URL prefixes of spec shell §2: every route is also reachable under /{prefix}. en_US and ja have none. */
export const LANG_PREFIXES = {
  vi: 'vi_VN',
  'zh-cn': 'zh_CN',
  'zh-tw': 'zh_TW',
  hi: 'hi_IN',
  ko: 'ko_KR',
} as const satisfies Record<string, Lang>;
export type LangPrefix = keyof typeof LANG_PREFIXES;

const PREFIX_OF: Partial<Record<Lang, LangPrefix>> = Object.fromEntries(
  Object.entries(LANG_PREFIXES).map(([prefix, lang]) => [lang, prefix as LangPrefix]),
);

/** Each language named in itself; the switch shows these whatever the current language. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
  en_US: 'English',
  ko_KR: '한국어',
  ja: '日本語',
  vi_VN: 'Tiếng Việt',
  hi_IN: 'हिन्दी',
};

/** BCP 47 tag for `<html lang>`. */
export const HTML_LANG: Record<Lang, string> = {
  zh_CN: 'zh-CN',
  zh_TW: 'zh-TW',
  en_US: 'en-US',
  ko_KR: 'ko-KR',
  ja: 'ja',
  vi_VN: 'vi-VN',
  hi_IN: 'hi-IN',
};

export { DEFAULT_LANG, LANGS, type Lang };

/** Splits `/ko/trade/BTC-USDT` into the prefix's language and the rest (`/trade/BTC-USDT`). */
export function splitLangPrefix(pathname: string): { lang: Lang | null; prefix: LangPrefix | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1]?.toLowerCase();
  // Own keys only: `in` would take `constructor` or `__proto__` in the URL for a language.
  if (first && Object.hasOwn(LANG_PREFIXES, first)) {
    const prefix = first as LangPrefix;
    return { lang: LANG_PREFIXES[prefix], prefix, rest: match?.[2] || '/' };
  }
  return { lang: null, prefix: null, rest: pathname || '/' };
}

/** The URL prefix of a language, or '' when it has none. */
export function prefixOf(lang: Lang): string {
  const prefix = PREFIX_OF[lang];
  return prefix ? `/${prefix}` : '';
}

export const LANG_STORAGE_KEY = 'lang';
export const LANG_COOKIE = 'lang';
/** spec shell §9: the language cookie lives 36500 days in the header flow. */
export const LANG_COOKIE_DAYS = 36_500;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANG_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The language of this page: the URL prefix, else the stored choice, else zh_CN (spec shell §1). */
export function resolveLang(pathname: string): Lang {
  return (
    splitLangPrefix(pathname).lang ?? parseLang(readStored()) ?? parseLang(readCookie(LANG_COOKIE)) ?? DEFAULT_LANG
  );
}

/** Remembers the choice locally and in the language cookie. */
export function storeLang(lang: Lang): void {
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // private mode: the cookie still carries it
  }
  if (typeof document !== 'undefined') {
    const expires = new Date(Date.now() + LANG_COOKIE_DAYS * 86_400_000).toUTCString();
    // biome-ignore lint/suspicious/noDocumentCookie: the server reads the language cookie.
    document.cookie = `${LANG_COOKIE}=${encodeURIComponent(lang)}; expires=${expires}; path=/; SameSite=Lax`;
  }
}
