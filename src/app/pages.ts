// The pages of the route table (spec shell §2: pages load lazily), by the path of their row. Kept apart from the table
// (routes.ts) so that pages can read the table without an import circle.
import type { ComponentType } from 'react';

/**
 * A page's loader. One load per page (a failed one is tried again on the next call); once it has loaded, `loaded`
 * is the component, which the router renders as it is, so a page loaded before the first render never suspends.
 */
export interface LazyPage {
  (): Promise<{ default: ComponentType }>;
  loaded?: ComponentType;
}

export function lazyPage(load: () => Promise<Record<string, unknown>>, name: string): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loader: LazyPage = () => {
    pending ??= load().then(
      (m) => {
        const component = m[name] as ComponentType;
        loader.loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return loader;
}

const home = lazyPage(() => import('../features/home/home-page.tsx'), 'HomePage');
const verification = lazyPage(
  () => import('../features/account/verification/verification-page.tsx'),
  'VerificationPage',
);
const changePassword = lazyPage(
  () => import('../features/account/password/change-password-page.tsx'),
  'ChangePasswordPage',
);
const bind = () => import('../features/account/bind/bind-page.tsx');
const programs = () => import('../features/content/programs.tsx');
const news = () => import('../features/content/news/news-pages.tsx');
const property = lazyPage(() => import('../features/assets/property/property-page.tsx'), 'PropertyPage');
const trade = lazyPage(() => import('../features/trade/trade-page.tsx'), 'TradePage');
const quoteDetail = lazyPage(() => import('../features/quotes/quote-detail-page.tsx'), 'QuoteDetailPage');

/** Every row of ROUTES marked `page: true` has its loader here (tests/src/app/routes.test.ts holds them equal). */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/': home,
  '/partner': lazyPage(programs, 'PartnerPage'),
  '/message': lazyPage(() => import('../features/content/message/message-page.tsx'), 'MessagePage'),
  '/chat': lazyPage(() => import('../features/support/chat-page.tsx'), 'ChatPage'),
  '/member': lazyPage(() => import('../features/account/member/member-page.tsx'), 'MemberPage'),
  '/kyc': lazyPage(() => import('../features/account/kyc/kyc-page.tsx'), 'KycPage'),
  '/safety': lazyPage(() => import('../features/account/safety/safety-page.tsx'), 'SafetyPage'),
  '/preferences': lazyPage(() => import('../features/account/preferences/preferences-page.tsx'), 'PreferencesPage'),
  '/password': changePassword,
  '/bind': lazyPage(bind, 'BindPage'),
  '/change': lazyPage(bind, 'ChangePage'),
  '/google': lazyPage(() => import('../features/account/google/google-page.tsx'), 'GooglePage'),
  '/transaction': lazyPage(
    () => import('../features/account/transaction/transaction-page.tsx'),
    'TransactionPasswordPage',
  ),
  '/property': property,
  '/property/financing/:kind': property,
  '/property/:type': property,
  '/bill': lazyPage(() => import('../features/assets/bill/bill-page.tsx'), 'BillPage'),
  '/recharge': lazyPage(() => import('../features/assets/recharge/recharge-page.tsx'), 'RechargePage'),
  '/withdraw': lazyPage(() => import('../features/assets/withdraw/withdraw-page.tsx'), 'WithdrawPage'),
  '/withdraw/address': lazyPage(() => import('../features/assets/address/address-page.tsx'), 'AddressPage'),
  '/transfer': lazyPage(() => import('../features/assets/transfer/transfer-page.tsx'), 'TransferPage'),
  '/login': lazyPage(() => import('../features/account/login/login-page.tsx'), 'LoginPage'),
  '/qrcode/confirm': lazyPage(() => import('../features/account/login/qr-confirm-page.tsx'), 'QrConfirmPage'),
  '/register': lazyPage(() => import('../features/account/register/register-page.tsx'), 'RegisterPage'),
  '/personal/setPassword': lazyPage(
    () => import('../features/account/set-password/set-password-page.tsx'),
    'SetPasswordPage',
  ),
  '/forget': lazyPage(() => import('../features/account/forget/forget-page.tsx'), 'ForgetPage'),
  '/verification': verification,
  '/personal/verification': verification,
  '/resetPwd': changePassword,
  '/resetPwdSuccess': lazyPage(() => import('../features/account/forget/reset-success-page.tsx'), 'ResetSuccessPage'),
  '/quotes/list/:tab': lazyPage(() => import('../features/quotes/quotes-list-page.tsx'), 'QuotesListPage'),
  '/quotes/stock/:symbol': quoteDetail,
  '/quotes/:coin/:unit': quoteDetail,
  '/quotes/:symbol': quoteDetail,
  '/trade': trade,
  '/trade/contract': lazyPage(() => import('../features/contract/contract-page.tsx'), 'ContractPage'),
  '/trade/:pair': trade,
  '/help': lazyPage(() => import('../features/content/help/help-page.tsx'), 'HelpPage'),
  '/helpDetail/:articleId': lazyPage(() => import('../features/content/help/help-detail-page.tsx'), 'HelpDetailPage'),
  '/video': lazyPage(() => import('../features/content/media/video-page.tsx'), 'VideoPage'),
  '/feedback': lazyPage(() => import('../features/support/feedback-page.tsx'), 'FeedbackPage'),
  '/feedback/:id': lazyPage(() => import('../features/support/feedback-detail-page.tsx'), 'FeedbackDetailPage'),
  '/plug/newcoin': lazyPage(programs, 'NewCoinPage'),
  '/seoNew': lazyPage(news, 'SeoNewsPage'),
  '/coinExchange': lazyPage(() => import('../features/content/convert/coin-exchange-page.tsx'), 'CoinExchangePage'),
  '/coinnews/*': lazyPage(news, 'CoinNewsPage'),
  '/sitemap/*': lazyPage(() => import('../features/content/sitemap/sitemap-page.tsx'), 'SitemapPage'),
  '/promotion': lazyPage(() => import('../features/content/promotion/promotion-page.tsx'), 'PromotionPage'),
  '/game/discover': lazyPage(() => import('../features/content/media/game-page.tsx'), 'GameDiscoverPage'),
  '/support-center/channel-verification': lazyPage(
    () => import('../features/content/support/channel-page.tsx'),
    'ChannelVerificationPage',
  ),
};
