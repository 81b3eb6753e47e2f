// Pure rules of the home ranking (spec shell §2 "Ranking block", §3 "Ranking item", §7 "Home page calls").
import type { QuotePoint, RankingItem } from '../../common/contracts/home.ts';
import { fromUnits, toFixed } from '../../common/decimal.ts';

/** A spot market's live figures, as the ranking sorts them. */
export interface RankedMarket {
  item: RankingItem;
  /** 24 h turnover valued in USD, so markets of different quotes compare. */
  turnoverUsd: number;
}

/** Hot: by 24 h turnover in USD; gainers: by change; `inverted` turns the order round (spec shell §7). */
export function rankSpot(type: 'HOT' | 'UP', markets: readonly RankedMarket[], inverted: boolean): RankingItem[] {
  const key = type === 'HOT' ? (m: RankedMarket) => m.turnoverUsd : (m: RankedMarket) => m.item.chg;
  const sign = inverted ? -1 : 1;
  // Ties keep the catalogue's order (Array.prototype.sort is stable).
  return [...markets].sort((a, b) => sign * (key(b) - key(a))).map((m) => m.item);
}

/** One page of a list: pageNo from 1. */
export function pageOf<T>(list: readonly T[], pageNo: number, pageSize: number): T[] {
  const start = (pageNo - 1) * pageSize;
  return list.slice(start, start + pageSize);
}

/** Integer units on a grid of `scale` decimals as an exact string (12345, 2 → "123.45"). */
export function gridText(units: number, scale: number): string {
  return toFixed(fromUnits(BigInt(Math.round(units)), scale), scale);
}

/** change / open as a fraction, 8 decimals; 0 without a reference price. */
export function changeFraction(price: number, open: number): number {
  if (open <= 0) return 0;
  return Math.round(((price - open) / open) * 1e8) / 1e8 || 0;
}

/**
 * The trend of a row: daily closes (candles `[openTime, open, high, low, close, volume]`, the current day's close its
 * latest price) sorted by time (spec shell §9 "Trend chart uses daily closes sorted by time"); never hourly ones.
 */
export function trendPoints(daily: readonly (readonly number[])[]): QuotePoint[] {
  return daily
    .filter((c) => Number.isFinite(c[0]) && Number.isFinite(c[4]))
    .map((c) => ({ time: c[0] as number, closePrice: c[4] as number }))
    .sort((a, b) => a.time - b.time);
}

/** The coin of a listing has started trading at `now` (spec shell §4: status 1 at zero or below). */
export function isOnline(onlineTime: number, now: number): boolean {
  return onlineTime - now <= 0;
}

/** Listings in the order the home page shows them: coming ones soonest first, then those online, latest first. */
export function listingOrder<T extends { onlineTime: number }>(coins: readonly T[], now: number): T[] {
  const coming = coins.filter((c) => !isOnline(c.onlineTime, now)).sort((a, b) => a.onlineTime - b.onlineTime);
  const online = coins.filter((c) => isOnline(c.onlineTime, now)).sort((a, b) => b.onlineTime - a.onlineTime);
  return [...coming, ...online];
}
