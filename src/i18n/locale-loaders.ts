import type { Lang } from '../../common/i18n.ts';
import type { Messages } from './locales/en-us.ts';

/**
 * Every UI string in the seven languages of spec shell §1, one bundle each (namespace `translation`), each its own
 * chunk: a page downloads only its language (a language switch reloads the page).
 */
export const LOCALE_LOADERS: Record<Lang, () => Promise<Messages>> = {
  zh_CN: () => import('./locales/zh-cn.ts').then((m) => m.zhCN),
  zh_TW: () => import('./locales/zh-tw.ts').then((m) => m.zhTW),
  en_US: () => import('./locales/en-us.ts').then((m) => m.enUS),
  ko_KR: () => import('./locales/ko-kr.ts').then((m) => m.koKR),
  ja: () => import('./locales/ja.ts').then((m) => m.ja),
  vi_VN: () => import('./locales/vi-vn.ts').then((m) => m.viVN),
  hi_IN: () => import('./locales/hi-in.ts').then((m) => m.hiIN),
};
