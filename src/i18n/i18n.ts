// The page's translations: each language's bundle (its own chunk, LOCALE_LOADERS) and a `t` that reads a dotted key
// from it and fills `{{name}}` placeholders. Our strings use nothing more (no plurals, nesting or formats), so a
// lookup replaces i18next, whose resolution chain cost a cold load at 4× throttle about 0.1 s (issue 22 item 1).

import { DEFAULT_LANG, type Lang, parseLang } from '../../common/i18n.ts';
import { setFormatLanguage } from '../format/intl.ts';
import { LOCALE_LOADERS } from './locale-loaders.ts';
import type { Messages } from './locales/en-us.ts';

/** Every key of the bundles, dotted: `common.loading`. */
export type MessageKey = Leaves<Messages>;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Values for a string's `{{name}}` placeholders. */
export type TOptions = Readonly<Record<string, unknown>>;
/** A language's translate: the key's string with its placeholders filled, or the key itself when it has none. */
export type TFunction = (key: MessageKey, options?: TOptions) => string;

type Listener = (lang: Lang) => void;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The string at `key` in `bundle`, its placeholders filled (a value not given reads as empty, as i18next did). */
export function translateIn(bundle: Messages | undefined, key: string, options?: TOptions): string {
  let node: unknown = bundle;
  for (const part of key.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  if (!options || !node.includes('{{')) return node;
  return node.replace(PLACEHOLDER, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  /** The page's language once its bundle has loaded ('' before). */
  language: Lang | '' = '';
  private readonly bundles = new Map<Lang, Messages>();
  private readonly loads = new Map<Lang, Promise<void>>();
  private readonly fixed = new Map<Lang, TFunction>();
  private readonly listeners = new Set<Listener>();
  /** Content words the server sends for a language (spec shell §7), kept apart from the UI's strings. */
  private readonly serverWords = new Map<Lang, Record<string, unknown>>();

  /** Loads each language's bundle (once; a failed load is asked again next time). */
  loadLanguages(langs: readonly string[]): Promise<void> {
    return Promise.all(langs.map((l) => this.load(parseLang(l) ?? DEFAULT_LANG))).then(() => undefined);
  }

  /** Makes `lang` the page's language once its bundle has loaded, and tells the listeners. */
  async changeLanguage(lang: string): Promise<TFunction> {
    const next = parseLang(lang) ?? DEFAULT_LANG;
    await this.load(next);
    const changed = next !== this.language;
    this.language = next;
    if (changed) for (const listener of [...this.listeners]) listener(next);
    return this.getFixedT(next);
  }

  /** The translate of one language (the same function each time); keys read the bundle when called. */
  getFixedT(lang: string): TFunction {
    const key = parseLang(lang) ?? DEFAULT_LANG;
    let t = this.fixed.get(key);
    if (!t) {
      t = (k, options) => translateIn(this.bundles.get(key), k, options);
      this.fixed.set(key, t);
    }
    return t;
  }

  /** Translates in the page's language. */
  readonly t: TFunction = (key, options) => this.getFixedT(this.language || DEFAULT_LANG)(key, options);

  on(_event: 'languageChanged', listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.off('languageChanged', listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener);
  }

  addServerWords(lang: Lang, words: Record<string, unknown>): void {
    this.serverWords.set(lang, { ...this.serverWords.get(lang), ...words });
  }

  serverWord(lang: Lang, key: string): unknown {
    return this.serverWords.get(lang)?.[key];
  }

  private load(lang: Lang): Promise<void> {
    let made = this.loads.get(lang);
    if (!made) {
      made = LOCALE_LOADERS[lang]().then(
        (bundle) => {
          this.bundles.set(lang, bundle);
        },
        (error: unknown) => {
          this.loads.delete(lang);
          throw error;
        },
      );
      this.loads.set(lang, made);
    }
    return made;
  }
}

/** The one translator; a language is usable once `changeLanguage` or `loadLanguages` for it has resolved. */
export const i18n = new Translator();

// Dates and counts follow the language (src/format/intl.ts).
i18n.on('languageChanged', setFormatLanguage);

export function currentLanguage(): Lang {
  return i18n.language || DEFAULT_LANG;
}
