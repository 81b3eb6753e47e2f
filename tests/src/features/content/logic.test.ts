import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../../src/app/routes.ts';
import {
  convertCoins,
  convertQuote,
  formatAmount,
  pageCount,
  pageWindow,
  promotionCodeOf,
  sitemapPaths,
} from '../../../../src/features/content/logic.ts';

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows first, last and two either side of the current page, with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 0, 12]);
  });
});

describe('sitemap paths (from the route table)', () => {
  const page = true;
  it('lists served open pages without parameters; a /* route by its base; no login pages or redirects', () => {
    const routes: RouteDef[] = [
      { path: '/', page },
      { path: '/message', needLogin: true, page },
      { path: '/quotes/list', redirect: '/quotes/list/spot' },
      { path: '/quotes/:symbol', page },
      { path: '/coinnews/*', page },
      { path: '/arena' },
      { path: '/help', page },
      { path: '/help', page },
    ];
    expect(sitemapPaths(routes)).toEqual(['/', '/coinnews', '/help']);
  });
});

describe('promotion code', () => {
  it('prefers a well-formed ?promotionCode, else the user’s own', () => {
    expect(promotionCodeOf('?promotionCode=AB12CD', 'MINE01')).toBe('AB12CD');
    expect(promotionCodeOf('?promotionCode=<script>', 'MINE01')).toBe('MINE01');
    expect(promotionCodeOf('', 'MINE01')).toBe('MINE01');
    expect(promotionCodeOf('', null)).toBeNull();
    expect(promotionCodeOf('?promotionCode=x', undefined)).toBeNull();
  });
});

describe('convert quote (read-only, from last prices)', () => {
  const prices = new Map([
    ['BTC/USDT', 60_000],
    ['ETH/USDT', 3_000],
    ['ETH/BTC', 0.05],
    ['SOL/USDT', 150],
  ]);

  it('sells on the direct market', () => {
    const q = convertQuote('BTC', 'USDT', 0.5, prices);
    expect(q?.receive).toBe(30_000);
    expect(q?.hops).toEqual([{ pair: 'BTC/USDT', side: 'sell', price: 60_000 }]);
  });

  it('buys through the inverse market', () => {
    const q = convertQuote('USDT', 'SOL', 300, prices);
    expect(q?.receive).toBe(2);
    expect(q?.hops[0]?.side).toBe('buy');
  });

  it('prefers a direct cross market, else goes through USDT', () => {
    expect(convertQuote('ETH', 'BTC', 2, prices)?.hops.map((h) => h.pair)).toEqual(['ETH/BTC']);
    const q = convertQuote('SOL', 'ETH', 20, prices);
    expect(q?.hops.map((h) => h.pair)).toEqual(['SOL/USDT', 'ETH/USDT']);
    expect(q?.receive).toBeCloseTo(1, 10);
  });

  it('has no quote for the same coin, a non-positive amount or an unknown coin', () => {
    expect(convertQuote('BTC', 'BTC', 1, prices)).toBeNull();
    expect(convertQuote('BTC', 'USDT', 0, prices)).toBeNull();
    expect(convertQuote('BTC', 'USDT', Number.NaN, prices)).toBeNull();
    expect(convertQuote('DOGE', 'USDT', 1, prices)).toBeNull();
  });

  it('offers every coin, USDT first', () => {
    expect(convertCoins(prices)).toEqual(['USDT', 'BTC', 'ETH', 'SOL']);
  });

  it('formats amounts without trailing zeros', () => {
    expect(formatAmount(30_000)).toBe('30,000');
    expect(formatAmount(0.000_009_99)).toBe('0.0₅999');
    expect(formatAmount(0.05)).toBe('0.05');
    expect(formatAmount(1.234_567_89)).toBe('1.234568');
  });
});
