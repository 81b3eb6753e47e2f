// The pages of the route table (spec shell §2: pages load lazily), by the path of their row. Kept apart from the table
// (routes.ts) so that pages can read the table without an import circle.
import type { ComponentType } from 'react';

export type LazyPage = () => Promise<{ default: ComponentType }>;

const page =
  (load: () => Promise<Record<string, unknown>>, name: string): LazyPage =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }));

const home = page(() => import('../features/home/home-page.tsx'), 'HomePage');
const verification = page(() => import('../features/account/verification/verification-page.tsx'), 'VerificationPage');
const changePassword = page(
  () => import('../features/account/password/change-password-page.tsx'),
  'ChangePasswordPage',
);
const bind = () => import('../features/account/bind/bind-page.tsx');
const programs = () => import('../features/content/programs.tsx');
const news = () => import('../features/content/news/news-pages.tsx');
const property = page(() => import('../features/assets/property/property-page.tsx'), 'PropertyPage');
const trade = page(() => import('../features/trade/trade-page.tsx'), 'TradePage');
const quoteDetail = page(() => import('../features/quotes/quote-detail-page.tsx'), 'QuoteDetailPage');

/** Every row of ROUTES marked `page: true` has its loader here (tests/src/app/routes.test.ts holds them equal). */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/': home,
  '/partner': page(programs, 'PartnerPage'),
  '/message': page(() => import('../features/content/message/message-page.tsx'), 'MessagePage'),
  '/chat': page(() => import('../features/support/chat-page.tsx'), 'ChatPage'),
  '/member': page(() => import('../features/account/member/member-page.tsx'), 'MemberPage'),
  '/kyc': page(() => import('../features/account/kyc/kyc-page.tsx'), 'KycPage'),
  '/safety': page(() => import('../features/account/safety/safety-page.tsx'), 'SafetyPage'),
  '/preferences': page(() => import('../features/account/preferences/preferences-page.tsx'), 'PreferencesPage'),
  '/password': changePassword,
  '/bind': page(bind, 'BindPage'),
  '/change': page(bind, 'ChangePage'),
  '/google': page(() => import('../features/account/google/google-page.tsx'), 'GooglePage'),
  '/transaction': page(() => import('../features/account/transaction/transaction-page.tsx'), 'TransactionPasswordPage'),
  '/property': property,
  '/property/financing/:kind': property,
  '/property/:type': property,
  '/bill': page(() => import('../features/assets/bill/bill-page.tsx'), 'BillPage'),
  '/recharge': page(() => import('../features/assets/recharge/recharge-page.tsx'), 'RechargePage'),
  '/withdraw': page(() => import('../features/assets/withdraw/withdraw-page.tsx'), 'WithdrawPage'),
  '/withdraw/address': page(() => import('../features/assets/address/address-page.tsx'), 'AddressPage'),
  '/transfer': page(() => import('../features/assets/transfer/transfer-page.tsx'), 'TransferPage'),
  '/login': page(() => import('../features/account/login/login-page.tsx'), 'LoginPage'),
  '/qrcode/confirm': page(() => import('../features/account/login/qr-confirm-page.tsx'), 'QrConfirmPage'),
  '/register': page(() => import('../features/account/register/register-page.tsx'), 'RegisterPage'),
  '/personal/setPassword': page(
    () => import('../features/account/set-password/set-password-page.tsx'),
    'SetPasswordPage',
  ),
  '/forget': page(() => import('../features/account/forget/forget-page.tsx'), 'ForgetPage'),
  '/verification': verification,
  '/personal/verification': verification,
  '/resetPwd': changePassword,
  '/resetPwdSuccess': page(() => import('../features/account/forget/reset-success-page.tsx'), 'ResetSuccessPage'),
  '/quotes/list/:tab': page(() => import('../features/quotes/quotes-list-page.tsx'), 'QuotesListPage'),
  '/quotes/stock/:symbol': quoteDetail,
  '/quotes/:coin/:unit': quoteDetail,
  '/quotes/:symbol': quoteDetail,
  '/trade': trade,
  '/trade/contract': page(() => import('../features/contract/contract-page.tsx'), 'ContractPage'),
  '/trade/:pair': trade,
  '/help': page(() => import('../features/content/help/help-page.tsx'), 'HelpPage'),
  '/helpDetail/:articleId': page(() => import('../features/content/help/help-detail-page.tsx'), 'HelpDetailPage'),
  '/video': page(() => import('../features/content/media/video-page.tsx'), 'VideoPage'),
  '/feedback': page(() => import('../features/support/feedback-page.tsx'), 'FeedbackPage'),
  '/feedback/:id': page(() => import('../features/support/feedback-detail-page.tsx'), 'FeedbackDetailPage'),
  '/plug/newcoin': page(programs, 'NewCoinPage'),
  '/seoNew': page(news, 'SeoNewsPage'),
  '/coinExchange': page(() => import('../features/content/convert/coin-exchange-page.tsx'), 'CoinExchangePage'),
  '/coinnews/*': page(news, 'CoinNewsPage'),
  '/sitemap/*': page(() => import('../features/content/sitemap/sitemap-page.tsx'), 'SitemapPage'),
  '/promotion': page(() => import('../features/content/promotion/promotion-page.tsx'), 'PromotionPage'),
  '/game/discover': page(() => import('../features/content/media/game-page.tsx'), 'GameDiscoverPage'),
  '/support-center/channel-verification': page(
    () => import('../features/content/support/channel-page.tsx'),
    'ChannelVerificationPage',
  ),
};
