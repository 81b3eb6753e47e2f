import { afterEach, describe, expect, it } from 'vitest';
import type { SymbolThumb } from '../../../../common/market.ts';
import { searchTabs, spotRows } from '../../../../src/features/shell/symbol-search.tsx';
import { setFormatLanguage } from '../../../../src/format/intl.ts';

describe('the header search’s tabs', () => {
  it('offers no contract tab while the contract terminal is not built, so no row leads to a missing page', () => {
    expect(searchTabs()).toEqual(['all', 'spot']);
    expect(searchTabs(true)).toEqual(['all', 'spot', 'contract']);
  });
});

describe('the header search’s spot rows (issue 19 items 7 and 9)', () => {
  afterEach(() => setFormatLanguage('zh_CN'));
  const thumb = (symbol: string, close: string, priceScale: number) =>
    ({ symbol, close, priceScale, chg: 0, coinSymbol: symbol.split('/')[0], baseSymbol: 'USDT' }) as SymbolThumb;

  it('shows a very small price collapsed and a large one grouped in the page language', () => {
    setFormatLanguage('en_US');
    const rows = spotRows([thumb('PEPE/USDT', '0.00000999', 8), thumb('BTC/USDT', '95000.129', 2)]);
    expect(rows.map((r) => r.price)).toEqual(['0.0₅999', '95,000.12']);
  });
});
