import type { ComponentType } from 'react';

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

export type LazyPage = () => Promise<{ default: ComponentType }>;

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
  /** The page, loaded lazily. Routes of areas not built yet have none: they are not served (not-found). */
  page?: LazyPage;
}

const home: LazyPage = () => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage }));
const login: LazyPage = () =>
  import('../features/account/login/login-page.tsx').then((m) => ({ default: m.LoginPage }));
const register: LazyPage = () =>
  import('../features/account/register/register-page.tsx').then((m) => ({ default: m.RegisterPage }));
const verification: LazyPage = () =>
  import('../features/account/verification/verification-page.tsx').then((m) => ({ default: m.VerificationPage }));
const setPassword: LazyPage = () =>
  import('../features/account/set-password/set-password-page.tsx').then((m) => ({ default: m.SetPasswordPage }));
const forget: LazyPage = () =>
  import('../features/account/forget/forget-page.tsx').then((m) => ({ default: m.ForgetPage }));
const account =
  (load: () => Promise<Record<string, unknown>>, name: string): LazyPage =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }));
const ACCOUNT_PAGES: Record<string, LazyPage> = {
  '/member': account(() => import('../features/account/member/member-page.tsx'), 'MemberPage'),
  '/kyc': account(() => import('../features/account/kyc/kyc-page.tsx'), 'KycPage'),
  '/safety': account(() => import('../features/account/safety/safety-page.tsx'), 'SafetyPage'),
  '/preferences': account(() => import('../features/account/preferences/preferences-page.tsx'), 'PreferencesPage'),
  '/password': account(() => import('../features/account/password/change-password-page.tsx'), 'ChangePasswordPage'),
  '/bind': account(() => import('../features/account/bind/bind-page.tsx'), 'BindPage'),
  '/change': account(() => import('../features/account/bind/bind-page.tsx'), 'ChangePage'),
  '/google': account(() => import('../features/account/google/google-page.tsx'), 'GooglePage'),
};
const transaction: LazyPage = account(
  () => import('../features/account/transaction/transaction-page.tsx'),
  'TransactionPasswordPage',
);
const resetSuccess: LazyPage = () =>
  import('../features/account/forget/reset-success-page.tsx').then((m) => ({ default: m.ResetSuccessPage }));

const trade: LazyPage = () => import('../features/trade/trade-page.tsx').then((m) => ({ default: m.TradePage }));
const quotesList: LazyPage = () =>
  import('../features/quotes/quotes-list-page.tsx').then((m) => ({ default: m.QuotesListPage }));
const quoteDetail: LazyPage = () =>
  import('../features/quotes/quote-detail-page.tsx').then((m) => ({ default: m.QuoteDetailPage }));

const supportChat: LazyPage = () => import('../features/support/chat-page.tsx').then((m) => ({ default: m.ChatPage }));
const feedback: LazyPage = () =>
  import('../features/support/feedback-page.tsx').then((m) => ({ default: m.FeedbackPage }));
const feedbackDetail: LazyPage = () =>
  import('../features/support/feedback-detail-page.tsx').then((m) => ({ default: m.FeedbackDetailPage }));
/** The open content pages of issue 8 item 3 (src/features/content). */
const CONTENT_PAGES: Record<string, LazyPage> = {
  '/partner': account(() => import('../features/content/programs.tsx'), 'PartnerPage'),
  '/message': account(() => import('../features/content/message/message-page.tsx'), 'MessagePage'),
  '/help': account(() => import('../features/content/help/help-page.tsx'), 'HelpPage'),
  '/helpDetail/:articleId': account(() => import('../features/content/help/help-detail-page.tsx'), 'HelpDetailPage'),
  '/video': account(() => import('../features/content/media/video-page.tsx'), 'VideoPage'),
  '/plug/newcoin': account(() => import('../features/content/programs.tsx'), 'NewCoinPage'),
  '/seoNew': account(() => import('../features/content/news/news-pages.tsx'), 'SeoNewsPage'),
  '/coinExchange': account(() => import('../features/content/convert/coin-exchange-page.tsx'), 'CoinExchangePage'),
  '/coinnews/*': account(() => import('../features/content/news/news-pages.tsx'), 'CoinNewsPage'),
  '/sitemap/*': account(() => import('../features/content/sitemap/sitemap-page.tsx'), 'SitemapPage'),
  '/promotion': account(() => import('../features/content/promotion/promotion-page.tsx'), 'PromotionPage'),
  '/game/discover': account(() => import('../features/content/media/game-page.tsx'), 'GameDiscoverPage'),
  '/support-center/channel-verification': account(
    () => import('../features/content/support/channel-page.tsx'),
    'ChannelVerificationPage',
  ),
};
const contentPage = (path: string) => CONTENT_PAGES[path] as LazyPage;

/** The assets screens (issue 9). */
const assets = {
  property: account(() => import('../features/assets/property/property-page.tsx'), 'PropertyPage'),
  bill: account(() => import('../features/assets/bill/bill-page.tsx'), 'BillPage'),
  recharge: account(() => import('../features/assets/recharge/recharge-page.tsx'), 'RechargePage'),
  withdraw: account(() => import('../features/assets/withdraw/withdraw-page.tsx'), 'WithdrawPage'),
  address: account(() => import('../features/assets/address/address-page.tsx'), 'AddressPage'),
  transfer: account(() => import('../features/assets/transfer/transfer-page.tsx'), 'TransferPage'),
};
const L = { needLogin: true } as const;
const F = { needFooter: true } as const;
const TRADING = { dark: true } as const;

/**
 * The route table. Order matters: the first match wins, so exact redirects come before their children and
 * parameter routes come last. Later issues attach a `page` to their rows.
 */
export const ROUTES: readonly RouteDef[] = [
  { path: '/', ...F, isCaseTheme: true, page: home },
  { path: '/partner', ...F, page: contentPage('/partner') },
  { path: '/message', ...L, ...F, page: contentPage('/message') },
  { path: '/chat', page: supportChat },
  // account: four sub-navigation tabs; /password, /bind, /change, /google highlight the safety tab
  ...['/member', '/kyc', '/safety', '/preferences', '/password', '/bind', '/change', '/google'].map((path) => ({
    path,
    ...L,
    ...F,
    ...(ACCOUNT_PAGES[path] ? { page: ACCOUNT_PAGES[path] } : {}),
  })),
  { path: '/transaction', ...L, ...F, page: transaction },
  { path: '/property', ...L, ...F, page: assets.property },
  { path: '/property/financing', ...L, redirect: '/property/financing/current' },
  { path: '/property/financing/:kind', ...L, ...F, page: assets.property },
  { path: '/property/:type', ...L, ...F, page: assets.property },
  { path: '/bill', ...L, ...F, page: assets.bill },
  { path: '/recharge', ...L, ...F, page: assets.recharge },
  { path: '/withdraw', ...L, ...F, page: assets.withdraw },
  { path: '/withdraw/address', ...L, ...F, page: assets.address },
  { path: '/transfer', ...L, ...F, page: assets.transfer },
  { path: '/login', page: login },
  { path: '/register', page: register },
  { path: '/personal', ...L, redirect: '/personal/verification' },
  { path: '/personal/verification', ...L },
  // Registration and reset set their password before a session exists: the code's ticket guards this page.
  { path: '/personal/setPassword', page: setPassword },
  { path: '/forget', ...F, page: forget },
  { path: '/verification', page: verification },
  // The change-login-password screen (spec shell §2); it needs a session like /password.
  { path: '/resetPwd', ...L, ...F, page: ACCOUNT_PAGES['/password'] as LazyPage },
  { path: '/resetPwdSuccess', ...F, page: resetSuccess },
  { path: '/quotes/list', redirect: '/quotes/list/spot', nav: NavIndex.quotes },
  { path: '/quotes/list/:tab', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: quotesList },
  { path: '/quotes/stock/:symbol', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: quoteDetail },
  { path: '/quotes/:coin/:unit', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: quoteDetail },
  { path: '/quotes/:symbol', ...F, isCaseTheme: true, nav: NavIndex.quotes, page: quoteDetail },
  { path: '/trade', ...TRADING, nav: NavIndex.trade, page: trade },
  { path: '/trade/contract', ...TRADING, nav: NavIndex.contract },
  { path: '/trade/:pair', ...TRADING, nav: NavIndex.trade, page: trade },
  { path: '/futures', ...TRADING, nav: NavIndex.contract },
  { path: '/futures/sim/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/futures/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/options', ...TRADING, nav: NavIndex.contract },
  { path: '/options/:pair', ...TRADING, nav: NavIndex.contract },
  { path: '/stock', ...TRADING, nav: NavIndex.contract },
  { path: '/stock/:coin', ...TRADING, nav: NavIndex.contract },
  { path: '/commodities', ...TRADING, nav: NavIndex.contract },
  { path: '/commodities/:coin', ...TRADING, nav: NavIndex.contract },
  { path: '/help', ...F, page: contentPage('/help') },
  { path: '/helpDetail/:articleId', ...F, page: contentPage('/helpDetail/:articleId') },
  { path: '/video', hideHeader: true, ...F, page: contentPage('/video') },
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
  { path: '/feedback', ...L, ...F, page: feedback },
  { path: '/feedback/:id', ...L, ...F, page: feedbackDetail },
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
  { path: '/plug/newcoin', ...F, page: contentPage('/plug/newcoin') },
  { path: '/seoNew', ...F, page: contentPage('/seoNew') },
  { path: '/coinExchange', hideHeader: true, page: contentPage('/coinExchange') },
  { path: '/coinnews/*', ...F, page: contentPage('/coinnews/*') },
  { path: '/sitemap/*', ...F, page: contentPage('/sitemap/*') },
  { path: '/promotion', hideHeader: true, page: contentPage('/promotion') },
  { path: '/game/discover', ...F, page: contentPage('/game/discover') },
  {
    path: '/support-center/channel-verification',
    ...F,
    page: contentPage('/support-center/channel-verification'),
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

/** Whether an in-app path leads to a page that exists (menus and links leave the others out). */
export function isBuiltPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  // A login link that leads on to a page counts only when that page exists.
  const fromUrl = /^\/login$/i.test(pathname) ? new URLSearchParams(path.split('?')[1] ?? '').get('fromUrl') : null;
  if (fromUrl) return isBuiltPath(fromUrl);
  const found = findRoute(pathname);
  if (!found) return false;
  if (found.route.redirect) return isBuiltPath(found.route.redirect);
  return !!found.route.page;
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
