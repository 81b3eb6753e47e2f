import { describe, expect, it } from 'vitest';
import { fromUnits } from '../../../../../common/decimal.ts';
import { PricePreference } from '../../../../../common/margin/codes.ts';
import { formatFine, gridOf } from '../../../../../common/margin/grid.ts';
import { roe, unrealizedPnl } from '../../../../../common/margin/position.ts';
import type { Contract } from '../../../../../server/engine/contracts/contract.ts';
import type { Holding } from '../../../../../server/engine/contracts/holdings.ts';
import { removableMargin } from '../../../../../server/engine/contracts/margin-check.ts';
import {
  maxRemovable,
  pageCount,
  pnlAt,
  pnlPriceOf,
  tpslOf,
} from '../../../../../src/features/contract/positions/rules.ts';
import { swapPlan, swapPosition } from '../../../../common/swap-views.ts';

const PRICES = { last: '61500', mark: '61200', index: '61190' };
/** BTC/USDT's grid in these tests: prices to 0.1, 0.001 BTC a contract (USDT's 6 places come with the money). */
const BTC = { quoteDecimal: 1, contractSize: '0.001' };

describe('PnL by price preference', () => {
  it('values the viewed contract at the live mark by default and for "mark", at the last trade for "latest"', () => {
    const p = swapPosition(1);
    expect(pnlPriceOf(p, PricePreference.default, PRICES, 'BTC/USDT')).toBe('61200');
    expect(pnlPriceOf(p, PricePreference.mark, PRICES, 'BTC/USDT')).toBe('61200');
    expect(pnlPriceOf(p, PricePreference.latest, PRICES, 'BTC/USDT')).toBe('61500');
  });

  it('values other contracts, and the viewed one before its prices come, at the record mark', () => {
    const p = swapPosition(1, { symbol: 'ETH/USDT', markPrice: '3000' });
    expect(pnlPriceOf(p, PricePreference.latest, PRICES, 'BTC/USDT')).toBe('3000');
    expect(pnlPriceOf(swapPosition(2), PricePreference.latest, null, 'BTC/USDT')).toBe('61000');
    expect(pnlPriceOf(swapPosition(2), PricePreference.latest, { ...PRICES, last: '0' }, 'BTC/USDT')).toBe('61000');
  });

  it("shows the server's figures at the record mark", () => {
    expect(pnlAt(swapPosition(1, { unrealizedPnl: '9.99', roe: '0.1665' }), '61000', BTC)).toEqual({
      pnl: '9.99',
      roe: '0.1665',
    });
  });

  it('equals the margin engine at any other price, long and short', () => {
    const grid = gridOf({ priceScale: 1, contractSize: '0.001', settleDecimals: 6 });
    for (const [sign, contracts, entry, price, leverage] of [
      [1, 10, 600000, 612345, 10],
      [-1, 7, 600000, 612345, 25],
      [-1, 3, 594321, 580000, 100],
      [1, 1, 600000, 540000, 3],
    ] as const) {
      const position = { sign, contracts, cost: BigInt(contracts) * BigInt(entry) * grid.perContractTick };
      const view = swapPosition(1, {
        direction: sign === 1 ? 1 : 2,
        volume: contracts,
        entryPrice: fromUnits(BigInt(entry) * 100n, 3),
        leverage,
        // The server writes money with the settle coin's places.
        margin: '60.000000',
        unrealizedPnl: '0.000000',
      });
      const shown = pnlAt(view, fromUnits(BigInt(price), 1), BTC);
      expect(shown.pnl).toBe(formatFine(grid, unrealizedPnl(grid, position, price), 6));
      expect(shown.roe).toBe(fromUnits(roe(grid, position, price, leverage), 8));
    }
  });
});

describe('the removable isolated margin', () => {
  it("equals the engine's rule", () => {
    const grid = gridOf({ priceScale: 1, contractSize: '0.001', settleDecimals: 6 });
    for (const [contracts, entry, mark, leverage, margin] of [
      [10, 600000, 610000, 10, 80_000_000],
      [10, 600000, 590000, 10, 80_000_000],
      [3, 600000, 600000, 20, 9_000_001],
      [5, 600000, 500000, 5, 60_000_000],
    ] as const) {
      const position = { sign: 1 as const, contracts, cost: BigInt(contracts) * BigInt(entry) * grid.perContractTick };
      const holding = { position, marginModel: 2, leverage, isolatedMargin: margin } as unknown as Holding;
      const engine = removableMargin({ grid } as Contract, holding, mark);
      const view = swapPosition(1, {
        volume: contracts,
        marginModel: 2,
        leverage,
        markPrice: fromUnits(BigInt(mark), 1),
        margin: fromUnits(BigInt(margin), 6),
        unrealizedPnl: formatFine(grid, unrealizedPnl(grid, position, mark), 6),
      });
      expect(maxRemovable(view, BTC)).toBe(fromUnits(BigInt(engine), 6));
    }
  });

  it('is nothing for a cross position', () => {
    expect(maxRemovable(swapPosition(1, { margin: '60.000000' }), BTC)).toBe('0.000000');
  });
});

describe('TP/SL legs of a position', () => {
  it('pairs legs by pairId, whole before partial, and leaves other positions out', () => {
    const plans = [
      swapPlan(5, { planType: 'stopLoss', tpslMode: 2, volume: 3 }),
      swapPlan(2, { planType: 'stopLoss', pairId: 1 }),
      swapPlan(1, { planType: 'takeProfit', pairId: 2 }),
      swapPlan(7, { planType: 'trailing', tpslMode: 1 }),
      swapPlan(8, { planType: 'takeProfit', positionDirection: 2 }),
      swapPlan(9, { planType: 'open' }),
    ];
    const groups = tpslOf(swapPosition(1), plans);
    expect(groups.map((g) => [g.takeProfit?.planId, g.stopLoss?.planId, g.trailing?.planId])).toEqual([
      [1, 2, undefined],
      [undefined, undefined, 7],
      [undefined, 5, undefined],
    ]);
  });
});

describe('paging', () => {
  it('counts pages of the terminal size, one at least', () => {
    expect(pageCount(0, 4)).toBe(1);
    expect(pageCount(4, 4)).toBe(1);
    expect(pageCount(5, 4)).toBe(2);
  });
});
