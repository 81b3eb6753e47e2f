/*
 * Switches, app links, site identity and the header/footer links, seeded by migration 0005 into `app_config` and
 * `site_links`. Operators change the rows; the handlers only read them.
 */

export type ConfigValue = boolean | number | string | readonly string[] | null;

/** `app_config` rows by scope and key (values stored as JSON). */
export const appConfig: Readonly<Record<string, Readonly<Record<string, ConfigValue>>>> = {
  // `/uc/app-config-switch/index-config`: the header's menu switches (spec shell §2, §6).
  index: {
    /** Simulated futures menu (spec shell §6 "Simulation futures menu needs hasSim"). */
    hasSim: true,
    /** Copy trading entry; hidden only when this is false and the follow config status is 0 (spec shell §4). */
    followEnable: true,
    /** New-member activity (/activity/newer) is running. */
    newMemberEnable: true,
    /** A user counts as a new member for this many days after registering. */
    newMemberDays: 30,
    /** Trading day battle (/dayBattle) is running; shown to the group below or in vi_VN (spec shell §1). */
    dayBattleEnable: true,
    /** Countries of the special user group (spec shell §1). */
    specialGroupCountries: ['VN', 'KH'],
    /** Options trading menu. */
    optionEnable: true,
    /** Video menu entry, only in these languages (spec shell §2 /video). */
    videoLangs: ['zh_CN', 'vi_VN'],
  },
  // `/rest/c/derivative/follow/config/switch` (spec trading §3 "Follow config", §7).
  follow: {
    /** 1: copy trading is shown; 0: hidden unless followEnable. */
    status: 1,
    /** 1: trader applications are open. */
    applyStatus: 1,
    /** Smallest copy amount in USDT. */
    minFollowAmount: '10',
  },
  // `/config/toDownAppPage` (spec shell §3 "App links").
  app: {
    apk: '/download/tickstream-android.apk',
    googlePlay: 'https://play.google.com/store/apps/details?id=io.tickstream.app',
    appStore: 'https://apps.apple.com/app/tickstream/id6450000000',
    /** Page the QR codes point at: it picks the store for the phone that scans it. */
    downloadPage: '/download',
    version: '3.2.0',
    /** The store button of the home download section is hidden in these countries (spec shell §2 "hidden under a condition"). */
    hideStoreCountries: ['CN'],
  },
  // `/config/getSiteIcon` and `/config/getConfigInfo`.
  site: {
    name: 'Tickstream',
    logo: '/favicon.svg',
    logoDark: '/favicon.svg',
    favicon: '/favicon.svg',
    copyrightFrom: 2021,
    copyrightTo: 2025,
    supportEmail: 'support@tickstream.io',
    businessEmail: 'business@tickstream.io',
    /** The registration certificate block of the home page links to the regulator's register (spec shell §2). */
    certificateUrl: 'https://www.fincen.gov/msb-state-selector',
  },
};

export interface SiteLinkSeed {
  group: string;
  item: string;
  url: string;
  icon?: string;
  external?: boolean;
}

/**
 * Footer columns (spec shell §2: about, product, compliance, protocol, support), the header's help menu and the social
 * links, in display order. Labels are the words `link.{item}`; column titles `footer.{group}`.
 */
export const siteLinks: readonly SiteLinkSeed[] = [
  { group: 'about', item: 'aboutUs', url: '/helpDetail/about-us' },
  { group: 'about', item: 'announcements', url: '/help?type=notice' },
  { group: 'about', item: 'partners', url: '/partner' },
  { group: 'about', item: 'careers', url: '/helpDetail/about-us' },
  { group: 'product', item: 'spot', url: '/trade' },
  { group: 'product', item: 'contract', url: '/trade/contract' },
  { group: 'product', item: 'fastBuy', url: '/fast-coin-buying' },
  { group: 'product', item: 'copyTrading', url: '/futuresFollow/home' },
  { group: 'product', item: 'earn', url: '/financial' },
  { group: 'product', item: 'markets', url: '/quotes/list/spot' },
  { group: 'compliance', item: 'license', url: '/helpDetail/legal-statement' },
  { group: 'compliance', item: 'aml', url: '/helpDetail/aml-policy' },
  { group: 'compliance', item: 'riskDisclosure', url: '/helpDetail/risk-disclosure' },
  { group: 'compliance', item: 'lawEnforcement', url: '/helpDetail/aml-policy' },
  { group: 'protocol', item: 'terms', url: '/helpDetail/terms-of-service' },
  { group: 'protocol', item: 'privacy', url: '/helpDetail/privacy-policy' },
  { group: 'protocol', item: 'cookies', url: '/helpDetail/privacy-policy' },
  { group: 'protocol', item: 'disclaimer', url: '/helpDetail/legal-statement' },
  { group: 'support', item: 'helpCenter', url: '/help' },
  { group: 'support', item: 'feedback', url: '/feedback' },
  { group: 'support', item: 'chat', url: '/chat' },
  { group: 'support', item: 'fees', url: '/helpDetail/spot-fees' },
  { group: 'support', item: 'channelVerification', url: '/support-center/channel-verification' },
  { group: 'help', item: 'helpCenter', url: '/help' },
  { group: 'help', item: 'announcements', url: '/help?type=notice' },
  { group: 'help', item: 'feedback', url: '/feedback' },
  { group: 'help', item: 'chat', url: '/chat' },
  { group: 'help', item: 'video', url: '/video' },
  { group: 'social', item: 'telegram', url: 'https://t.me/tickstream', icon: 'telegram', external: true },
  { group: 'social', item: 'x', url: 'https://x.com/tickstream', icon: 'x', external: true },
  { group: 'social', item: 'facebook', url: 'https://www.facebook.com/tickstream', icon: 'facebook', external: true },
  { group: 'social', item: 'youtube', url: 'https://www.youtube.com/@tickstream', icon: 'youtube', external: true },
  { group: 'social', item: 'discord', url: 'https://discord.gg/tickstream', icon: 'discord', external: true },
];

/** Footer columns in order (spec shell §2). */
export const FOOTER_GROUPS = ['about', 'product', 'compliance', 'protocol', 'support'] as const;
