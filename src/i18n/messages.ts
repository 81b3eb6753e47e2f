import type { Lang } from '../../common/i18n.ts';
import { i18n } from './i18n.ts';
import type { Messages } from './locales/en-us.ts';

export { LANGUAGE_NAMES, storeLang } from './languages.ts';

/** Keys of the market list and order book (their strings live in the locales under `markets`). */
export type MessageKey = keyof Messages['markets'] | 'loading' | 'empty' | 'retry' | 'networkError' | 'language';

const SHARED: Partial<Record<MessageKey, string>> = {
  loading: 'common.loading',
  empty: 'common.empty',
  retry: 'common.retry',
  networkError: 'request.networkError',
  language: 'header.language',
};

/** Kept for screens written before `t`: the same strings, read from the same bundles. */
export function translate(lang: Lang, key: MessageKey): string {
  const path = SHARED[key] ?? `markets.${key}`;
  return i18n.getFixedT(lang)(path as 'markets.title');
}

/** The language of this page (see `resolveLang`). */
export function currentLang(): Lang {
  return (i18n.language as Lang) || 'zh_CN';
}
