// Pure rules of the home page (spec shell §2 "Home page", §4 countdowns, §5 sign-up input, §9 constants).
import { trendDirection } from '../../format/change.ts';

/** spec shell §9. */
export const RANKING_PAGE_SIZE = 6;
export const ADVERTISE_PAGE_SIZE = 40;
export const BANNER_AUTOPLAY_MS = 10_000;
export const COUNTDOWN_TICK_MS = 1_000;
/** spec shell §2: four banners per view, 20 px apart. */
export const BANNERS_PER_VIEW = 4;
export const BANNER_GAP_PX = 20;
/** Below the mobile breakpoint (spec shell §9): two banners per view, and one below this width. */
export const BANNER_PHONE_QUERY = '(max-width: 599px)';
/** spec shell §2: the partner strip scrolls 1 px every 80 ms, logos 45 px apart; 20 logos per theme. */
export const PARTNER_STEP_MS = 80;
export const PARTNER_GAP_PX = 45;
export const PARTNER_LOGOS = 20;
/** spec shell §2: the new-coin preview shows the first two coins. */
export const PREVIEW_COINS = 2;
/** spec shell §9: the download QR code. */
export const QR_SIZE_PX = 114;

// ─── Sign-up box (spec shell §5) ───────────────────────────────────────────────────────────────────────────────────

/** Mainland phone: 11 digits, first 1, second 3–9. */
const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
/** A basic e-mail: something, @, a domain with a dot. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignUpResult = { ok: true; to: string } | { ok: false; error: 'homePage.inputError' };

/**
 * Where the home sign-up button goes: a signed-in user to /recharge; a visitor to /register, with `?number=` when
 * something valid was typed (trimmed). Non-empty input that is neither a mainland phone nor an e-mail is refused.
 */
export function signUpTarget(input: string, isLogin: boolean): SignUpResult {
  if (isLogin) return { ok: true, to: '/recharge' };
  const value = input.trim();
  if (value === '') return { ok: true, to: '/register' };
  if (!MAINLAND_PHONE.test(value) && !BASIC_EMAIL.test(value)) return { ok: false, error: 'homePage.inputError' };
  return { ok: true, to: `/register?number=${encodeURIComponent(value)}` };
}

// ─── Carousel (spec shell §2) ──────────────────────────────────────────────────────────────────────────────────────

/** The list padded to a multiple of `n` by repeating its first items (from the start again if it is short). */
export function padToMultiple<T>(list: readonly T[], n: number = BANNERS_PER_VIEW): T[] {
  if (list.length === 0 || list.length % n === 0) return [...list];
  const out = [...list];
  for (let i = 0; out.length % n !== 0; i++) out.push(list[i % list.length] as T);
  return out;
}

/**
 * Banners per view: four on a wide screen, two below the mobile breakpoint, one on a phone. Each divides four, so the
 * list padded to a multiple of four fills every view.
 */
export function bannersPerView(screen: { mobile: boolean; phone: boolean }): 1 | 2 | 4 {
  if (screen.phone) return 1;
  return screen.mobile ? 2 : BANNERS_PER_VIEW;
}

/** Pages of a padded list (one page per view of four). */
export function pageCount(length: number, n: number = BANNERS_PER_VIEW): number {
  return Math.ceil(length / n);
}

/** The page after `page`, looping (autoplay and the next arrow). */
export function nextPage(page: number, pages: number): number {
  return pages <= 0 ? 0 : (page + 1) % pages;
}

/** The page before `page`, looping (the previous arrow). */
export function previousPage(page: number, pages: number): number {
  return pages <= 0 ? 0 : (page - 1 + pages) % pages;
}

// ─── Ranking (spec shell §2) ───────────────────────────────────────────────────────────────────────────────────────

/** The four tabs: key and the list type they ask for. */
export const RANKING_TABS = [
  { key: 'HOT_SPOT', type: 'HOT' },
  { key: 'UP', type: 'UP' },
  { key: 'NEW_COIN', type: 'NEW_COIN' },
  { key: 'HOT_CONTRACT', type: 'CONTRACT_HOT' },
] as const;
export type RankingTabKey = (typeof RANKING_TABS)[number]['key'];
export type RankingType = (typeof RANKING_TABS)[number]['type'];

/**
 * The trading-hall button of a row: spot rows → /trade/{base}-{quote}; contract rows →
 * /trade/contract?symbol={base}_USDT&tradeType=contract; new-coin rows → /trade?symbol={SYMBOL-UPPER}.
 */
export function rankingLink(tab: RankingTabKey, row: { symbol: string; jumpSymbol?: string }): string {
  const [base = '', quote = ''] = row.symbol.split('/');
  if (tab === 'HOT_CONTRACT') return `/trade/contract?symbol=${base.toUpperCase()}_USDT&tradeType=contract`;
  if (tab === 'NEW_COIN') {
    const symbol = (row.jumpSymbol ?? row.symbol.replace('/', '_')).toUpperCase();
    return `/trade?symbol=${encodeURIComponent(symbol)}`;
  }
  return `/trade/${base}-${quote}`;
}

/** The preview's go-trade link: /trade?symbol={jumpSymbol upper}&tradeType=spot. */
export function goTradeLink(jumpSymbol: string): string {
  return `/trade?symbol=${encodeURIComponent(jumpSymbol.toUpperCase())}&tradeType=spot`;
}

/** Trend line colour (spec shell §9): green ('up') only when chg is above 0, else red ('down'). */
export function trendColour(chg: number | string | null | undefined): 'up' | 'down' {
  return trendDirection(chg ?? null);
}

/** Daily closes sorted by time, as uPlot's columns `[times in s, closes]`. */
export function trendColumns(quotes: readonly { time: number; closePrice: number | string }[]): [number[], number[]] {
  const sorted = [...quotes]
    .map((q) => ({ time: Number(q.time), close: Number(q.closePrice) }))
    .filter((q) => Number.isFinite(q.time) && Number.isFinite(q.close))
    .sort((a, b) => a.time - b.time);
  return [sorted.map((q) => q.time / 1000), sorted.map((q) => q.close)];
}

// ─── Countdowns (spec shell §4) ────────────────────────────────────────────────────────────────────────────────────

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left; 0 once the time is reached. */
  total: number;
}

/** Time left until `target` at `now`, split in days, hours, minutes and seconds (never negative). */
export function countdown(target: number, now: number): Countdown {
  const total = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    total,
  };
}

/** The preview's H/M/S: hours include whole days (a coin 2 days away shows 48+ hours). */
export function hms(target: number, now: number): { hours: number; minutes: number; seconds: number } {
  const c = countdown(target, now);
  return { hours: c.days * 24 + c.hours, minutes: c.minutes, seconds: c.seconds };
}

/** A listing's status at `now` (spec shell §4): 0 coming soon, 1 already up once its time is reached. */
export function coinStatus(onlineTime: number, now: number): 0 | 1 {
  return onlineTime - now <= 0 ? 1 : 0;
}

/** Two digits: 7 → '07'. */
export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * The server's clock as seen from here: what to add to Date.now(), from a response's `currentTime` taken
 * when the response arrived. Countdowns then follow the server, not a skewed local clock.
 */
export function clockOffset(serverTime: number | undefined, localTime: number): number {
  return typeof serverTime === 'number' && Number.isFinite(serverTime) ? serverTime - localTime : 0;
}
