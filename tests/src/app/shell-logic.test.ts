import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  balancesShown,
  displayCurrency,
  setBalancesShown,
  setDisplayCurrency,
  setStoredTheme,
  storedTheme,
} from '../../../src/app/preferences.ts';
import { urlForLanguage } from '../../../src/app/shell-state.tsx';
import { matchesSymbol, normalizeQuery, searchSymbols } from '../../../src/app/symbol-search.ts';
import { MemoryStorage } from '../api/browser-env.ts';

describe('symbol search (spec shell §5, trading §2)', () => {
  const rows = [{ symbol: 'BTC/USDT' }, { symbol: 'ETH/USDT' }, { symbol: 'ETH/BTC' }, { symbol: 'USDC/USDT' }];
  it('removes all whitespace and matches case-insensitively by substring', () => {
    expect(normalizeQuery('  e T\th \n')).toBe('eth');
    expect(searchSymbols(rows, ' e t h ').map((r) => r.symbol)).toEqual(['ETH/USDT', 'ETH/BTC']);
    expect(searchSymbols(rows, 'th/U').map((r) => r.symbol)).toEqual(['ETH/USDT']);
    expect(searchSymbols(rows, 'usd').map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'USDC/USDT']);
    expect(searchSymbols(rows, '   ')).toHaveLength(4);
    expect(matchesSymbol('BTC/USDT', 'xyz')).toBe(false);
  });
});

describe('stored preferences (spec shell §1, §4, §9)', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the theme locally', () => {
    setStoredTheme('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(storedTheme()).toBe('light');
    setStoredTheme('dark');
    expect(storedTheme()).toBe('dark');
  });

  it('display currency: the stored choice, else usdt, CNY for CN and VND for VN', () => {
    localStorage.clear();
    expect(displayCurrency(null)).toBe('USDT');
    expect(displayCurrency('US')).toBe('USDT');
    expect(displayCurrency('cn')).toBe('CNY');
    expect(displayCurrency('VN')).toBe('VND');
    setDisplayCurrency('HKD');
    expect(localStorage.getItem('currency')).toBe('HKD');
    expect(displayCurrency('CN')).toBe('HKD');
  });

  it('balances show-eye flag is stored', () => {
    setBalancesShown(false);
    expect(balancesShown()).toBe(false);
    setBalancesShown(true);
    expect(balancesShown()).toBe(true);
  });
});

describe('language switch target (spec shell §2, §4)', () => {
  const loc = (pathname: string) => ({ pathname, search: '?a=1', hash: '' });
  it('stays unprefixed without a prefix; swaps the prefix when one was used', () => {
    expect(urlForLanguage('ko_KR', loc('/trade'))).toBe('/trade?a=1');
    expect(urlForLanguage('vi_VN', loc('/ko/trade'))).toBe('/vi/trade?a=1');
    expect(urlForLanguage('en_US', loc('/ko/trade'))).toBe('/trade?a=1');
    expect(urlForLanguage('ja', loc('/ko'))).toBe('/?a=1');
    expect(urlForLanguage('zh_TW', loc('/ko/'))).toBe('/zh-tw?a=1');
  });
});
