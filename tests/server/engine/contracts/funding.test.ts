import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarginModel } from '../../../../common/margin/codes.ts';
import { FUNDING_HOUSE_ACCOUNT } from '../../../../server/engine/contracts/wallet.ts';
import { engineWith, limit, market, Side, USDT } from './fixtures.ts';

const P = 950_000;

const total = (accounts: ReturnType<typeof engineWith>['accounts'], users: number[]) =>
  users.reduce((sum, u) => {
    const b = accounts.walletBalance(u, 'contract', 'USDT');
    return sum + b.available + b.frozen;
  }, 0);

describe('funding settlement', () => {
  it('longs pay shorts 0.01 % of the notional at the mark; isolated margins take their share', () => {
    const { engine, accounts } = engineWith({ 1: 20_000 * USDT, 2: 20_000 * USDT });
    engine.setMarginModel(2, 'BTC_USDT', MarginModel.isolated);
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    const margin = engine.holdings.find(2, 'BTC_USDT', 'both')?.isolatedMargin ?? 0;
    const settled = engine.settleFunding('BTC_USDT', 10_000n, P);
    const payments = settled.events.flatMap((e) => (e.type === 'funding' ? [[e.userId, e.amount]] : []));
    // 1 BTC × 95 000 × 0.01 % = 9.5 USDT.
    expect(payments).toEqual([
      [1, -9_500_000],
      [2, 9_500_000],
    ]);
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.isolatedMargin).toBe(margin + 9_500_000);
    // The isolated position's row is rewritten with its new margin, or a restart would read back the old one.
    const rewritten = settled.events.flatMap((e) => (e.type === 'position' ? [e.holding.userId] : []));
    expect(rewritten).toEqual([2]);
    expect(accounts.systemBalance(FUNDING_HOUSE_ACCOUNT, 'USDT')).toBe(0);
    accounts.assertConserved();
  });

  it('is zero-sum over accounts: what users pay and receive differs only by the house’s rounding (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            buyer: fc.integer({ min: 1, max: 4 }),
            seller: fc.integer({ min: 1, max: 4 }),
            volume: fc.integer({ min: 1, max: 999 }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.bigInt({ min: -375_000n, max: 375_000n }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (trades, rate, mark) => {
          const users = [1, 2, 3, 4];
          const { engine, accounts } = engineWith({ 1: 1e6 * USDT, 2: 1e6 * USDT, 3: 1e6 * USDT, 4: 1e6 * USDT });
          for (const t of trades) {
            if (t.buyer === t.seller) continue;
            engine.place(limit(t.seller, Side.sell, P + 7, t.volume));
            engine.place(market(t.buyer, Side.buy, t.volume));
          }
          const before = total(accounts, users);
          const houseBefore = accounts.systemBalance(FUNDING_HOUSE_ACCOUNT, 'USDT');
          const settled = engine.settleFunding('BTC_USDT', rate, mark);
          const moved = settled.events.reduce((s, e) => s + (e.type === 'funding' ? e.amount : 0), 0);
          const house = accounts.systemBalance(FUNDING_HOUSE_ACCOUNT, 'USDT') - houseBefore;
          expect(total(accounts, users) - before).toBe(moved);
          expect(moved + house).toBe(0);
          // Rounding only: at most one ledger unit per position.
          expect(house).toBeGreaterThanOrEqual(0);
          expect(house).toBeLessThanOrEqual(users.length);
          accounts.assertConserved();
        },
      ),
      { numRuns: 100 },
    );
  });
});
