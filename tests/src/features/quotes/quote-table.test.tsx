import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../../../common/i18n.ts';
import type { SymbolThumb } from '../../../../common/market.ts';
import { marketsOf } from '../../../../src/features/quotes/quote-rows.ts';
import { QuoteRowView } from '../../../../src/features/quotes/quote-table.tsx';
import { setFormatLanguage } from '../../../../src/format/intl.ts';

function thumb(symbol: string, close: string, priceScale: number, turnover: string): SymbolThumb {
  const [coin = '', unit = ''] = symbol.split('/');
  return {
    symbol,
    coinSymbol: coin,
    baseSymbol: unit,
    open: close,
    high: close,
    low: close,
    close,
    change: '0',
    chg: 0,
    volume: '100',
    turnover,
    usdRate: '1',
    baseUsdRate: '1',
    priceScale,
    amountScale: 2,
    logoUrl: '',
    time: 0,
  };
}

/** The numeric cells of one rendered row: price, change, high, low, volume, turnover. */
function cells(t: SymbolThumb, lang: Lang): string[] {
  setFormatLanguage(lang);
  const [market] = marketsOf([t]);
  if (!market) throw new Error('no market');
  const html = renderToStaticMarkup(
    <QuoteRowView
      style={{}}
      index={0}
      setSize={1}
      market={market}
      price={market.price}
      chg={0}
      high={market.high}
      low={market.low}
      volume={market.volume}
      turnover={market.turnover}
      starred={false}
      onStar={() => {}}
      lang={lang}
      labels={{ add: 'add', remove: 'remove', trade: 'trade' }}
    />,
  );
  return [...html.matchAll(/<span class="cell num[^"]*">([^<]*)<\/span>/g)].map((m) => m[1] ?? '');
}

describe('a quotes-table row (issue 19 items 7, 9, 10)', () => {
  afterEach(() => setFormatLanguage('zh_CN'));

  it('shows a very small price in collapsed-zero notation, as quick exchange does', () => {
    const [price, , high, low] = cells(thumb('SHIB/USDT', '0.00000999', 8, '1234'), 'en_US');
    expect([price, high, low]).toEqual(['0.0₅999', '0.0₅999', '0.0₅999']);
  });

  it('groups prices and a full turnover in the language', () => {
    expect(cells(thumb('BTC/USDT', '95000.12', 2, '533488.16'), 'en_US')).toEqual([
      '95,000.12',
      '+0.00%',
      '95,000.12',
      '95,000.12',
      '100.00',
      '533,488.16',
    ]);
    const vi = cells(thumb('BTC/USDT', '95000.12', 2, '533488.16'), 'vi_VN');
    expect([vi[0], vi[5]]).toEqual(['95.000,12', '533.488,16']);
  });

  it('shows the turnover of a BTC-quoted market with 5 decimals', () => {
    const row = cells(thumb('ETH/BTC', '0.03512', 5, '12.3456789'), 'en_US');
    expect(row[0]).toBe('0.03512');
    expect(row[5]).toBe('12.34567');
  });
});
