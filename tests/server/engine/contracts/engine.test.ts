import { describe, expect, it } from 'vitest';
import { MarginModel, PositionClass } from '../../../../common/margin/codes.ts';
import { entryTicks } from '../../../../common/margin/position.ts';
import { SETTLEMENT_ACCOUNT } from '../../../../server/engine/contracts/wallet.ts';
import { engineWith, limit, market, Side, USDT } from './fixtures.ts';

// BTC_USDT: price 95 000.0 is 950 000 ticks; 1 000 contracts are 1 BTC.
const P = 950_000;

describe('contract orders and positions', () => {
  it('opens a cross long and a short from one trade: positions, fees, nothing locked in cross', () => {
    const { engine, accounts } = engineWith({ 1: 10_000 * USDT, 2: 10_000 * USDT });
    expect(engine.place(limit(2, Side.sell, P, 1000)).ok).toBe(true);
    const taken = engine.place(market(1, Side.buy, 1000));
    expect(taken.ok).toBe(true);
    const long = engine.holdings.find(1, 'BTC_USDT', 'both');
    const short = engine.holdings.find(2, 'BTC_USDT', 'both');
    expect(long?.position).toMatchObject({ sign: 1, contracts: 1000 });
    expect(short?.position).toMatchObject({ sign: -1, contracts: 1000 });
    const btc = engine.market('BTC_USDT');
    if (!btc || !long?.position) throw new Error('no market');
    expect(entryTicks(btc.contract.grid, long.position)).toBe(BigInt(P));
    // Taker 0.06 % of 95 000 = 57; maker 0.02 % = 19; cross margin stays in the free wallet.
    expect(accounts.walletBalance(1, 'contract', 'USDT')).toMatchObject({ available: 9_943 * USDT, frozen: 0 });
    expect(accounts.walletBalance(2, 'contract', 'USDT')).toMatchObject({ available: 9_981 * USDT, frozen: 0 });
    // 20× (the default): 4 750 of initial margin are committed, so 5 193 are left to use.
    expect(engine.freeToUse(1, 'USDT')).toBe(5_193 * USDT);
    accounts.assertConserved();
  });

  it('realises PnL against the settlement account and keeps every coin conserved', () => {
    const { engine, accounts } = engineWith({ 1: 10_000 * USDT, 2: 10_000 * USDT, 3: 10_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    engine.place(limit(3, Side.sell, 960_000, 1000));
    const closed = engine.place(market(2, Side.buy, 1000, { close: true }));
    expect(closed.ok).toBe(true);
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.position).toBeNull();
    // Short from 95 000 closed at 96 000: −1 000, and fees 19 (open, maker) + 57.6 (close, taker).
    expect(accounts.walletBalance(2, 'contract', 'USDT').available).toBe(
      10_000 * USDT - 1_000 * USDT - 19 * USDT - 57_600_000,
    );
    expect(accounts.systemBalance(SETTLEMENT_ACCOUNT, 'USDT')).toBe(1_000 * USDT);
    accounts.assertConserved();
  });

  it('an isolated 20× long holds its margin in the frozen pocket and returns it on close', () => {
    const { engine, accounts } = engineWith({ 1: 10_000 * USDT, 2: 10_000 * USDT });
    expect(engine.setMarginModel(1, 'BTC_USDT', MarginModel.isolated).ok).toBe(true);
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    const long = engine.holdings.find(1, 'BTC_USDT', 'both');
    expect(long?.isolatedMargin).toBe(4_750 * USDT);
    expect(accounts.walletBalance(1, 'contract', 'USDT')).toMatchObject({
      available: 5_193 * USDT,
      frozen: 4_750 * USDT,
    });
    engine.place(limit(2, Side.buy, 940_000, 1000));
    engine.place(market(1, Side.sell, 1000, { close: true }));
    // −1 000 out of the margin, the rest back; close fee 0.06 % of 94 000 = 56.4.
    expect(accounts.walletBalance(1, 'contract', 'USDT')).toMatchObject({
      available: 10_000 * USDT - 57 * USDT - 1_000 * USDT - 56_400_000,
      frozen: 0,
    });
    accounts.assertConserved();
  });

  it('refuses what it cannot do and changes nothing', () => {
    const { engine, accounts } = engineWith({ 1: 100 * USDT, 2: 10_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    const before = JSON.stringify(accounts.walletBalance(1, 'contract', 'USDT'));
    expect(engine.place(market(1, Side.buy, 1000))).toMatchObject({ ok: false, reason: 'insufficientMargin' });
    expect(engine.place(limit(1, Side.buy, P, 2000, { type: 3 }))).toMatchObject({ ok: false, reason: 'notFillable' });
    expect(engine.place(market(1, Side.sell, 1, { close: true }))).toMatchObject({ ok: false, reason: 'noPosition' });
    expect(engine.place(limit(1, Side.buy, 0, 1))).toMatchObject({ ok: false, reason: 'badPrice' });
    expect(engine.place(limit(1, Side.buy, P, 0))).toMatchObject({ ok: false, reason: 'badVolume' });
    expect(engine.setLeverage(1, 'BTC_USDT', 126).ok).toBe(false);
    expect(engine.setLeverage(1, 'BTC_USDT', 1000).ok).toBe(true);
    expect(JSON.stringify(accounts.walletBalance(1, 'contract', 'USDT'))).toBe(before);
    expect(engine.market('BTC_USDT')?.book.asks.best()?.volume).toBe(1000);
  });

  it('switches modes only while flat, and keeps a long and a short apart in hedge mode', () => {
    const { engine } = engineWith({ 1: 50_000 * USDT, 2: 50_000 * USDT });
    expect(engine.setPositionClass(1, 'BTC_USDT', PositionClass.multi).ok).toBe(true);
    engine.place(limit(2, Side.sell, P, 100));
    engine.place(market(1, Side.buy, 100));
    engine.place(limit(2, Side.buy, P - 10, 50));
    engine.place(market(1, Side.sell, 50));
    expect(engine.holdings.find(1, 'BTC_USDT', 'long')?.position?.contracts).toBe(100);
    expect(engine.holdings.find(1, 'BTC_USDT', 'short')?.position?.contracts).toBe(50);
    expect(engine.setPositionClass(1, 'BTC_USDT', PositionClass.single)).toMatchObject({
      ok: false,
      reason: 'positionOrOrdersOpen',
    });
    expect(engine.setMarginModel(1, 'BTC_USDT', MarginModel.isolated).ok).toBe(false);
  });

  it('keeps a position within its leverage tier: 125× allows 50 000 USDT of BTC, not more', () => {
    const { engine } = engineWith({ 1: 10_000 * USDT, 2: 100_000 * USDT });
    expect(engine.setLeverage(1, 'BTC_USDT', 125).ok).toBe(true);
    engine.place(limit(2, Side.sell, 500_000, 2000));
    expect(engine.place(market(1, Side.buy, 1000)).ok).toBe(true);
    expect(engine.place(market(1, Side.buy, 1))).toMatchObject({ ok: false, reason: 'riskLimitExceeded' });
  });

  it('closes every position at market with close-all (bill kind 206)', () => {
    const { engine, accounts } = engineWith({ 1: 50_000 * USDT, 2: 50_000 * USDT, 3: 50_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    engine.place(limit(3, Side.buy, P - 100, 1000));
    const closed = engine.closeAll(1);
    expect(closed.ok).toBe(true);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    const kinds = accounts.entries.filter((e) => e.userId === 1).map((e) => e.kind);
    expect(kinds).toContain('swap_close_all');
    accounts.assertConserved();
  });

  it('reverses a position in one command, or refuses it whole', () => {
    const { engine, accounts } = engineWith({ 1: 10_000 * USDT, 2: 100_000 * USDT, 3: 100_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    const long = engine.holdings.find(1, 'BTC_USDT', 'both');
    const id = long?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    // No bids yet: nothing to close into, nothing changes.
    expect(engine.reverse(1, id)).toMatchObject({ ok: false, reason: 'noLiquidity' });
    engine.place(limit(3, Side.buy, P - 10, 2000));
    expect(engine.reverse(2, id)).toMatchObject({ ok: false, reason: 'noPosition' });
    const reversed = engine.reverse(1, id);
    expect(reversed.ok).toBe(true);
    const now = engine.holdings.find(1, 'BTC_USDT', 'both');
    expect(now?.position).toMatchObject({ sign: -1, contracts: 1000 });
    expect(now?.id).not.toBe(id);
    accounts.assertConserved();
  });

  it('announces a maker filled in full, so the journal stores it as filled', () => {
    const { engine } = engineWith({ 1: 10_000 * USDT, 2: 10_000 * USDT });
    const maker = engine.place(limit(2, Side.sell, P, 100));
    const taken = engine.place(market(1, Side.buy, 100));
    const makerId = maker.ok ? maker.order?.id : 0;
    const announced = taken.events.filter((e) => e.type === 'order' && e.order.id === makerId);
    expect(announced.length).toBeGreaterThan(0);
    expect(announced.every((e) => e.type === 'order' && e.order.status === 1)).toBe(true);
  });
});
