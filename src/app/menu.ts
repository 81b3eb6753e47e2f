import type { Lang } from '../../common/i18n.ts';
import type { Messages } from '../i18n/locales/en-us.ts';
import { isBuiltPath, NavIndex } from './routes.ts';
import type { GroupUser } from './user-group.ts';
import { showsDayBattle } from './user-group.ts';

type Label = `nav.${keyof Messages['nav']}` | `assets.${keyof Messages['assets']}` | `user.${keyof Messages['user']}`;

export interface MenuItem {
  label: Label;
  to: string;
  nav?: NavIndex;
  children?: MenuItem[];
}

/** What the header's menus depend on (spec shell §2, §6; page data of §3). */
export interface MenuContext {
  isLogin: boolean;
  lang: Lang;
  user: GroupUser | null;
  /** Page data: the user is a new member (new-member activity). */
  newMember: boolean;
  /** Page data: the user has a simulation account (simulated futures). */
  hasSim: boolean;
  /** App config followEnable. */
  followEnable: boolean;
  /** Follow config status (0 = off). */
  followStatus: number;
}

/** Copy trading is hidden only when both the app config and the follow config turn it off (spec shell §4). */
export function copyTradingEnabled(ctx: Pick<MenuContext, 'followEnable' | 'followStatus'>): boolean {
  return ctx.followEnable || ctx.followStatus !== 0;
}

/** The main menu of spec shell §2 with its conditions, before leaving out areas not built yet. */
export function mainMenu(ctx: MenuContext): MenuItem[] {
  const activity: MenuItem[] = [{ label: 'nav.invite', to: ctx.isLogin ? '/activity/invite' : '/inviteFriend' }];
  if (ctx.newMember) activity.push({ label: 'nav.newer', to: '/activity/newer' });
  activity.push(
    { label: 'nav.advance', to: ctx.isLogin ? '/activity/advance' : '/login?fromUrl=/activity/advance' },
    { label: 'nav.kol', to: '/activity/kol' },
    { label: 'nav.growth', to: '/activity/growth' },
  );
  if (showsDayBattle(ctx.user, ctx.lang)) activity.push({ label: 'nav.dayBattle', to: '/dayBattle' });

  const contract: MenuItem[] = [
    { label: 'nav.perpetual', to: '/trade/contract' },
    { label: 'nav.futures', to: '/futures' },
  ];
  if (ctx.hasSim) contract.push({ label: 'nav.futuresSim', to: '/futures/sim/btc-usdt' });
  contract.push(
    { label: 'nav.options', to: '/options' },
    { label: 'nav.stock', to: '/stock' },
    { label: 'nav.commodities', to: '/commodities' },
  );

  const menu: MenuItem[] = [
    { label: 'nav.fastBuy', to: '/fast-coin-buying', nav: NavIndex.fastBuy },
    { label: 'nav.markets', to: '/quotes/list/spot', nav: NavIndex.quotes },
    { label: 'nav.spotTrade', to: '/trade', nav: NavIndex.trade },
    { label: 'nav.contract', to: '/trade/contract', nav: NavIndex.contract, children: contract },
  ];
  if (copyTradingEnabled(ctx)) {
    menu.push({ label: 'nav.copyTrading', to: '/futuresFollow/home', nav: NavIndex.copyTrading });
  }
  menu.push(
    { label: 'nav.earn', to: '/financial', nav: NavIndex.financial },
    { label: 'nav.arena', to: '/arena', nav: NavIndex.arena },
    { label: 'nav.activity', to: '/activity', nav: NavIndex.activity, children: activity },
  );
  // spec shell §2: the video entry only for zh_CN or vi_VN.
  if (ctx.lang === 'zh_CN' || ctx.lang === 'vi_VN') menu.push({ label: 'nav.video', to: '/video' });
  return menu;
}

/** Asset menu of spec shell §2 (/property/follow only when copy trading is enabled). */
export function assetMenu(ctx: Pick<MenuContext, 'followEnable' | 'followStatus'>): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'assets.overview', to: '/property' },
    { label: 'assets.funds', to: '/property/funds' },
    { label: 'assets.spot', to: '/property/spot' },
    { label: 'assets.contract', to: '/property/contract' },
  ];
  if (copyTradingEnabled(ctx)) items.push({ label: 'assets.follow', to: '/property/follow' });
  items.push({ label: 'assets.financing', to: '/property/financing' }, { label: 'assets.deposit', to: '/recharge' });
  return items;
}

export const USER_MENU: readonly MenuItem[] = [
  { label: 'user.member', to: '/member' },
  { label: 'user.kyc', to: '/kyc' },
  { label: 'user.safety', to: '/safety' },
  { label: 'user.preferences', to: '/preferences' },
];

/**
 * Leaves out entries whose page does not exist yet (a parent stays while a child or its own link does).
 * `built` is injectable for the tests.
 */
export function onlyBuilt(items: readonly MenuItem[], built: (path: string) => boolean = isBuiltPath): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    const children = item.children ? onlyBuilt(item.children, built) : undefined;
    const selfBuilt = built(item.to);
    if (!selfBuilt && !children?.length) continue;
    const to = selfBuilt ? item.to : (children?.[0]?.to ?? item.to);
    out.push(children ? { ...item, to, children } : { ...item, to });
  }
  return out;
}
