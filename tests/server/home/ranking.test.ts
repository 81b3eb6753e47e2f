import { describe, expect, it } from 'vitest';
import type { RankingItem } from '../../../common/contracts/home.ts';
import { bannerSvg, wrapTitle } from '../../../server/home/banner-image.ts';
import {
  changeFraction,
  gridText,
  isOnline,
  listingOrder,
  pageOf,
  type RankedMarket,
  rankSpot,
  trendPoints,
} from '../../../server/home/ranking.ts';

const market = (symbol: string, chg: number, turnoverUsd: number): RankedMarket => ({
  item: { symbol, chg } as RankingItem,
  turnoverUsd,
});

describe('home ranking rules', () => {
  const markets = [market('A/USDT', 0.01, 50), market('B/USDT', 0.2, 10), market('C/USDT', -0.1, 90)];

  it('ranks HOT by USD turnover and UP by change; inverted turns the order round', () => {
    expect(rankSpot('HOT', markets, false).map((r) => r.symbol)).toEqual(['C/USDT', 'A/USDT', 'B/USDT']);
    expect(rankSpot('UP', markets, false).map((r) => r.symbol)).toEqual(['B/USDT', 'A/USDT', 'C/USDT']);
    expect(rankSpot('UP', markets, true).map((r) => r.symbol)).toEqual(['C/USDT', 'A/USDT', 'B/USDT']);
  });

  it('pages from 1', () => {
    const list = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(pageOf(list, 1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageOf(list, 2, 6)).toEqual([7, 8]);
    expect(pageOf(list, 3, 6)).toEqual([]);
  });

  it('writes grid units exactly and the change as a fraction', () => {
    expect(gridText(12345, 2)).toBe('123.45');
    expect(gridText(5, 4)).toBe('0.0005');
    expect(changeFraction(110, 100)).toBe(0.1);
    expect(changeFraction(1, 0)).toBe(0);
  });

  it('draws daily closes sorted by time, never hourly ones (spec shell §9; issue 19 item 17)', () => {
    const day = 86_400_000;
    expect(
      trendPoints([
        [2 * day, 1, 1, 1, 20, 0],
        [day, 1, 1, 1, 10, 0],
      ]),
    ).toEqual([
      { time: day, closePrice: 10 },
      { time: 2 * day, closePrice: 20 },
    ]);
    // A market of one day has one daily close: that close, not its hours.
    expect(trendPoints([[0, 1, 1, 1, 9, 0]])).toEqual([{ time: 0, closePrice: 9 }]);
  });

  it('orders listings coming first (soonest first), then online (latest first)', () => {
    const now = 1000;
    const coins = [{ onlineTime: 500 }, { onlineTime: 3000 }, { onlineTime: 900 }, { onlineTime: 2000 }];
    expect(listingOrder(coins, now).map((c) => c.onlineTime)).toEqual([2000, 3000, 900, 500]);
    expect(isOnline(1000, 1000)).toBe(true);
    expect(isOnline(1001, 1000)).toBe(false);
  });
});

describe('banner images', () => {
  it('escapes the texts and falls back on bad colours', () => {
    const svg = bannerSvg({ title: 'A <b> & "c"', subtitle: "it's", colorFrom: 'red', colorTo: '#000000', seed: 1 });
    expect(svg).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(svg).toContain('it&apos;s');
    expect(svg).toContain('stop-color="#1f6feb"');
    expect(svg).not.toContain('<b>');
  });

  it('wraps a long title onto two lines at most', () => {
    expect(wrapTitle('Short')).toEqual(['Short']);
    expect(wrapTitle('Sign up and claim your welcome rewards today')).toHaveLength(2);
    expect(wrapTitle('新用户注册即享好礼新用户注册即享好礼新用户注册').length).toBe(2);
  });
});
