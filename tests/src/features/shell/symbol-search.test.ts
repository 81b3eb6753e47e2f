import { afterEach, describe, expect, it } from 'vitest';
import type { SymbolThumb } from '../../../../common/market.ts';
import { contractRows, searchTabs, spotRows } from '../../../../src/features/shell/symbol-search.tsx';
import { setFormatLanguage } from '../../../../src/format/intl.ts';

describe('the header search’s tabs', () => {
  it('offers the contract tab once the contract terminal is built, so no row leads to a missing page', () => {
    expect(searchTabs()).toEqual(['all', 'spot', 'contract', 'hot']);
    expect(searchTabs(false)).toEqual(['all', 'spot', 'hot']);
  });

  it('leads a contract row to its contract terminal, its last price on the contract grid', () => {
    setFormatLanguage('en_US');
    const eth = {
      symbol: 'ETH/USDT',
      baseCoin: 'ETH',
      quoteCoin: 'USDT',
      quoteDecimal: 2,
      contractSize: '0.01',
      last: '3400.5',
      mark: '3400.6',
      index: '3400.4',
      fundingRate: '0.0001',
      nextFundingTime: 0,
      maxLeverage: 125,
      openInterest: 10,
      chg: -0.0125,
    };
    expect(contractRows([eth])).toEqual([
      {
        symbol: 'ETH/USDT',
        kind: 'contract',
        price: '3,400.50',
        chg: -0.0125,
        to: '/trade/contract?symbol=ETH_USDT&tradeType=contract',
      },
    ]);
    setFormatLanguage('zh_CN');
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
