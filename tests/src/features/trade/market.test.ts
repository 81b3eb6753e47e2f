import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FAVOURITE_DEBOUNCE_MS,
  FavouriteDebouncer,
  favouriteFailure,
  GROUP_STEPS,
  groupedPriceScale,
  groupStepLabel,
  nextSort,
  parseTradeLocation,
  readInterval,
  type SelectorRow,
  selectorRows,
  symbolFromParam,
  toggleFavourite,
  tradePath,
} from '../../../../src/features/trade/market.ts';

const row = (symbol: string, price: number, chg: number): SelectorRow => {
  const [coin = '', unit = ''] = symbol.split('/');
  return { symbol, coin, unit, price, chg, priceScale: 2 };
};
const ROWS = [
  row('BTC/USDT', 95000, 0.01),
  row('ETH/USDT', 3400, -0.02),
  row('SOL/USDT', 180, 0.05),
  row('ETH/BTC', 0.035, 0.001),
  row('BTC/USDC', 95010, 0.0),
];
const base = { tab: 'spot' as const, quote: 'USDT' as const, query: '', favourites: new Set<string>(), sort: null };
const symbols = (rows: SelectorRow[]) => rows.map((r) => r.symbol);

describe('trade routes (spec trading §2)', () => {
  it('reads /trade/{coin}-{unit}', () => {
    expect(parseTradeLocation('/trade/ETH-USDT', '')).toEqual({ symbol: 'ETH/USDT', type: 'spot' });
    // /trade alone opens the last spot market of the stored trade config; a broken one falls back to BTC/USDT.
    expect(parseTradeLocation('/trade', '', 'SOL/USDT')).toEqual({ symbol: 'SOL/USDT', type: 'spot' });
    expect(parseTradeLocation('/trade/ETH-USDT', '', 'SOL/USDT').symbol).toBe('ETH/USDT');
    expect(parseTradeLocation('/trade', '', 'nonsense').symbol).toBe('BTC/USDT');
    expect(parseTradeLocation('/trade/eth-usdt', '')).toEqual({ symbol: 'ETH/USDT', type: 'spot' });
  });
  it('reads a fallback given as a function only when the URL names no market', () => {
    const asked: string[] = [];
    const stored = () => {
      asked.push('stored');
      return 'SOL/USDT';
    };
    expect(parseTradeLocation('/trade/ETH-USDT', '', stored).symbol).toBe('ETH/USDT');
    expect(parseTradeLocation('/trade', '?symbol=XRP-USDT', stored).symbol).toBe('XRP/USDT');
    expect(asked).toEqual([]);
    expect(parseTradeLocation('/trade', '', stored).symbol).toBe('SOL/USDT');
    expect(asked).toEqual(['stored']);
  });
  it('reads ?symbol= with the slash written as a dash, and ?type=', () => {
    expect(parseTradeLocation('/trade', '?symbol=SOL-USDT')).toEqual({ symbol: 'SOL/USDT', type: 'spot' });
    expect(parseTradeLocation('/trade', 'symbol=BTC_USDT&type=contract')).toEqual({
      symbol: 'BTC/USDT',
      type: 'contract',
    });
    expect(parseTradeLocation('/trade', '?symbol=ETH-USDT&tradeType=spot').type).toBe('spot');
  });
  it('defaults to BTC/USDT spot', () => {
    expect(parseTradeLocation('/trade', '')).toEqual({ symbol: 'BTC/USDT', type: 'spot' });
    expect(parseTradeLocation('/trade', '?symbol=nonsense&type=other')).toEqual({ symbol: 'BTC/USDT', type: 'spot' });
  });
  it('writes a market as its route and parses pairs strictly', () => {
    expect(tradePath('ETH/USDT')).toBe('/trade/ETH-USDT');
    expect(symbolFromParam('a-b-c')).toBeNull();
    expect(symbolFromParam('BTC')).toBeNull();
    expect(symbolFromParam('btc/usdc')).toBe('BTC/USDC');
  });
});

describe('symbol selector (spec trading §2)', () => {
  it('shows the chosen quote currency, USDT by default', () => {
    expect(symbols(selectorRows(ROWS, base))).toEqual(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']);
    expect(symbols(selectorRows(ROWS, { ...base, quote: 'BTC' }))).toEqual(['ETH/BTC']);
    expect(symbols(selectorRows(ROWS, { ...base, quote: 'USDC' }))).toEqual(['BTC/USDC']);
  });
  it('searches without whitespace, case-insensitively, by substring', () => {
    expect(symbols(selectorRows(ROWS, { ...base, query: ' e T h ' }))).toEqual(['ETH/USDT']);
    expect(symbols(selectorRows(ROWS, { ...base, query: 'h/us' }))).toEqual(['ETH/USDT']);
    expect(symbols(selectorRows(ROWS, { ...base, query: 'xyz' }))).toEqual([]);
  });
  it('lists favourites of every quote in the favourites tab', () => {
    const favourites = new Set(['ETH/BTC', 'SOL/USDT']);
    expect(symbols(selectorRows(ROWS, { ...base, tab: 'favourites', favourites }))).toEqual(['SOL/USDT', 'ETH/BTC']);
  });
  it('has no contract rows until contracts exist', () => {
    expect(selectorRows(ROWS, { ...base, tab: 'contract' })).toEqual([]);
  });
  it('sorts by pair, change and price; a third click restores the server order', () => {
    expect(symbols(selectorRows(ROWS, { ...base, sort: { key: 'change', dir: 'desc' } }))).toEqual([
      'SOL/USDT',
      'BTC/USDT',
      'ETH/USDT',
    ]);
    expect(symbols(selectorRows(ROWS, { ...base, sort: { key: 'price', dir: 'asc' } }))).toEqual([
      'SOL/USDT',
      'ETH/USDT',
      'BTC/USDT',
    ]);
    expect(symbols(selectorRows(ROWS, { ...base, sort: { key: 'pair', dir: 'asc' } }))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
    ]);
    const first = nextSort(null, 'price');
    expect(first).toEqual({ key: 'price', dir: 'desc' });
    const second = nextSort(first, 'price');
    expect(second).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort(second, 'price')).toBeNull();
    expect(nextSort(second, 'pair')).toEqual({ key: 'pair', dir: 'desc' });
  });
  it('does not reorder its input', () => {
    const before = symbols(ROWS);
    selectorRows(ROWS, { ...base, sort: { key: 'price', dir: 'asc' } });
    expect(symbols(ROWS)).toEqual(before);
  });
});

describe('favourite toggle (spec trading §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('toggles a symbol in a new set', () => {
    const start = new Set(['BTC/USDT']);
    expect([...toggleFavourite(start, 'ETH/USDT')]).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect([...toggleFavourite(start, 'BTC/USDT')]).toEqual([]);
    expect([...start]).toEqual(['BTC/USDT']);
  });
  it('sends the last wish once, 1 s after the last click', () => {
    const send = vi.fn();
    const debouncer = new FavouriteDebouncer(send);
    debouncer.request('ETH/USDT', false, true);
    vi.advanceTimersByTime(FAVOURITE_DEBOUNCE_MS - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith('ETH/USDT', true);
  });
  it('sends nothing when two clicks within a second cancel out', () => {
    const send = vi.fn();
    const debouncer = new FavouriteDebouncer(send);
    debouncer.request('ETH/USDT', false, true);
    vi.advanceTimersByTime(500);
    debouncer.request('ETH/USDT', false, false);
    vi.advanceTimersByTime(5000);
    expect(send).not.toHaveBeenCalled();
  });
  it('keeps symbols apart and can be cancelled', () => {
    const send = vi.fn();
    const debouncer = new FavouriteDebouncer(send);
    debouncer.request('ETH/USDT', false, true);
    debouncer.request('SOL/USDT', true, false);
    vi.advanceTimersByTime(FAVOURITE_DEBOUNCE_MS);
    expect(send.mock.calls).toEqual([
      ['ETH/USDT', true],
      ['SOL/USDT', false],
    ]);
    debouncer.request('BTC/USDT', false, true);
    debouncer.cancel();
    vi.advanceTimersByTime(FAVOURITE_DEBOUNCE_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });
  it('lays the wishes not sent yet over a list read from the server', () => {
    const debouncer = new FavouriteDebouncer(vi.fn());
    debouncer.request('ETH/USDT', false, true);
    debouncer.request('BTC/USDT', true, false);
    expect([...debouncer.withPending(new Set(['BTC/USDT', 'SOL/USDT']))].sort()).toEqual(['ETH/USDT', 'SOL/USDT']);
    vi.advanceTimersByTime(FAVOURITE_DEBOUNCE_MS);
    expect([...debouncer.withPending(new Set(['BTC/USDT']))]).toEqual(['BTC/USDT']);
  });
  it('maps code 4000 to the login warning and other codes to the server message', () => {
    expect(favouriteFailure(0, '')).toBeNull();
    expect(favouriteFailure(4000, 'whatever')).toEqual({ kind: 'warning', key: 'needLogin' });
    expect(favouriteFailure(4301, 'Unknown market')).toEqual({ kind: 'error', text: 'Unknown market' });
  });
});

describe('book grouping', () => {
  it('offers one tick and 10×, 100×, 1000×', () => {
    expect(GROUP_STEPS).toEqual([0, 10, 100, 1000]);
  });
  it('labels steps in price units', () => {
    expect(GROUP_STEPS.map((g) => groupStepLabel(g, 2))).toEqual(['0.01', '0.1', '1', '10']);
    expect(GROUP_STEPS.map((g) => groupStepLabel(g, 5))).toEqual(['0.00001', '0.0001', '0.001', '0.01']);
    expect(groupStepLabel(10, 0)).toBe('10');
  });
  it('shows grouped prices with the decimals the step leaves', () => {
    expect(GROUP_STEPS.map((g) => groupedPriceScale(g, 2))).toEqual([2, 1, 0, 0]);
    expect(groupedPriceScale(10, 4)).toBe(3);
  });
});

describe('candle interval', () => {
  it('remembers a valid interval and falls back to the default', () => {
    expect(readInterval('H1')).toBe('H1');
    expect(readInterval('1month')).toBe('1month');
    expect(readInterval('H3')).toBe('M15');
    expect(readInterval(null)).toBe('M15');
  });
});
