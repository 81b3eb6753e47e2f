import { describe, expect, it } from 'vitest';
import {
  assetMenu,
  copyTradingEnabled,
  type MenuContext,
  type MenuItem,
  mainMenu,
  onlyBuilt,
} from '../../../src/app/menu.ts';
import { groupCountry, isVnGroup, showsDayBattle } from '../../../src/app/user-group.ts';

const base: MenuContext = {
  isLogin: false,
  lang: 'en_US',
  user: null,
  newMember: false,
  hasSim: false,
  followEnable: true,
  followStatus: 1,
};
const all = (items: MenuItem[]): string[] => items.flatMap((i) => [i.to, ...all(i.children ?? [])]);

describe('header menu conditions (spec shell §2, §4, §6)', () => {
  it('copy trading is hidden only when followEnable is false and the follow status is 0', () => {
    expect(copyTradingEnabled({ followEnable: false, followStatus: 0 })).toBe(false);
    expect(copyTradingEnabled({ followEnable: true, followStatus: 0 })).toBe(true);
    expect(copyTradingEnabled({ followEnable: false, followStatus: 1 })).toBe(true);
    expect(all(mainMenu({ ...base, followEnable: false, followStatus: 0 }))).not.toContain('/futuresFollow/home');
    expect(all(mainMenu(base))).toContain('/futuresFollow/home');
    expect(all(assetMenu({ followEnable: false, followStatus: 0 }))).not.toContain('/property/follow');
    expect(all(assetMenu(base))).toContain('/property/follow');
  });

  it('logged out: invite goes to /inviteFriend and advance to the login page', () => {
    const links = all(mainMenu(base));
    expect(links).toContain('/inviteFriend');
    expect(links).toContain('/login?fromUrl=/activity/advance');
    const inLinks = all(mainMenu({ ...base, isLogin: true }));
    expect(inLinks).toContain('/activity/invite');
    expect(inLinks).toContain('/activity/advance');
  });

  it('new-member activity only for a new member; simulated futures only with hasSim', () => {
    expect(all(mainMenu(base))).not.toContain('/activity/newer');
    expect(all(mainMenu({ ...base, newMember: true }))).toContain('/activity/newer');
    expect(all(mainMenu(base)).some((l) => l.startsWith('/futures/sim'))).toBe(false);
    expect(all(mainMenu({ ...base, hasSim: true })).some((l) => l.startsWith('/futures/sim'))).toBe(true);
  });

  it('day battle for the VN/KH group or the Vietnamese language', () => {
    expect(all(mainMenu(base))).not.toContain('/dayBattle');
    expect(all(mainMenu({ ...base, lang: 'vi_VN' }))).toContain('/dayBattle');
    expect(all(mainMenu({ ...base, user: { country: 'KH' } }))).toContain('/dayBattle');
  });

  it('the video entry only for zh_CN or vi_VN', () => {
    expect(all(mainMenu(base))).not.toContain('/video');
    expect(all(mainMenu({ ...base, lang: 'zh_CN' }))).toContain('/video');
    expect(all(mainMenu({ ...base, lang: 'vi_VN' }))).toContain('/video');
    expect(all(mainMenu({ ...base, lang: 'ko_KR' }))).not.toContain('/video');
  });

  it('leaves out entries whose page is not built; a parent stays for a built child', () => {
    const items: MenuItem[] = [
      { label: 'nav.trade', to: '/trade' },
      { label: 'nav.activity', to: '/activity', children: [{ label: 'nav.kol', to: '/activity/kol' }] },
      { label: 'nav.earn', to: '/financial' },
    ];
    const built = (p: string) => p === '/trade' || p === '/activity/kol';
    expect(onlyBuilt(items, built).map((i) => i.to)).toEqual(['/trade', '/activity/kol']);
    // The quotes, the spot and the contract terminals are built (trading §2); no other main-menu area is yet.
    const menu = onlyBuilt(mainMenu(base));
    expect(menu.map((i) => i.to)).toEqual(['/quotes/list/spot', '/trade', '/trade/contract']);
    // The contract menu offers the perpetuals only: futures, options, stock and commodities are not built.
    expect(menu[2]?.children?.map((i) => i.to)).toEqual(['/trade/contract']);
  });
});

describe('VN/KH user group (spec shell §1)', () => {
  it('uses the KYC country once identity is verified, else the profile country', () => {
    expect(groupCountry({ country: 'cn', kycTwoCode: 'VN', realVerified: 1 })).toBe('VN');
    expect(groupCountry({ country: 'cn', kycTwoCode: 'VN', realVerified: 0 })).toBe('CN');
    expect(isVnGroup({ country: 'VN' })).toBe(true);
    expect(isVnGroup({ country: 'kh' })).toBe(true);
    expect(isVnGroup({ country: 'TH' })).toBe(false);
    expect(isVnGroup(null)).toBe(false);
    expect(showsDayBattle(null, 'vi_VN')).toBe(true);
    expect(showsDayBattle({ country: 'US' }, 'en_US')).toBe(false);
  });
});
