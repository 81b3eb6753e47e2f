import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANGS, type Lang, parseLang } from '../../common/i18n.ts';
import { setFormatLanguage } from '../format/intl.ts';
import { LOCALE_LOADERS } from './locale-loaders.ts';
import type { Messages } from './locales/en-us.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** i18next asks this for a language's bundle the first time it is used (`changeLanguage`, `loadLanguages`). */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const lang = parseLang(language);
    if (!lang) return callback(null, {});
    LOCALE_LOADERS[lang]().then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** The one i18next instance; a language is usable once `changeLanguage` or `loadLanguages` for it has resolved. */
export const i18n: I18n = i18next.createInstance();
void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    fallbackLng: false,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    // Init settles now (no language yet), so it cannot race the page's own changeLanguage.
    initAsync: false,
    // Rendering waits in main.tsx for the page's language; react-i18next need not suspend.
    react: { useSuspense: false },
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Dates and counts follow the language (src/format/intl.ts).
i18n.on('languageChanged', (lng) => setFormatLanguage(parseLang(lng) ?? DEFAULT_LANG));

export function currentLanguage(): Lang {
  return (i18n.language as Lang) || DEFAULT_LANG;
}
