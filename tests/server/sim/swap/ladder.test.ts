import { describe, expect, it } from 'vitest';
import { Side } from '../../../../common/trading.ts';
import { contractOf } from '../../../../server/engine/contracts/contract.ts';
import { ladderShape } from '../../../../server/sim/ladder.ts';
import { DEFAULT_LEVELS, DEFAULT_MIN_LEVEL_SPACING, tierOf } from '../../../../server/sim/options.ts';
import { mulberry32, Rng } from '../../../../server/sim/random.ts';
import { BasisWalk } from '../../../../server/sim/swap/basis.ts';
import { ContractLadder, contractsFor, desiredPrices } from '../../../../server/sim/swap/ladder.ts';

const BTC = contractOf({
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  settleDecimals: 6,
  priceScale: 1,
  contractSize: '0.001',
  minVolume: 1,
  maxLeverage: 125,
  defLeverage: 20,
  canOpenLv1000: false,
  makerFee: '0.0002',
  takerFee: '0.0005',
  riskValues: [{ floor: '0', maxLeverage: 125, mmr: '0.004' }],
  riskValues1000: null,
});

describe('contract ladder', () => {
  it('puts 1000 levels a side on BTC and ETH, fewer on the others', () => {
    expect(DEFAULT_LEVELS[tierOf('BTC/USDT', 'USDT')]).toBe(1000);
    expect(DEFAULT_LEVELS[tierOf('ETH/USDT', 'USDT')]).toBe(1000);
    expect(DEFAULT_LEVELS[tierOf('SOL/USDT', 'USDT')]).toBeLessThan(1000);
    const anchor = 950_123.4;
    const shape = ladderShape(1000, anchor, DEFAULT_MIN_LEVEL_SPACING);
    const bids = desiredPrices(shape, anchor, Side.buy);
    const asks = desiredPrices(shape, anchor, Side.sell);
    expect(bids).toHaveLength(1000);
    expect(asks).toHaveLength(1000);
    // Best first, one side below the anchor and the other above, a few ticks apart at the touch.
    for (let i = 1; i < 1000; i++) {
      expect(bids[i] as number).toBeLessThan(bids[i - 1] as number);
      expect(asks[i] as number).toBeGreaterThan(asks[i - 1] as number);
    }
    expect(bids[0] as number).toBeLessThan(anchor);
    expect(asks[0] as number).toBeGreaterThan(anchor);
    expect((asks[0] as number) - (bids[0] as number)).toBeLessThanOrEqual(4);
    // BTC's levels end about ±2 % away (2 USD apart past the touch).
    expect((asks[999] as number) / anchor).toBeGreaterThan(1.015);
    expect((bids[999] as number) / anchor).toBeLessThan(0.985);
  });

  it('sizes levels in whole contracts of the contract, never below its minimum', () => {
    expect(contractsFor(BTC, 950_000, 950)).toBe(10);
    expect(contractsFor(BTC, 950_000, 1)).toBe(1);
  });

  it('cancels what is in the way first, then what is off the ladder, and places the missing prices nearest first', () => {
    const ladder = new ContractLadder(Side.buy);
    ladder.orders.set(105, 1); // better than the best wanted bid: in the way
    ladder.orders.set(99, 2); // wanted
    ladder.orders.set(97, 3); // wanted
    ladder.orders.set(96.5, 4); // inside, not wanted
    for (let k = 0; k < 10; k++) ladder.orders.set(80 - k, 10 + k); // far beyond
    const plan = ladder.plan([100, 99, 98, 97, 96], 4);
    expect(plan.cancel.slice(0, 2)).toEqual([1, 4]);
    expect(plan.cancel.slice(2)).toEqual([19, 18, 17, 16, 15, 14, 13, 12]);
    expect(plan.place).toEqual([100, 98, 96]);
    ladder.prune((id) => id !== 2);
    expect(ladder.orders.has(99)).toBe(false);
  });
});

describe('basis walk', () => {
  it('drifts above and below the index over a seeded run and is pulled back', () => {
    const rng = new Rng(mulberry32(2026));
    const walk = new BasisWalk();
    const signs = new Set<number>();
    let changes = 0;
    let previous = 0;
    let largest = 0;
    // Six simulated hours in one-second steps.
    for (let t = 0; t < 6 * 3600; t++) {
      const b = walk.step(1, rng);
      if (previous !== 0 && Math.sign(b) !== Math.sign(previous)) changes++;
      previous = b;
      signs.add(Math.sign(b));
      largest = Math.max(largest, Math.abs(b));
    }
    expect([...signs]).toEqual(expect.arrayContaining([1, -1]));
    expect(changes).toBeGreaterThan(5);
    expect(largest).toBeLessThan(0.005);
    expect(largest).toBeGreaterThan(0.0005);
  });

  it('repeats exactly with the same seed', () => {
    const run = () => {
      const rng = new Rng(mulberry32(5));
      const walk = new BasisWalk();
      for (let t = 0; t < 100; t++) walk.step(3, rng);
      return walk.value;
    };
    expect(run()).toBe(run());
  });
});
