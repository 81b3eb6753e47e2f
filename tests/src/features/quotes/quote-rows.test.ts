import { describe, expect, it } from 'vitest';
import type { SymbolThumb } from '../../../../common/market.ts';
import {
  filterMarkets,
  isQuoteTab,
  liveQuote,
  marketsOf,
  nextQuoteSort,
  parseQuotePath,
  type QuoteMarket,
  quotePath,
  RANK_ROWS,
  rankMarkets,
  sortMarkets,
  TickerIndex,
  type TickerTable,
} from '../../../../src/features/quotes/quote-rows.ts';
import { TICKER_COLUMNS } from '../../../../workers/api.ts';

function thumb(symbol: string, close: number, chg: number, extra: Partial<SymbolThumb> = {}): SymbolThumb {
  const [coin = '', unit = ''] = symbol.split('/');
  return {
    symbol,
    coinSymbol: coin,
    baseSymbol: unit,
    open: String(close / (1 + chg)),
    high: String(close * 1.1),
    low: String(close * 0.9),
    close: String(close),
    change: String(close - close / (1 + chg)),
    chg,
    volume: '100',
    turnover: String(close * 100),
    usdRate: '1',
    baseUsdRate: unit === 'BTC' ? '95000' : '1',
    priceScale: 2,
    amountScale: 4,
    logoUrl: `/coins/${coin.toLowerCase()}.svg`,
    time: 0,
    ...extra,
  };
}

const markets = marketsOf([
  thumb('BTC/USDT', 95000, 0.01),
  thumb('ETH/USDT', 3400, -0.02),
  thumb('SOL/USDT', 180, 0.05),
  thumb('ETH/BTC', 0.035, 0.001),
  thumb('BTC/USDC', 95010, 0.011),
]);

/** A ticker table in workers/ticker column order: price, change, changeRate (percent), high, low, volume, amount, time. */
function table(
  rows: Record<string, [price: number, ratePercent: number, volume?: number, amount?: number]>,
): TickerTable {
  const symbols = Object.keys(rows);
  const values = new Float64Array(symbols.length * TICKER_COLUMNS).fill(Number.NaN);
  symbols.forEach((s, i) => {
    const [price, rate, volume = 1, amount = price] = rows[s] ?? [0, 0];
    values.set([price, price * rate, rate, price * 1.2, price * 0.8, volume, amount, 1], i * TICKER_COLUMNS);
  });
  return { symbols, values };
}

const symbolsOf = (list: readonly QuoteMarket[]) => list.map((m) => m.symbol);
const none = new Set<string>();

describe('quotes list tabs and filter (spec shell §2, trading §2)', () => {
  it('knows the four list tabs', () => {
    expect(['optional', 'spot', 'contract', 'rank'].every(isQuoteTab)).toBe(true);
    expect(isQuoteTab('futures')).toBe(false);
    expect(isQuoteTab(undefined)).toBe(false);
  });

  it('spot shows the markets of the chosen quote currency, in the server order', () => {
    expect(symbolsOf(filterMarkets(markets, { tab: 'spot', quote: 'USDT', query: '', favourites: none }))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
    ]);
    expect(symbolsOf(filterMarkets(markets, { tab: 'spot', quote: 'BTC', query: '', favourites: none }))).toEqual([
      'ETH/BTC',
    ]);
    expect(symbolsOf(filterMarkets(markets, { tab: 'spot', quote: 'USDC', query: '', favourites: none }))).toEqual([
      'BTC/USDC',
    ]);
  });

  it('search drops every whitespace and is a case-insensitive substring of the pair', () => {
    const found = filterMarkets(markets, { tab: 'spot', quote: 'USDT', query: ' e T h ', favourites: none });
    expect(symbolsOf(found)).toEqual(['ETH/USDT']);
    expect(filterMarkets(markets, { tab: 'spot', quote: 'USDT', query: 'h/us', favourites: none })).toHaveLength(1);
    expect(filterMarkets(markets, { tab: 'spot', quote: 'USDT', query: 'xyz', favourites: none })).toEqual([]);
  });

  it('optional shows the favourites of any quote currency; contract has no market yet', () => {
    const favourites = new Set(['ETH/BTC', 'SOL/USDT']);
    expect(symbolsOf(filterMarkets(markets, { tab: 'optional', quote: 'USDT', query: '', favourites }))).toEqual([
      'SOL/USDT',
      'ETH/BTC',
    ]);
    expect(filterMarkets(markets, { tab: 'contract', quote: 'USDT', query: '', favourites })).toEqual([]);
    expect(filterMarkets(markets, { tab: 'rank', quote: 'USDT', query: '', favourites })).toEqual([]);
  });
});

describe('live values', () => {
  it('reads the ticker where it has the market, the REST reading elsewhere', () => {
    const t = table({ 'ETH/USDT': [3500, 2.5, 7, 24500] });
    const index = new TickerIndex();
    const rows = index.of(t);
    const eth = markets[1] as QuoteMarket;
    expect(liveQuote(eth, t, rows.get('ETH/USDT'))).toMatchObject({
      price: 3500,
      chg: 0.025,
      volume: 7,
      turnover: 24500,
    });
    const btc = markets[0] as QuoteMarket;
    expect(liveQuote(btc, t, rows.get('BTC/USDT'))).toMatchObject({ price: 95000, chg: 0.01, volume: 100 });
    expect(liveQuote(btc, null, undefined).price).toBe(95000);
  });

  it('keeps its row index while the symbol list is the same, and rebuilds it when it changes', () => {
    const index = new TickerIndex();
    const first = index.of(table({ A: [1, 0], B: [2, 0] }));
    expect(index.of(table({ A: [3, 0], B: [4, 0] }))).toBe(first);
    const other = index.of(table({ B: [1, 0], A: [2, 0] }));
    expect(other).not.toBe(first);
    expect(other.get('A')).toBe(1);
    expect(index.of(null).size).toBe(0);
  });
});

describe('sorting (pair, price, change, high, low, volume, turnover)', () => {
  const usdt = markets.filter((m) => m.unit === 'USDT');
  const t = table({
    'BTC/USDT': [90000, -5, 3, 270000],
    'ETH/USDT': [3500, 3, 50, 175000],
    'SOL/USDT': [200, 1, 900, 180000],
  });
  const rows = new TickerIndex().of(t);
  const sorted = (key: Parameters<typeof nextQuoteSort>[1], dir: 'asc' | 'desc') =>
    symbolsOf(sortMarkets(usdt, { key, dir }, t, rows));

  it('a header click sorts descending, then ascending, then clears', () => {
    const first = nextQuoteSort(null, 'volume');
    expect(first).toEqual({ key: 'volume', dir: 'desc' });
    const second = nextQuoteSort(first, 'volume');
    expect(second).toEqual({ key: 'volume', dir: 'asc' });
    expect(nextQuoteSort(second, 'volume')).toBeNull();
    expect(nextQuoteSort(second, 'turnover')).toEqual({ key: 'turnover', dir: 'desc' });
  });

  it('sorts by the live value of each column', () => {
    expect(sorted('pair', 'asc')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(sorted('pair', 'desc')).toEqual(['SOL/USDT', 'ETH/USDT', 'BTC/USDT']);
    expect(sorted('price', 'desc')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(sorted('change', 'desc')).toEqual(['ETH/USDT', 'SOL/USDT', 'BTC/USDT']);
    expect(sorted('change', 'asc')).toEqual(['BTC/USDT', 'SOL/USDT', 'ETH/USDT']);
    expect(sorted('high', 'asc')).toEqual(['SOL/USDT', 'ETH/USDT', 'BTC/USDT']);
    expect(sorted('low', 'desc')).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(sorted('volume', 'desc')).toEqual(['SOL/USDT', 'ETH/USDT', 'BTC/USDT']);
    expect(sorted('turnover', 'asc')).toEqual(['ETH/USDT', 'SOL/USDT', 'BTC/USDT']);
  });

  it('no sort keeps the server order and returns a copy; ties keep their order', () => {
    const plain = sortMarkets(usdt, null, t, rows);
    expect(symbolsOf(plain)).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(plain).not.toBe(usdt);
    const flat = table({ 'BTC/USDT': [1, 0], 'ETH/USDT': [1, 0], 'SOL/USDT': [1, 0] });
    const flatRows = new TickerIndex().of(flat);
    expect(symbolsOf(sortMarkets(usdt, { key: 'price', dir: 'asc' }, flat, flatRows))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
    ]);
  });

  it('sorts 5000 markets quickly enough to re-sort every second', () => {
    const many = marketsOf(
      Array.from({ length: 5000 }, (_, i) => thumb(`C${i}/USDT`, 1 + (i % 97), ((i * 37) % 200) / 1000 - 0.1)),
    );
    const start = performance.now();
    const out = sortMarkets(many, { key: 'change', dir: 'desc' }, null, new Map());
    expect(performance.now() - start).toBeLessThan(200);
    expect(out).toHaveLength(5000);
    for (let i = 1; i < out.length; i++)
      expect((out[i - 1] as QuoteMarket).chg).toBeGreaterThanOrEqual((out[i] as QuoteMarket).chg);
  });
});

describe('rankings', () => {
  const t = table({
    'BTC/USDT': [95000, 1, 10, 950000],
    'ETH/USDT': [3400, -2, 100, 340000],
    'ETH/BTC': [0.035, 0.1, 100, 30],
  });
  const rows = new TickerIndex().of(t);

  it('gainers by change, highest first, over every quote currency', () => {
    expect(symbolsOf(rankMarkets(markets, 'gainers', t, rows))).toEqual([
      'SOL/USDT',
      'BTC/USDC',
      'BTC/USDT',
      'ETH/BTC',
      'ETH/USDT',
    ]);
  });

  it('losers by change, lowest first', () => {
    expect(symbolsOf(rankMarkets(markets, 'losers', t, rows)).slice(0, 2)).toEqual(['ETH/USDT', 'ETH/BTC']);
  });

  it('turnover valued in USD, so a BTC market compares with USDT ones', () => {
    // BTC/USDC (REST reading, no ticker): 100 × 95010 ≈ 9.5 M USD; ETH/BTC: 30 BTC × 95000 = 2.85 M USD, above
    // BTC/USDT's 0.95 M USDT although its number is far smaller.
    expect(symbolsOf(rankMarkets(markets, 'turnover', t, rows)).slice(0, 3)).toEqual([
      'BTC/USDC',
      'ETH/BTC',
      'BTC/USDT',
    ]);
  });

  it('keeps at most the board size', () => {
    const many = marketsOf(Array.from({ length: 30 }, (_, i) => thumb(`C${i}/USDT`, 1, i / 100)));
    const top = rankMarkets(many, 'gainers', null, new Map());
    expect(top).toHaveLength(RANK_ROWS);
    expect(top[0]?.symbol).toBe('C29/USDT');
  });
});

describe('detail routes (spec shell §2)', () => {
  it('reads /quotes/{coin}/{unit}', () => {
    expect(parseQuotePath('/quotes/btc/usdt')).toEqual({ kind: 'spot', symbol: 'BTC/USDT', coin: 'BTC', unit: 'USDT' });
  });

  it('reads /quotes/{symbol} as a pair or a coin alone (its USDT market)', () => {
    expect(parseQuotePath('/quotes/eth-btc')).toMatchObject({ symbol: 'ETH/BTC' });
    expect(parseQuotePath('/quotes/ETH_USDC')).toMatchObject({ symbol: 'ETH/USDC' });
    expect(parseQuotePath('/quotes/ETH%2FUSDT')).toMatchObject({ symbol: 'ETH/USDT' });
    expect(parseQuotePath('/quotes/sol')).toMatchObject({ symbol: 'SOL/USDT', coin: 'SOL', unit: 'USDT' });
  });

  it('reads /quotes/stock/{symbol}', () => {
    expect(parseQuotePath('/quotes/stock/aapl')).toEqual({ kind: 'stock', symbol: 'AAPL' });
  });

  it('refuses what is not a market', () => {
    expect(parseQuotePath('/quotes/b%20t/usdt')).toBeNull();
    expect(parseQuotePath('/quotes/a/b/c')).toBeNull();
    expect(parseQuotePath('/trade/btc-usdt')).toBeNull();
  });

  it('links a market to its detail page', () => {
    expect(quotePath('BTC/USDT')).toBe('/quotes/BTC/USDT');
    expect(parseQuotePath(quotePath('ETH/BTC'))).toMatchObject({ symbol: 'ETH/BTC' });
  });
});
