import { useSyncExternalStore } from 'react';
import { i18n, type TFunction, type Translator } from './i18n.ts';

const subscribe = (changed: () => void) => i18n.on('languageChanged', changed);
const language = () => i18n.language;

/** The page's translate, the same function until the language changes (then the component renders again). */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const lang = useSyncExternalStore(subscribe, language, language);
  return { t: i18n.getFixedT(lang), i18n };
}
