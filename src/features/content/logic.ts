import type { RouteDef } from '../../app/routes.ts';
import { formatNumberText } from '../../format/price.ts';

/** Pure helpers of the content pages (paging, sitemap, promotion code, convert quotes); unit-tested. */

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** Page buttons around the current one: first, last and `radius` either side; 0 marks a gap. */
export function pageWindow(current: number, pages: number, radius = 2): number[] {
  const out: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= radius) out.push(p);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}

/**
 * The open pages of the route table a sitemap lists: served (a page attached), no login, no redirect, no parameter;
 * a trailing `/*` lists its base path. In table order, without repeats.
 */
export function sitemapPaths(routes: readonly RouteDef[]): string[] {
  const seen = new Set<string>();
  for (const r of routes) {
    if (!r.page || r.redirect || r.needLogin) continue;
    const path = r.path.endsWith('/*') ? r.path.slice(0, -2) : r.path;
    if (path.includes(':') || path.includes('*') || !path) continue;
    seen.add(path);
  }
  return [...seen];
}

const CODE = /^[A-Za-z0-9]{4,16}$/;

/** Referral code of /promotion: a well-formed ?promotionCode first, else the signed-in user's own; null if none. */
export function promotionCodeOf(search: string, userCode: string | null | undefined): string | null {
  const asked = new URLSearchParams(search).get('promotionCode')?.trim();
  if (asked && CODE.test(asked)) return asked;
  return userCode && CODE.test(userCode) ? userCode : null;
}

/** One hop of a conversion: sell `from` on `pair` (price quoted in its second coin) or buy through it. */
export interface ConvertHop {
  pair: string;
  side: 'sell' | 'buy';
  price: number;
}

export interface ConvertQuote {
  /** What `amount` of `from` gives in `to` at the last prices (fees not included). */
  receive: number;
  /** 1 from = rate to. */
  rate: number;
  hops: ConvertHop[];
}

/** The hub a conversion goes through when no market joins the two coins directly. */
export const CONVERT_HUB = 'USDT';

function hop(from: string, to: string, prices: ReadonlyMap<string, number>): ConvertHop | null {
  const direct = prices.get(`${from}/${to}`);
  if (direct && direct > 0) return { pair: `${from}/${to}`, side: 'sell', price: direct };
  const inverse = prices.get(`${to}/${from}`);
  if (inverse && inverse > 0) return { pair: `${to}/${from}`, side: 'buy', price: inverse };
  return null;
}

const rateOf = (h: ConvertHop) => (h.side === 'sell' ? h.price : 1 / h.price);

/**
 * A read-only quote from live last prices (`BASE/QUOTE` → price): the direct market, its inverse, or two hops through
 * USDT. Null when the coins are the same, the amount is not positive, or no market joins them.
 */
export function convertQuote(
  from: string,
  to: string,
  amount: number,
  prices: ReadonlyMap<string, number>,
): ConvertQuote | null {
  if (from === to || !(amount > 0) || !Number.isFinite(amount)) return null;
  const one = hop(from, to, prices);
  if (one) return { receive: amount * rateOf(one), rate: rateOf(one), hops: [one] };
  if (from === CONVERT_HUB || to === CONVERT_HUB) return null;
  const first = hop(from, CONVERT_HUB, prices);
  const second = hop(CONVERT_HUB, to, prices);
  if (!first || !second) return null;
  const rate = rateOf(first) * rateOf(second);
  return { receive: amount * rate, rate, hops: [first, second] };
}

/** Coins a convert page offers: every base and quote of the priced markets, USDT first, then by name. */
export function convertCoins(prices: ReadonlyMap<string, number>): string[] {
  const coins = new Set<string>();
  for (const pair of prices.keys()) for (const coin of pair.split('/')) if (coin) coins.add(coin);
  return [...coins].sort((a, b) => (a === CONVERT_HUB ? -1 : b === CONVERT_HUB ? 1 : a.localeCompare(b)));
}

/**
 * Significant digits a converted amount shows: 8 decimals below 1, 6 below 1000, else 2; then grouped, or collapsed
 * when very small (0.0₅999), like every price in text (issue 19).
 */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return '--';
  const decimals = value < 1 ? 8 : value < 1000 ? 6 : 2;
  return formatNumberText(
    value
      .toFixed(decimals)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  );
}
