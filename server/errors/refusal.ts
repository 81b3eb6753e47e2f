import { DEFAULT_LANG, type Lang } from '../../common/i18n.ts';

/** Messages in the seven UI languages, by key; `{name}` marks a parameter. */
export type Catalogue = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

export type MessageParams = Record<string, string | number>;

/** A catalogue's message in `lang` (zh_CN when missing) with its parameters filled in. */
export function translateIn<C extends Catalogue>(
  catalogue: C,
  key: keyof C & string,
  lang: Lang = DEFAULT_LANG,
  params: MessageParams = {},
): string {
  const texts = catalogue[key] as Readonly<Record<Lang, string>>;
  const text = texts[lang] ?? texts[DEFAULT_LANG];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/**
 * An expected refusal: HTTP status, envelope code and a message in the reader's language (spec shell §8). Domains
 * throw one; the HTTP layer answers it as an envelope, so no domain needs to know about replies.
 */
export abstract class Refusal<Key extends string = string> extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    /** The message's key in the catalogue of the subclass. */
    readonly key: Key,
    readonly params: MessageParams = {},
  ) {
    super(key);
  }

  /** The message in `lang`. */
  abstract text(lang: Lang): string;
}
