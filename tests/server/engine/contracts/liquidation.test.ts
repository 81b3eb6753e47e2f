import { describe, expect, it } from 'vitest';
import { ActionCode, MarginModel } from '../../../../common/margin/codes.ts';
import { liquidationPrice } from '../../../../common/margin/liquidation.ts';
import { isolatedSet } from '../../../../server/engine/contracts/liquidation.ts';
import { engineWith, limit, market, Side, USDT } from './fixtures.ts';

const P = 950_000;
const FUND = 0;

/** User 1: an isolated 20× long of 1 BTC at 95 000 (margin 4 750) from user 2's ask. */
function isolatedLong(fund: number) {
  const setup = engineWith({ [FUND]: fund, 1: 10_000 * USDT, 2: 100_000 * USDT, 3: 100_000 * USDT });
  const { engine } = setup;
  engine.setMarginModel(1, 'BTC_USDT', MarginModel.isolated);
  engine.place(limit(2, Side.sell, P, 1000));
  engine.place(market(1, Side.buy, 1000));
  engine.setMark('BTC_USDT', P);
  const holding = engine.holdings.find(1, 'BTC_USDT', 'both');
  const btc = engine.market('BTC_USDT');
  if (!holding || !btc) throw new Error('no position');
  const liq = liquidationPrice(isolatedSet(btc.contract, holding)) as number;
  return { ...setup, holding, liq };
}

describe('liquidation', () => {
  it('liquidates exactly at the price the shared module shows, through the book, fee to the fund', () => {
    const { engine, accounts, liq } = isolatedLong(1_000_000 * USDT);
    // 95 000 × (1 − 1/20 + 0.004) ≈ 90 630: the first tick where equity meets maintenance.
    expect(liq).toBeGreaterThan(906_000);
    expect(liq).toBeLessThan(907_000);
    engine.place(limit(3, Side.buy, liq - 100, 1000));
    expect(engine.setMark('BTC_USDT', liq + 1).events.some((e) => e.type === 'liquidation')).toBe(false);
    const hit = engine.setMark('BTC_USDT', liq);
    expect(hit.events.find((e) => e.type === 'liquidation')).toMatchObject({ userId: 1, contracts: 1000 });
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    expect(engine.holdings.find(3, 'BTC_USDT', 'both')?.position?.contracts).toBe(1000);
    // Sold at 90 620-ish, above the bankruptcy price: something is left, less the 1 % fee that went to the fund.
    const left = accounts.walletBalance(1, 'contract', 'USDT');
    expect(left.frozen).toBe(0);
    expect(accounts.walletBalance(FUND, 'contract', 'USDT').available).toBeGreaterThan(1_000_000 * USDT);
    accounts.assertConserved();
  });

  it('hands what the book cannot take to the insurance fund at the bankruptcy price', () => {
    const { engine, accounts, liq } = isolatedLong(1_000_000 * USDT);
    const hit = engine.setMark('BTC_USDT', liq);
    const event = hit.events.find((e) => e.type === 'liquidation');
    expect(event).toBeDefined();
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    expect(engine.holdings.find(FUND, 'BTC_USDT', 'both')?.position).toMatchObject({ sign: 1, contracts: 1000 });
    // The user loses the margin (and only it): 10 000 − 57 of fee − 4 750, give or take a rounding unit.
    const balance = accounts.walletBalance(1, 'contract', 'USDT');
    expect(Math.abs(balance.available - (10_000 - 57 - 4_750) * USDT)).toBeLessThanOrEqual(1);
    accounts.assertConserved();
  });

  it('deleverages the most profitable opposite position when the fund cannot hold it', () => {
    const { engine, accounts, liq } = isolatedLong(0);
    const hit = engine.setMark('BTC_USDT', liq);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    // User 2, the short, is closed at the bankruptcy price instead.
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.position).toBeNull();
    const adl = hit.events.find((e) => e.type === 'order' && e.order.action === ActionCode.autoDeleveraging);
    expect(adl).toMatchObject({ order: { userId: 2 } });
    accounts.assertConserved();
  });

  it('lights the ADL queue: a side’s only position is first in line', () => {
    const { engine, holding } = isolatedLong(0);
    engine.setMark('BTC_USDT', P + 1000);
    expect(holding.adlQuantile).toBe(4);
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.adlQuantile).toBe(4);
  });
});
