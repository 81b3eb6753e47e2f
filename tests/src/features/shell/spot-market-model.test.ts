import { describe, expect, it } from 'vitest';
import type { RankingItem } from '../../../../common/contracts/home.ts';
import type { SymbolThumb } from '../../../../common/market.ts';
import {
  panelRows,
  QUOTE_TABS,
  RECOMMENDED_SIZE,
  recommendedRows,
  tradePath,
} from '../../../../src/features/shell/spot-market-model.ts';
import { hotRows } from '../../../../src/features/shell/symbol-search.tsx';

const thumb = (symbol: string, close = '1'): SymbolThumb => {
  const [coinSymbol = '', baseSymbol = ''] = symbol.split('/');
  return { symbol, coinSymbol, baseSymbol, close, priceScale: 2, chg: 0.01 } as SymbolThumb;
};
const THUMBS = ['BTC/USDT', 'ETH/USDT', 'ETH/USDC', 'SOL/USDC', 'ETH/BTC', 'DOGE/ETH'].map((s) => thumb(s));

describe('the header spot market panel (spec shell §2, trading §2)', () => {
  it('has the quote tabs USDT (the default), USDC and BTC, each listing its own markets', () => {
    expect(QUOTE_TABS).toEqual(['USDT', 'USDC', 'BTC']);
    expect(panelRows(THUMBS, 'USDT', '').map((r) => r.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(panelRows(THUMBS, 'USDC', '').map((r) => r.symbol)).toEqual(['ETH/USDC', 'SOL/USDC']);
    expect(panelRows(THUMBS, 'BTC', '').map((r) => r.symbol)).toEqual(['ETH/BTC']);
  });

  it('searches by the spec rule: all whitespace removed, case-insensitive substring of the symbol', () => {
    expect(panelRows(THUMBS, 'USDT', ' e T h ').map((r) => r.symbol)).toEqual(['ETH/USDT']);
    expect(panelRows(THUMBS, 'USDT', 'h/us').map((r) => r.symbol)).toEqual(['ETH/USDT']);
    expect(panelRows(THUMBS, 'USDT', 'xyz')).toEqual([]);
  });

  it('leads every market to /trade/{base}-{quote}', () => {
    expect(tradePath('ETH/USDC')).toBe('/trade/ETH-USDC');
    expect(panelRows(THUMBS, 'USDC', 'sol')[0]?.to).toBe('/trade/SOL-USDC');
  });

  it('recommends the first eight of the hot ranking, in its order, also as the search popup Hot tab', () => {
    const ranking = Array.from({ length: 10 }, (_, i) => ({
      symbol: `C${i}/USDT`,
      currentPrice: '1.5',
      priceScale: 2,
      chg: -0.02,
    })) as RankingItem[];
    const rows = recommendedRows(ranking);
    expect(RECOMMENDED_SIZE).toBe(8);
    expect(rows.map((r) => r.symbol)).toEqual(ranking.slice(0, 8).map((r) => r.symbol));
    expect(rows[0]).toEqual({ symbol: 'C0/USDT', close: '1.5', priceScale: 2, chg: -0.02, to: '/trade/C0-USDT' });
    expect(hotRows(rows)[0]).toMatchObject({ symbol: 'C0/USDT', kind: 'spot', price: '1.50', to: '/trade/C0-USDT' });
  });
});
