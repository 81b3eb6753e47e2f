import { describe, expect, it } from 'vitest';
import { nextScroll, PARTNER_NAMES, partnerLogos } from '../../../../src/features/home/partners.ts';
import {
  BANNER_AUTOPLAY_MS,
  BANNER_GAP_PX,
  BANNERS_PER_VIEW,
  bannersPerView,
  clockOffset,
  coinStatus,
  countdown,
  goTradeLink,
  hms,
  nextPage,
  PARTNER_GAP_PX,
  PARTNER_STEP_MS,
  padToMultiple,
  pageCount,
  previousPage,
  QR_SIZE_PX,
  RANKING_PAGE_SIZE,
  RANKING_TABS,
  rankingLink,
  signUpTarget,
  trendColour,
  trendColumns,
} from '../../../../src/features/home/rules.ts';

describe('home sign-up input (spec shell §5)', () => {
  it('sends a signed-in user to /recharge whatever was typed', () => {
    expect(signUpTarget('', true)).toEqual({ ok: true, to: '/recharge' });
    expect(signUpTarget('nonsense', true)).toEqual({ ok: true, to: '/recharge' });
  });

  it('sends empty or blank input to plain /register', () => {
    expect(signUpTarget('', false)).toEqual({ ok: true, to: '/register' });
    expect(signUpTarget('   ', false)).toEqual({ ok: true, to: '/register' });
  });

  it.each(['13012345678', '13912345678', '19999999999', '  15800001111  '])(
    'accepts the mainland phone %j',
    (phone) => {
      expect(signUpTarget(phone, false)).toEqual({ ok: true, to: `/register?number=${phone.trim()}` });
    },
  );

  it.each([
    '12012345678', // second digit 2
    '11012345678', // second digit 1
    '23812345678', // first digit not 1
    '1381234567', // 10 digits
    '138123456789', // 12 digits
    '138 1234 5678',
    '+8613812345678',
  ])('refuses the phone %j with homePage.inputError', (phone) => {
    expect(signUpTarget(phone, false)).toEqual({ ok: false, error: 'homePage.inputError' });
  });

  it('accepts a basic e-mail, trimmed and encoded in the number query', () => {
    expect(signUpTarget(' trader@example.com ', false)).toEqual({
      ok: true,
      to: '/register?number=trader%40example.com',
    });
    expect(signUpTarget('a+b@x.io', false)).toEqual({ ok: true, to: '/register?number=a%2Bb%40x.io' });
  });

  it.each(['a@b', '@x.io', 'a@.', 'a b@x.io', 'plain', 'a@@x.io'])('refuses the e-mail %j', (mail) => {
    expect(signUpTarget(mail, false).ok).toBe(false);
  });
});

describe('banner carousel (spec shell §2, §9)', () => {
  it('uses the spec numbers', () => {
    expect([BANNERS_PER_VIEW, BANNER_GAP_PX, BANNER_AUTOPLAY_MS]).toEqual([4, 20, 10_000]);
  });

  it('pads the list to a multiple of four by repeating its first items', () => {
    expect(padToMultiple([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4, 5, 6, 1, 2]);
    expect(padToMultiple([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 1, 2, 3]);
    expect(padToMultiple([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(padToMultiple([1])).toEqual([1, 1, 1, 1]);
    expect(padToMultiple([7, 8])).toEqual([7, 8, 7, 8]);
    expect(padToMultiple([])).toEqual([]);
  });

  it('shows four banners per view on a wide screen, two below the mobile breakpoint and one on a phone', () => {
    expect(bannersPerView({ mobile: false, phone: false })).toBe(4);
    expect(bannersPerView({ mobile: true, phone: false })).toBe(2);
    expect(bannersPerView({ mobile: true, phone: true })).toBe(1);
    // The list padded to four fills every view of each count.
    expect([1, 2, 4].map((n) => pageCount(8, n))).toEqual([8, 4, 2]);
  });

  it('loops through its pages both ways', () => {
    expect(pageCount(8)).toBe(2);
    expect(nextPage(0, 2)).toBe(1);
    expect(nextPage(1, 2)).toBe(0);
    expect(previousPage(0, 2)).toBe(1);
    expect(previousPage(1, 3)).toBe(0);
    expect(nextPage(0, 0)).toBe(0);
  });
});

describe('ranking (spec shell §2, §9)', () => {
  it('has the four tabs with their list types and six rows a page', () => {
    expect(RANKING_TABS.map((t) => [t.key, t.type])).toEqual([
      ['HOT_SPOT', 'HOT'],
      ['UP', 'UP'],
      ['NEW_COIN', 'NEW_COIN'],
      ['HOT_CONTRACT', 'CONTRACT_HOT'],
    ]);
    expect(RANKING_PAGE_SIZE).toBe(6);
  });

  it('links each row type to its trading hall', () => {
    const row = { symbol: 'ETH/USDT', jumpSymbol: 'eth_usdt' };
    expect(rankingLink('HOT_SPOT', row)).toBe('/trade/ETH-USDT');
    expect(rankingLink('UP', { symbol: 'ETH/BTC' })).toBe('/trade/ETH-BTC');
    expect(rankingLink('HOT_CONTRACT', { symbol: 'btc/USDT' })).toBe(
      '/trade/contract?symbol=BTC_USDT&tradeType=contract',
    );
    expect(rankingLink('NEW_COIN', row)).toBe('/trade?symbol=ETH_USDT');
    expect(rankingLink('NEW_COIN', { symbol: 'sui/usdt' })).toBe('/trade?symbol=SUI_USDT');
  });

  it("links the preview's go-trade button with the upper-cased jump symbol and tradeType=spot", () => {
    expect(goTradeLink('apt_usdt')).toBe('/trade?symbol=APT_USDT&tradeType=spot');
  });

  it('colours the trend green only when chg is above 0', () => {
    expect(trendColour(0.0123)).toBe('up');
    expect(trendColour('0.0001')).toBe('up');
    expect(trendColour(0)).toBe('down');
    expect(trendColour(-0.02)).toBe('down');
    expect(trendColour(null)).toBe('down');
  });

  it('draws daily closes sorted by time, in seconds for uPlot', () => {
    expect(
      trendColumns([
        { time: 3 * 86_400_000, closePrice: 30 },
        { time: 86_400_000, closePrice: '10' },
        { time: 2 * 86_400_000, closePrice: 20 },
        { time: Number.NaN, closePrice: 5 },
      ]),
    ).toEqual([
      [86_400, 2 * 86_400, 3 * 86_400],
      [10, 20, 30],
    ]);
  });
});

describe('countdowns (spec shell §4, §9)', () => {
  const t0 = Date.UTC(2026, 10, 22, 12);

  it('splits the time left into days, hours, minutes and seconds', () => {
    const target = t0 + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdown(target, t0)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, total: 183_845 });
  });

  it('never goes below zero and rounds a part second up', () => {
    expect(countdown(t0, t0 + 5000)).toMatchObject({ total: 0, days: 0, seconds: 0 });
    expect(countdown(t0 + 400, t0).seconds).toBe(1);
  });

  it('shows whole days as hours in the preview', () => {
    expect(hms(t0 + (49 * 3600 + 61) * 1000, t0)).toEqual({ hours: 49, minutes: 1, seconds: 1 });
  });

  it('turns status 0 into 1 when the time is reached, and not before', () => {
    expect(coinStatus(t0 + 1000, t0)).toBe(0);
    expect(coinStatus(t0 + 1, t0)).toBe(0);
    expect(coinStatus(t0, t0)).toBe(1);
    expect(coinStatus(t0, t0 + 1)).toBe(1);
    // Ticking a second at a time: 0 until the tick at zero.
    const target = t0 + 3000;
    const statuses = [0, 1, 2, 3, 4].map((s) => coinStatus(target, t0 + s * 1000));
    expect(statuses).toEqual([0, 0, 0, 1, 1]);
  });

  it("follows the server's clock", () => {
    expect(clockOffset(t0 + 2000, t0)).toBe(2000);
    expect(clockOffset(undefined, t0)).toBe(0);
  });
});

describe('partner strip and download (spec shell §2, §9)', () => {
  it('has 20 logos per theme, light and dark', () => {
    expect(PARTNER_NAMES).toHaveLength(20);
    expect(partnerLogos('light')).toHaveLength(20);
    expect(partnerLogos('dark')[19]?.src).toBe('/home/partners/dark/20.svg');
    expect(partnerLogos('light')[0]?.src).toBe('/home/partners/light/01.svg');
  });

  it('scrolls 1 px a step and wraps after one whole set', () => {
    expect([PARTNER_STEP_MS, PARTNER_GAP_PX]).toEqual([80, 45]);
    expect(nextScroll(0, 100)).toBe(1);
    expect(nextScroll(99, 100)).toBe(0);
    expect(nextScroll(5, 0)).toBe(6);
  });

  it('draws the QR code at 114 px', () => {
    expect(QR_SIZE_PX).toBe(114);
  });
});
