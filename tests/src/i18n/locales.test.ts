import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { i18n } from '../../../src/i18n/i18n.ts';
import { prefixOf, resolveLang, splitLangPrefix } from '../../../src/i18n/languages.ts';
import { LOCALE_LOADERS } from '../../../src/i18n/locale-loaders.ts';
import { translate } from '../../../src/i18n/messages.ts';

/** Values that may equal English in another language: names and symbols, not words. */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>(['UID', 'APK', 'KOL', 'Tickstream']);

function flatten(tree: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

// Each language is its own chunk; loaded here as the translator loads one for a page.
const LOCALES = Object.fromEntries(await Promise.all(LANGS.map(async (l) => [l, await LOCALE_LOADERS[l]()]))) as {
  [L in (typeof LANGS)[number]]: Awaited<ReturnType<(typeof LOCALE_LOADERS)[L]>>;
};
await i18n.loadLanguages([...LANGS]);
const english = flatten(LOCALES.en_US);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales (spec shell §1: seven languages, no English left in another, no raw keys)', () => {
  it('has the seven languages, each its own chunk', () => {
    expect(Object.keys(LOCALE_LOADERS).sort()).toEqual([...LANGS].sort());
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGS].sort());
  });

  for (const lang of LANGS) {
    describe(lang, () => {
      const entries = flatten(LOCALES[lang]);

      it('has every key of English and no other', () => {
        const missing = [...english.keys()].filter((k) => !entries.has(k));
        const extra = [...entries.keys()].filter((k) => !english.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has a non-empty string for every key, with the same placeholders', () => {
        for (const [key, value] of entries) {
          expect(typeof value, key).toBe('string');
          expect((value as string).trim().length, key).toBeGreaterThan(0);
          expect(placeholders(value as string), key).toEqual(placeholders(String(english.get(key))));
        }
      });

      if (lang !== 'en_US') {
        it('translates every value (only names and symbols may equal English)', () => {
          const same = [...entries].filter(
            ([key, value]) => value === english.get(key) && !SAME_AS_ENGLISH_ALLOWED.has(value as string),
          );
          expect(same.map(([key]) => key)).toEqual([]);
        });
      }

      it('never returns a raw key through t', () => {
        const t = i18n.getFixedT(lang);
        for (const key of english.keys()) {
          const text = t(key as 'common.loading', { count: 2 });
          expect(text, key).not.toBe(key);
        }
      });
    });
  }

  it('the old translate() reads the same bundles', () => {
    expect(translate('en_US', 'title')).toBe('Spot markets');
    expect(translate('zh_CN', 'title')).toBe('现货行情');
    expect(translate('ja', 'networkError')).toBe(LOCALES.ja.request.networkError);
  });
});

describe('language prefixes (spec shell §2)', () => {
  it.each([
    ['/vi/trade', 'vi_VN', '/trade'],
    ['/zh-cn', 'zh_CN', '/'],
    ['/zh-tw/', 'zh_TW', '/'],
    ['/hi/quotes/list/spot', 'hi_IN', '/quotes/list/spot'],
    ['/ko/message', 'ko_KR', '/message'],
    ['/en/trade', null, '/en/trade'],
    ['/', null, '/'],
    // A path segment is user input: names on Object.prototype are no language.
    ['/constructor/trade', null, '/constructor/trade'],
    ['/__proto__', null, '/__proto__'],
  ])('%s → %s %s', (path, lang, rest) => {
    expect(splitLangPrefix(path)).toMatchObject({ lang, rest });
  });

  it('English and Japanese have no prefix, the others do', () => {
    expect(prefixOf('en_US')).toBe('');
    expect(prefixOf('ja')).toBe('');
    expect(prefixOf('ko_KR')).toBe('/ko');
    expect(prefixOf('zh_CN')).toBe('/zh-cn');
  });

  it('without a prefix or a stored choice the language is zh_CN', () => {
    expect(resolveLang('/')).toBe('zh_CN');
    expect(resolveLang('/vi/x')).toBe('vi_VN');
  });
});
