import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, gridOf, notional } from '../../../common/margin/grid.ts';
import {
  bankruptcyPrice,
  equityAt,
  isLiquidatable,
  liquidationPrice,
  type MarginSet,
} from '../../../common/margin/liquidation.ts';
import { initialMargin, type Position } from '../../../common/margin/position.ts';
import { type RiskTierRow, tierOf, tiersOf } from '../../../common/margin/tiers.ts';

// Cents and 10^-6 USDT: BTC in contracts of 0.001, ETH of 0.01, STRK of 1.
const btc = gridOf({ priceScale: 2, contractSize: '0.001', settleDecimals: 6 });
const eth = gridOf({ priceScale: 2, contractSize: '0.01', settleDecimals: 6 });
const usdt = (amount: number) => fromMinor(btc, Math.round(amount * 1e6));
const flat = (mmr: string) => [{ floor: '0', maxLeverage: 125, mmr }];

/** Binance BTCUSDT brackets of 2021 (research §1.3, [S5]). */
const BINANCE_BTC: RiskTierRow[] = [
  { floor: '0', maxLeverage: 125, mmr: '0.004' },
  { floor: '50000', maxLeverage: 100, mmr: '0.005' },
  { floor: '250000', maxLeverage: 50, mmr: '0.01' },
  { floor: '1000000', maxLeverage: 20, mmr: '0.025' },
  { floor: '10000000', maxLeverage: 10, mmr: '0.05' },
  { floor: '20000000', maxLeverage: 5, mmr: '0.1' },
];

function position(grid: typeof btc, sign: 1 | -1, contracts: number, price: number): Position {
  return { sign, contracts, cost: notional(grid, contracts, Math.round(price * 100)) };
}

describe('liquidation price: the anchors’ worked examples', () => {
  it('Bybit isolated long 1 BTC at 20 000, 50×, MMR 0.5 %: 19 700 on entry value, 19 698.49 on the mark', () => {
    const long = position(btc, 1, 1000, 20_000);
    const margin = initialMargin(long.cost, 50);
    expect(margin).toBe(usdt(400));
    const legs = [{ position: long, tiers: tiersOf(btc, flat('0.005')) }];
    expect(liquidationPrice({ grid: btc, legs, base: margin, basis: 'entry' })).toBe(1_970_000);
    // Binance's convention puts the maintenance on the notional at the liquidation price (research §1.5).
    expect(liquidationPrice({ grid: btc, legs, base: margin })).toBe(1_969_849);
  });

  it('dYdX isolated short 3 ETH at 3 000 with 1 000 of equity, MMF 5 %: 3 174.60', () => {
    const set: MarginSet = {
      grid: eth,
      legs: [{ position: position(eth, -1, 300, 3000), tiers: tiersOf(eth, flat('0.05')) }],
      base: usdt(1000),
    };
    // The root is 3 174.6031…; the first cent at which the engine acts is the one above it.
    expect(liquidationPrice(set)).toBe(317_461);
    expect(isLiquidatable(set, 317_460)).toBe(false);
    expect(isLiquidatable(set, 317_461)).toBe(true);
    // dYdX: "the remaining equity would be … $476.2".
    expect(Number(equityAt(set, 317_460)) / 1e6).toBeCloseTo(476.2, 1);
  });

  it('dYdX cross short 1.5 ETH at 3 000 beside 1 000 STRK at 1.75 (MMF 10 %): 3 380.95', () => {
    const strk = gridOf({ priceScale: 2, contractSize: '1', settleDecimals: 6 });
    const strkMaintenance = (notional(strk, 1000, 175) * 10n) / 100n;
    expect(strkMaintenance).toBe(usdt(175));
    const set: MarginSet = {
      grid: eth,
      legs: [{ position: position(eth, -1, 150, 3000), tiers: tiersOf(eth, flat('0.05')) }],
      // Equity 1 000 (both positions at their entries) less the STRK position's maintenance.
      base: usdt(1000) - strkMaintenance,
    };
    expect(liquidationPrice(set)).toBe(338_096);
    expect(isLiquidatable(set, 338_095)).toBe(false);
  });

  it('Binance maintenance amounts follow the brackets: 0, 50, 1 300, 16 300, 266 300, 1 266 300', () => {
    const tiers = tiersOf(btc, BINANCE_BTC);
    expect(tiers.map((t) => t.cum / usdt(1))).toEqual([0n, 50n, 1300n, 16_300n, 266_300n, 1_266_300n]);
  });

  it('Binance COIN-M: the maintenance amount grows by 50 BTC × (5 % − 2.5 %) into level 5 (0.56 → 1.81 BTC)', () => {
    const coin = gridOf({ priceScale: 1, contractSize: '0.001', settleDecimals: 8 });
    const tiers = tiersOf(coin, [
      { floor: '0', maxLeverage: 125, mmr: '0.004' },
      { floor: '5', maxLeverage: 100, mmr: '0.005' },
      { floor: '10', maxLeverage: 50, mmr: '0.01' },
      { floor: '20', maxLeverage: 20, mmr: '0.025' },
      { floor: '50', maxLeverage: 10, mmr: '0.05' },
    ]);
    const btcUnit = coin.perCoin;
    const step = (tiers[4]?.cum ?? 0n) - (tiers[3]?.cum ?? 0n);
    expect(step).toBe((125n * btcUnit) / 100n);
    expect((56n * btcUnit) / 100n + step).toBe((181n * btcUnit) / 100n);
  });

  it('Binance recomputes with the tier the liquidation price falls in', () => {
    const tiers = tiersOf(btc, BINANCE_BTC);
    // 2.6 BTC at 100 000 (260 000, the 1 % tier) at 10×: on the 1 % tier the price would be 90 404.04, whose notional
    // (235 050) is in the 0.5 % tier; on that tier it is 90 432.93, which stays there.
    const long = position(btc, 1, 2600, 100_000);
    const set: MarginSet = { grid: btc, legs: [{ position: long, tiers }], base: initialMargin(long.cost, 10) };
    expect(tierOf(tiers, long.cost).mmr).toBe(1_000_000n);
    const price = liquidationPrice(set, 10_000_000);
    expect(price).toBe(9_043_293);
    expect(tierOf(tiers, notional(btc, 2600, price ?? 0)).mmr).toBe(500_000n);
  });
});

const tierRows = fc.constantFrom(flat('0.005'), flat('0.05'), BINANCE_BTC);
const isolated = fc.record({
  sign: fc.constantFrom(1 as const, -1 as const),
  contracts: fc.integer({ min: 1, max: 3_000_000 }),
  price: fc.integer({ min: 100, max: 20_000_000 }),
  leverage: fc.integer({ min: 1, max: 125 }),
  extra: fc.integer({ min: 0, max: 1_000_000_000 }),
  rows: tierRows,
});

describe('liquidation price: properties', () => {
  it('is the exact tick where the engine’s check turns, for any isolated position', () => {
    fc.assert(
      fc.property(isolated, ({ sign, contracts, price, leverage, extra, rows }) => {
        const held: Position = { sign, contracts, cost: notional(btc, contracts, price) };
        const set: MarginSet = {
          grid: btc,
          legs: [{ position: held, tiers: tiersOf(btc, rows) }],
          base: initialMargin(held.cost, leverage) + BigInt(extra),
        };
        const lp = liquidationPrice(set, price);
        if (lp === null) {
          // Only a long can be out of reach: no positive price liquidates it.
          expect(sign).toBe(1);
          expect(isLiquidatable(set, 1)).toBe(false);
          return;
        }
        expect(isLiquidatable(set, lp)).toBe(true);
        expect(isLiquidatable(set, sign === 1 ? lp + 1 : lp - 1)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('moves away from the entry as leverage falls', () => {
    fc.assert(
      fc.property(isolated, fc.integer({ min: 1, max: 124 }), ({ sign, contracts, price, rows }, low) => {
        const held: Position = { sign, contracts, cost: notional(btc, contracts, price) };
        const at = (leverage: number) =>
          liquidationPrice(
            {
              grid: btc,
              legs: [{ position: held, tiers: tiersOf(btc, rows) }],
              base: initialMargin(held.cost, leverage),
            },
            price,
          );
        const safer = at(low);
        const riskier = at(low + 1);
        if (riskier === null) return;
        if (sign === 1) expect(safer === null || safer <= riskier).toBe(true);
        else expect(safer).not.toBeNull();
        if (sign === -1 && safer !== null) expect(safer).toBeGreaterThanOrEqual(riskier);
      }),
      { numRuns: 300 },
    );
  });

  it('bankruptcy: the equity is not negative at the price and is one tick beyond', () => {
    fc.assert(
      fc.property(isolated, ({ sign, contracts, price, leverage }) => {
        const held: Position = { sign, contracts, cost: notional(btc, contracts, price) };
        const set: MarginSet = {
          grid: btc,
          legs: [{ position: held, tiers: tiersOf(btc, flat('0.005')) }],
          base: initialMargin(held.cost, leverage),
        };
        const bp = bankruptcyPrice(set);
        if (bp === null) return;
        expect(equityAt(set, bp) >= 0n).toBe(true);
        expect(equityAt(set, sign === 1 ? bp - 1 : bp + 1) < 0n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
