import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../common/i18n.ts';
import { translate } from '../../../server/errors/messages.ts';
import { MOVES_MESSAGES } from '../../../server/errors/moves-messages.ts';

const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The moves' refusals in the seven UI languages (spec shell §1, §8): real translations with the same parameters. */
describe('moves messages', () => {
  for (const [key, texts] of Object.entries(MOVES_MESSAGES)) {
    it(`${key} is translated into every language with the same parameters`, () => {
      const english = texts.en_US;
      for (const lang of LANGS) {
        const text: string = texts[lang];
        expect(text.trim().length, lang).toBeGreaterThan(0);
        expect(params(text), lang).toEqual(params(english));
        if (lang !== 'en_US') expect(text, lang).not.toBe(english);
      }
    });
  }

  it('fills parameters through the shared translator', () => {
    expect(translate('movesTooManyDecimals', 'en_US', { coin: 'BTC', decimals: 8 })).toBe(
      'BTC allows at most 8 decimals',
    );
    expect(translate('movesInsufficientIn', 'ja', { coin: 'ETH', available: '0.5' })).toBe(
      '残高不足：利用可能 0.5 ETH',
    );
  });
});
