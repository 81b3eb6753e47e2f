import { describe, expect, it } from 'vitest';
import { PAGES } from '../../../src/app/pages.ts';
import {
  compilePattern,
  decide,
  findRoute,
  isBuiltPath,
  isLinkable,
  LOGIN_TIP_PATH,
  NavIndex,
  ROUTES,
  themeFor,
} from '../../../src/app/routes.ts';

describe('route table (spec shell §2, trading §2)', () => {
  it('matches parameters, optional parameters and wildcards', () => {
    expect(findRoute('/trade/BTC-USDT')).toMatchObject({
      route: { path: '/trade/:pair' },
      params: { pair: 'BTC-USDT' },
    });
    expect(findRoute('/trade/contract')?.route.path).toBe('/trade/contract');
    expect(findRoute('/activity/redpacket')?.route.path).toBe('/activity/redpacket/:type?');
    expect(findRoute('/activity/redpacket/list/2')).toMatchObject({ params: { type: '2' } });
    expect(findRoute('/arena/detail/9')?.route.path).toBe('/arena/*');
    expect(findRoute('/quotes/BTC/USDT')).toMatchObject({ params: { coin: 'BTC', unit: 'USDT' } });
    expect(findRoute('/quotes/stock/AAPL')?.route.path).toBe('/quotes/stock/:symbol');
    expect(findRoute('/futures/sim/btc-usdt')?.route.path).toBe('/futures/sim/:pair');
    expect(findRoute('/nope/nope')).toBeNull();
    expect(compilePattern('/a/:b?').regex.test('/a/')).toBe(true);
  });

  it('flags login, footer, header and theme as the spec lists them', () => {
    expect(findRoute('/property/spot')?.route).toMatchObject({ needLogin: true, needFooter: true });
    expect(findRoute('/personal/verification')?.route.needFooter).toBeUndefined();
    expect(findRoute('/verification')?.route.needFooter).toBeUndefined();
    expect(findRoute('/video')?.route.hideHeader).toBe(true);
    expect(findRoute('/promotion')?.route).toMatchObject({ hideHeader: true });
    expect(findRoute('/promotion')?.route.needFooter).toBeUndefined();
    expect(findRoute('/trade/ETH-USDT')?.route).toMatchObject({ dark: true, nav: NavIndex.trade });
    expect(findRoute('/trade/ETH-USDT')?.route.needFooter).toBeUndefined();
    expect(findRoute('/activity/kol')?.route.needLogin).toBeUndefined();
    expect(findRoute('/activity/kol/log')?.route.needLogin).toBe(true);
    expect(findRoute('/futuresFollow/traderDetails/3')?.route.needLogin).toBeUndefined();
    expect(findRoute('/futuresFollow/myFollow')?.route.needLogin).toBe(true);
    expect(findRoute('/')?.route).toMatchObject({ needFooter: true, isCaseTheme: true });
  });

  it('every path is unique', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('only built areas are served: home, quotes, content, the spot and contract terminals; not futures', () => {
    expect(isBuiltPath('/')).toBe(true);
    expect(isBuiltPath('/?x=1')).toBe(true);
    expect(isBuiltPath('/trade')).toBe(true);
    expect(isBuiltPath('/trade/ETH-USDT?type=spot')).toBe(true);
    expect(isBuiltPath('/trade/contract')).toBe(true);
    expect(isBuiltPath('/trade/contract?symbol=ETH_USDT')).toBe(true);
    expect(isBuiltPath('/quotes/list/spot')).toBe(true);
    expect(isBuiltPath('/help')).toBe(true);
    expect(isBuiltPath('/futures/BTC-USDT')).toBe(false);
  });

  it('gives the same answer when asked again (answers are kept: the table is fixed)', () => {
    for (let round = 0; round < 2; round++) {
      expect(isBuiltPath('/trade/ETH-USDT')).toBe(true);
      expect(isBuiltPath('/futures/BTC-USDT')).toBe(false);
      expect(isBuiltPath('/login?fromUrl=/trade')).toBe(true);
      expect(isBuiltPath('/login?fromUrl=/futures/BTC-USDT')).toBe(false);
    }
  });

  it('a link may be shown when it leaves the site or leads to a built page', () => {
    expect(isLinkable('https://example.com/x')).toBe(true);
    expect(isLinkable('/trade/SUI-USDT')).toBe(true);
    for (const dead of [
      '/activity/newer',
      '/financial',
      '/arena',
      '/fast-coin-buying',
      '//evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(isLinkable(dead), dead).toBe(false);
    }
  });
});

describe('guard decisions (spec shell §4)', () => {
  it.each([
    ['/quotes/list', '/quotes/list/spot'],
    ['/activity', '/activity/newer'],
    ['/personal', '/personal/verification'],
    ['/futuresFollow', '/futuresFollow/home'],
    ['/financial', '/financial/current'],
    ['/property/financing', '/property/financing/current'],
  ])('%s redirects to %s', (from, to) => {
    expect(decide(from, '', false)).toEqual({ kind: 'redirect', to });
  });

  it('a redirect keeps the query', () => {
    expect(decide('/quotes/list', '?a=1', false)).toEqual({ kind: 'redirect', to: '/quotes/list/spot?a=1' });
  });

  it('a login-required route without a token goes to /login?showLoginTip=1', () => {
    expect(decide('/property', '', false)).toEqual({ kind: 'login', to: LOGIN_TIP_PATH });
    expect(LOGIN_TIP_PATH).toBe('/login?showLoginTip=1');
    expect(decide('/message', 'type=message', false).kind).toBe('login');
  });

  it('/personal leads to a served verification screen behind login, never to not-found (issue 19 item 11)', () => {
    expect(decide('/personal', '', true)).toEqual({ kind: 'redirect', to: '/personal/verification' });
    expect(decide('/personal/verification', '', true)).toMatchObject({ kind: 'render' });
    expect(decide('/personal/verification', '', false)).toEqual({ kind: 'login', to: LOGIN_TIP_PATH });
    expect(isBuiltPath('/personal')).toBe(true);
  });

  it('with a token the page renders, or not-found until its area exists', () => {
    expect(decide('/', '', true)).toMatchObject({ kind: 'render', route: { path: '/' } });
    expect(decide('/property', '', true)).toMatchObject({ kind: 'render', route: { path: '/property' } });
    expect(decide('/arena', '', true)).toEqual({ kind: 'notFound' });
    expect(decide('/unknown', '', false)).toEqual({ kind: 'notFound' });
  });
});

describe('theme per route (spec shell §1)', () => {
  it('trading pages dark, switchable routes the stored theme, the rest light', () => {
    expect(themeFor(findRoute('/trade')?.route, 'light')).toBe('dark');
    expect(themeFor(findRoute('/')?.route, 'light')).toBe('light');
    expect(themeFor(findRoute('/')?.route, 'dark')).toBe('dark');
    expect(themeFor(findRoute('/help')?.route, 'dark')).toBe('light');
    expect(themeFor(null, 'dark')).toBe('light');
  });
});

describe('the pages of the table (src/app/pages.ts)', () => {
  it('loads a page for every served row and for nothing else', () => {
    const served = ROUTES.filter((r) => r.page).map((r) => r.path);
    expect(Object.keys(PAGES).sort()).toEqual([...new Set(served)].sort());
    for (const path of served) expect(typeof PAGES[path]).toBe('function');
  });
});
