import { describe, expect, it } from 'vitest';
import { gridOf, RATE_SCALE } from '../../../../common/margin/grid.ts';
import { maintenanceMargin, tiersOf } from '../../../../common/margin/tiers.ts';
import { swapContracts } from '../../../../server/db/seed/catalogue.ts';
import { riskTablesFor } from '../../../../server/db/seed/risk-tables.ts';

describe('risk tables of the perpetuals', () => {
  for (const contract of swapContracts) {
    it(`${contract.base}: brackets, its maximum first, maintenance below the initial rate`, () => {
      const grid = gridOf({ priceScale: contract.priceScale, contractSize: contract.contractSize, settleDecimals: 6 });
      const tables = riskTablesFor(contract.maxLeverage, contract.canOpenLv1000);
      expect(tables.riskValues[0]?.maxLeverage).toBe(contract.maxLeverage);
      expect(tables.riskValues1000 !== null).toBe(contract.canOpenLv1000);
      for (const rows of [tables.riskValues, tables.riskValues1000 ?? []]) {
        if (rows.length === 0) continue;
        const tiers = tiersOf(grid, rows);
        for (const tier of tiers) expect(tier.mmr * BigInt(tier.maxLeverage) < RATE_SCALE).toBe(true);
        // Continuity: just below and at each floor the requirement differs by less than one fine unit per tier.
        for (const tier of tiers.slice(1)) {
          const below = maintenanceMargin(tiers, tier.floor - 1n);
          const at = maintenanceMargin(tiers, tier.floor);
          expect(at - below >= 0n && at - below <= 2n).toBe(true);
        }
      }
    });
  }

  it('the 1000× table starts at 1000× and joins the 125× table', () => {
    const { riskValues, riskValues1000 } = riskTablesFor(125, true);
    expect(riskValues1000?.[0]).toEqual({ floor: '0', maxLeverage: 1000, mmr: '0.0005' });
    expect(riskValues1000?.slice(2)).toEqual(riskValues.slice(1));
  });

  it('refuses a maximum leverage it has no table for', () => {
    expect(() => riskTablesFor(33, false)).toThrow(RangeError);
  });
});
