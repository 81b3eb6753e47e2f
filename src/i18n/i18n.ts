import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang, parseLang } from '../../common/i18n.ts';
import { setFormatLanguage } from '../format/intl.ts';
import { enUS, type Messages } from './locales/en-us.ts';
import { hiIN } from './locales/hi-in.ts';
import { ja } from './locales/ja.ts';
import { koKR } from './locales/ko-kr.ts';
import { viVN } from './locales/vi-vn.ts';
import { zhCN } from './locales/zh-cn.ts';
import { zhTW } from './locales/zh-tw.ts';

/** Every UI string in the seven languages of spec shell §1, one bundle each (namespace `translation`). */
export const LOCALES: Record<Lang, Messages> = {
  zh_CN: zhCN,
  zh_TW: zhTW,
  en_US: enUS,
  ko_KR: koKR,
  ja,
  vi_VN: viVN,
  hi_IN: hiIN,
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** The one i18next instance. Bundles are compiled in, so it is ready synchronously at import. */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGS.map((l) => [l, { translation: LOCALES[l] }])),
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// Dates and counts follow the language (src/format/intl.ts).
i18n.on('languageChanged', (lng) => setFormatLanguage(parseLang(lng) ?? DEFAULT_LANG));

export function currentLanguage(): Lang {
  return (i18n.language as Lang) || DEFAULT_LANG;
}
