/** Header nav entries a route highlights (spec shell §2 "nav index"). */
export const NavIndex = {
  fastBuy: 0,
  quotes: 1,
  trade: 2,
  contract: 3,
  copyTrading: 4,
  financial: 5,
  arena: 6,
  activity: 7,
} as const;
export type NavIndex = (typeof NavIndex)[keyof typeof NavIndex];

/** One row of the route table of spec shell §2 and trading §2. */
export interface RouteDef {
  /** Pattern: `/trade/:pair`, `/activity/redpacket/:type?`, `/coinnews/*`. */
  path: string;
  needLogin?: boolean;
  needFooter?: boolean;
  hideHeader?: boolean;
  /** Theme switch available; other routes are forced light (spec shell §1). */
  isCaseTheme?: boolean;
  /** Trading pages: always dark (spec trading §2). */
  dark?: boolean;
  nav?: NavIndex;
  /** Where this path redirects (query kept). */
  redirect?: string;
  /**
   * Served: the area has a page, which src/app/pages.ts loads lazily by this row's path (the table itself imports no
   * page, so pages may read it). Routes of areas not built yet have none: they are not served (not-found).
   */
  page?: true;
}

const L = { needLogin: true } as const;
const F = { needFooter: true } as const;
const TRADING = { dark: true } as const;

/**
 * The route table. Order matters: the first match wins, so exact redirects come before their children and
 * parameter routes come last. Later issues mark their rows `page: true`.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', ...F, isCaseTheme: true, page: true },
  { path: '/partner', ...F, page: true },
  { path: '/message', ...L, ...F, page: true },
  { path: '/chat', page: true },
  // account: four sub-navigation tabs; /password, /bind, /change, /google highlight the safety tab
  ...['/member', '/kyc', '/safety', '/preferences', '/password', '/bind', '/change', '/google'].map((path) => ({
    path,
    ...L,
    ...F,
    page: true as const,
  })),
  { path: '/transaction', ...L, ...F, page: true },
  { path: '/property', ...L, ...F, page: true },
  { path: '/property/financing', ...L, redirect: '/property/financing/current' },
  { path: '/property/financing/:kind', ...L, ...F, page: true },
  { path: '/property/:type', ...L, ...F, page: true },
  { path: '/bill', ...L, ...F, page: true },
  { path: '/recharge', ...L, ...F, page: true },
  { path: '/withdraw', ...L, ...F, page: true },
  { path: '/withdraw/address', ...L, ...F, page: true },
  { path: '/transfer', ...L, ...F, page: true },
  { path: '/login', page: true },
  // QR login (spec shell §7): a signed-in browser approves the login the QR on /login asks for.
  { path: '/qrcode/confirm', ...L, page: true },
  { path: '/register', page: true },
  { path: '/personal', ...L, redirect: '/personal/verification' },
  // The verification screen of spec shell §2 as /personal's child: the same screen as /verification, behind login.
  { path: '/personal/verification', ...L, page: true },
  // Registration and reset set their password before a session exists: a session or the checked code's ticket
  // opens this page, anyone else goes to login with fromUrl (set-password-model.ts setPasswordAccess).
  { path: '/personal/setPassword', page: true },
  { path: '/forget', ...F, page: true },
  { path: '/verification', page: true },
  // The change-login-password screen (spec shell §2); it needs a session like /password.
  { path: '/resetPwd', ...L, ...F, page: true },
  { path: '/resetPwdSuccess', ...F, page: true },
  { path: '/quotes/list', redirect: '/quotes/list/spot', nav: NavIndex.quotes },
  { path: '/quotes/list/:tab', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: true },
  { path: '/quotes/stock/:symbol', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: true },
  { path: '/quotes/:coin/:unit', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: true },
  { path: '/quotes/:symbol', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: true },
  { path: '/trade', ...TRADING, nav: NavIndex.trade, page: true },
  { path: '/trade/contract', ...TRADING, nav: NavIndex.contract, page: true },
  { path: '/trade/:pair', ...TRADING, nav: NavIndex.trade, page: true },
  { path: '/futures', ...TRADING, nav: NavIndex.contract },
  { path: '/futures/sim/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/futures/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/options', ...TRADING, nav: NavIndex.contract },
  { path: '/options/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/stock', ...TRADING, nav: NavIndex.contract },
  { path: '/stock/:coin', ...TRADING, nav: NavIndex.contract },
  { path: '/commodities', ...TRADING, nav: NavIndex.contract },
  { path: '/commodities/:coin', ...TRADING, nav: NavIndex.contract },
  { path: '/help', ...F, page: true },
  { path: '/helpDetail/:articleId', ...F, page: true },
  { path: '/video', hideHeader: true, ...F, page: true },
  { path: '/activity', redirect: '/activity/newer', nav: NavIndex.activity },
  { path: '/activity/newer', ...F, nav: NavIndex.activity },
  { path: '/activity/advance', ...F, nav: NavIndex.activity },
  ...['/activity/contract', '/activity/history', '/activity/growth'].map((path) => ({
    path,
    ...L,
    ...F,
    nav: NavIndex.activity,
  })),
  { path: '/activity/invite', ...L, ...F, nav: NavIndex.activity },
  { path: '/inviteFriend', ...F, nav: NavIndex.activity },
  { path: '/activity/kol', ...F, nav: NavIndex.activity },
  { path: '/activity/kol/log', ...L, ...F, nav: NavIndex.activity },
  { path: '/activity/coupon/list', ...L, ...F, nav: NavIndex.activity },
  { path: '/activity/box/list', ...F, nav: NavIndex.activity },
  { path: '/activity/redpacket/list/:type?', ...F, nav: NavIndex.activity },
  { path: '/activity/redpacket/:type?', ...L, ...F, nav: NavIndex.activity },
  { path: '/activity/account/redPacket/:type?', ...F, nav: NavIndex.activity },
  { path: '/activity/account/coupon', ...F, nav: NavIndex.activity },
  { path: '/activity/account/mystery', ...F, nav: NavIndex.activity },
  { path: '/activity/account/record', ...F, nav: NavIndex.activity },
  { path: '/activity/reward/list', ...L, ...F, nav: NavIndex.activity },
  { path: '/dayBattle', ...F, nav: NavIndex.activity },
  { path: '/battle', ...F, nav: NavIndex.arena },
  { path: '/arena', ...F, nav: NavIndex.arena },
  { path: '/arena/*', ...F, nav: NavIndex.arena },
  { path: '/feedback', ...L, ...F, page: true },
  { path: '/feedback/:id', ...L, ...F, page: true },
  { path: '/fast-coin-buying', ...F, isCaseTheme: true, nav: NavIndex.fastBuy },
  ...[
    '/fast-coin-buying/orders',
    '/fast-coin-buying/order/hibtDetail',
    '/fast-coin-buying/payment',
    '/fast-coin-buying/order/chippayOrder',
    '/fast-coin-buying/order/thirdOrder',
    '/fast-coin-buying/order/thirdOrderDetail',
    '/fast-coin-buying/order/chippayOrderDetail',
  ].map((path) => ({ path, ...L, ...F, nav: NavIndex.fastBuy })),
  { path: '/futuresFollow', redirect: '/futuresFollow/home', nav: NavIndex.copyTrading },
  { path: '/futuresFollow/home', ...F, isCaseTheme: true, nav: NavIndex.copyTrading },
  { path: '/futuresFollow/traderDetails/:id', ...F, isCaseTheme: true, nav: NavIndex.copyTrading },
  ...[
    '/futuresFollow/follow',
    '/futuresFollow/watch',
    '/futuresFollow/myFollow',
    '/futuresFollow/trader',
    '/futuresFollow/userInfo',
    '/futuresFollow/follow/:mode/:id',
  ].map((path) => ({ path, ...L, ...F, isCaseTheme: true, nav: NavIndex.copyTrading })),
  { path: '/financial', redirect: '/financial/current', nav: NavIndex.financial },
  { path: '/financial/:kind', ...F, isCaseTheme: true, nav: NavIndex.financial },
  { path: '/plug/newcoin', ...F, page: true },
  { path: '/seoNew', ...F, page: true },
  { path: '/coinExchange', hideHeader: true, page: true },
  { path: '/coinnews/*', ...F, page: true },
  { path: '/sitemap/*', ...F, page: true },
  { path: '/promotion', hideHeader: true, page: true },
  { path: '/game/discover', ...F, page: true },
  {
    path: '/support-center/channel-verification',
    ...F,
    page: true,
  },
];

interface Compiled {
  route: RouteDef;
  regex: RegExp;
  keys: string[];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/a/:b/:c?` and `/a/*` to a regular expression (a trailing slash is allowed). */
export function compilePattern(path: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  let source = '';
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment === '*') {
      keys.push('*');
      source += '(?:/(.*))?';
    } else if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      keys.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      source += `/${escapeRegex(segment)}`;
    }
  }
  return { regex: new RegExp(`^${source}/?$`, 'i'), keys };
}

const compiled: Compiled[] = ROUTES.map((route) => ({ route, ...compilePattern(route.path) }));

export interface Resolved {
  route: RouteDef;
  params: Record<string, string>;
}

/** The first row of the table that matches a path (without the language prefix or query), or null. */
export function findRoute(pathname: string): Resolved | null {
  for (const { route, regex, keys } of compiled) {
    const match = regex.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      const value = match[i + 1];
      if (value !== undefined) params[key] = decodeURIComponent(value);
    });
    return { route, params };
  }
  return null;
}

/** A route is served once its area has a page. */
export function isBuilt(route: RouteDef | null | undefined): boolean {
  return !!route && (!!route.page || !!route.redirect);
}

/** Answers of {@link isBuiltPath}: the table is fixed, and the header, menus and footer ask for the same paths. */
const builtPaths = new Map<string, boolean>();
const BUILT_PATHS_KEPT = 2000;

/** Whether an in-app path leads to a page that exists (menus and links leave the others out). */
export function isBuiltPath(path: string): boolean {
  let built = builtPaths.get(path);
  if (built === undefined) {
    built = resolvesToPage(path);
    if (builtPaths.size >= BUILT_PATHS_KEPT) builtPaths.clear();
    builtPaths.set(path, built);
  }
  return built;
}

function resolvesToPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  // A login link that leads on to a page counts only when that page exists.
  const fromUrl = /^\/login$/i.test(pathname) ? new URLSearchParams(path.split('?')[1] ?? '').get('fromUrl') : null;
  if (fromUrl) return isBuiltPath(fromUrl);
  const found = findRoute(pathname);
  if (!found) return false;
  if (found.route.redirect) return isBuiltPath(found.route.redirect);
  return !!found.route.page;
}

/** A link the page may show: another site's, or an in-app path that is built. */
export function isLinkable(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//') && isBuiltPath(url));
}

export type Theme = 'light' | 'dark';

/** Trading pages dark; theme-switchable routes the stored choice; every other route light (spec shell §1). */
export function themeFor(route: RouteDef | null | undefined, stored: Theme): Theme {
  if (route?.dark) return 'dark';
  if (route?.isCaseTheme) return stored;
  return 'light';
}

/** What the guard does with a navigation (spec shell §4). */
export type GuardDecision =
  | { kind: 'redirect'; to: string }
  | { kind: 'login'; to: string }
  | { kind: 'render'; route: RouteDef; params: Record<string, string> }
  | { kind: 'notFound' };

export const LOGIN_TIP_PATH = '/login?showLoginTip=1';

/**
 * Redirects of the table first (the query is kept); then a login-required route without a token goes to
 * /login?showLoginTip=1 (even before its page exists, so the rule holds as areas land); then the page, or not-found.
 */
export function decide(pathname: string, search: string, hasToken: boolean): GuardDecision {
  const found = findRoute(pathname);
  if (!found) return { kind: 'notFound' };
  const { route, params } = found;
  if (route.redirect)
    return { kind: 'redirect', to: `${route.redirect}${search ? `?${search.replace(/^\?/, '')}` : ''}` };
  if (route.needLogin && !hasToken) return { kind: 'login', to: LOGIN_TIP_PATH };
  if (!route.page) return { kind: 'notFound' };
  return { kind: 'render', route, params };
}
