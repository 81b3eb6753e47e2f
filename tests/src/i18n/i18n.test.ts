import { describe, expect, it } from 'vitest';
import { i18n, Translator, translateIn } from '../../../src/i18n/i18n.ts';
import { enUS } from '../../../src/i18n/locales/en-us.ts';
import { zhCN } from '../../../src/i18n/locales/zh-cn.ts';

describe('translateIn', () => {
  it('reads a dotted key and fills its placeholders', () => {
    expect(translateIn(enUS, 'common.loading')).toBe('Loading…');
    expect(translateIn(enUS, 'trade.orders.open', { count: 3 })).toBe(enUS.trade.orders.open.replace('{{count}}', '3'));
  });

  it('gives the key for a missing, partial or object key, and empty for a value not given', () => {
    expect(translateIn(enUS, 'common.nope' as 'common.loading')).toBe('common.nope');
    expect(translateIn(enUS, 'common' as 'common.loading')).toBe('common');
    expect(translateIn(undefined, 'common.loading')).toBe('common.loading');
    const bundle = { a: { b: 'x {{ n }} y {{m}}' } } as unknown as typeof enUS;
    expect(translateIn(bundle, 'a.b' as 'common.loading', { n: 0 })).toBe('x 0 y ');
  });

  it('does not read keys off the prototype', () => {
    expect(translateIn(enUS, 'common.constructor' as 'common.loading')).toBe('common.constructor');
  });
});

describe('Translator', () => {
  it('changes language once the bundle has loaded and tells listeners once per change', async () => {
    const tr = new Translator();
    const told: string[] = [];
    const off = tr.on('languageChanged', (l) => told.push(l));
    expect(tr.t('common.loading')).toBe('common.loading');
    const t = await tr.changeLanguage('zh_CN');
    expect(t('common.loading')).toBe(zhCN.common.loading);
    expect(tr.t('common.loading')).toBe(zhCN.common.loading);
    await tr.changeLanguage('zh_CN');
    await tr.changeLanguage('en_US');
    off();
    await tr.changeLanguage('zh_CN');
    expect(told).toEqual(['zh_CN', 'en_US']);
    expect(tr.getFixedT('en_US')).toBe(tr.getFixedT('en_US'));
  });

  it('takes an unknown language for the default', async () => {
    const tr = new Translator();
    await tr.changeLanguage('xx');
    expect(tr.language).toBe('zh_CN');
  });

  it('keeps the server words of a language apart from the strings', () => {
    i18n.addServerWords('en_US', { a: 'A' });
    i18n.addServerWords('en_US', { b: 'B' });
    expect([i18n.serverWord('en_US', 'a'), i18n.serverWord('en_US', 'b')]).toEqual(['A', 'B']);
    expect(i18n.getFixedT('en_US')('a' as 'common.loading')).toBe('a');
  });
});
