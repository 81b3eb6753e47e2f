import type { RiskTierRow } from '../../../common/margin/tiers.ts';

/**
 * Risk-limit brackets of the perpetuals (spec `riskValues`, `riskValues1000`; research §1.3), by the contract's
 * maximum leverage. The 125× table is Binance's BTCUSDT table; the others follow the same shape for coins with thinner
 * books. A maintenance rate always stays below the tier's initial rate (1 ÷ its leverage), so a new position is never
 * born liquidatable.
 */

const row = (floor: string, maxLeverage: number, mmr: string): RiskTierRow => ({ floor, maxLeverage, mmr });

const TABLE_125: readonly RiskTierRow[] = [
  row('0', 125, '0.004'),
  row('50000', 100, '0.005'),
  row('250000', 50, '0.01'),
  row('1000000', 20, '0.025'),
  row('10000000', 10, '0.05'),
  row('20000000', 5, '0.1'),
  row('50000000', 4, '0.125'),
  row('100000000', 3, '0.15'),
  row('200000000', 2, '0.25'),
  row('300000000', 1, '0.5'),
];

const TABLE_75: readonly RiskTierRow[] = [
  row('0', 75, '0.0065'),
  row('50000', 50, '0.01'),
  row('250000', 25, '0.02'),
  row('1000000', 20, '0.025'),
  row('5000000', 10, '0.05'),
  row('10000000', 5, '0.1'),
  row('20000000', 4, '0.125'),
  row('30000000', 3, '0.15'),
  row('50000000', 2, '0.25'),
  row('80000000', 1, '0.5'),
];

const TABLE_50: readonly RiskTierRow[] = [
  row('0', 50, '0.01'),
  row('25000', 25, '0.02'),
  row('100000', 20, '0.025'),
  row('500000', 10, '0.05'),
  row('1000000', 5, '0.1'),
  row('3000000', 4, '0.125'),
  row('5000000', 3, '0.15'),
  row('10000000', 2, '0.25'),
  row('20000000', 1, '0.5'),
];

/**
 * The 1000× table: small positions only. Up to 10 000 USDT at 1000× (maintenance 0.05 %), to 50 000 at 500×, then
 * the 125× table from its second bracket on, so a position that outgrows the small brackets meets the usual limits.
 */
const TABLE_1000: readonly RiskTierRow[] = [
  row('0', 1000, '0.0005'),
  row('10000', 500, '0.001'),
  ...TABLE_125.slice(1),
];

const BY_MAX_LEVERAGE: ReadonlyMap<number, readonly RiskTierRow[]> = new Map([
  [125, TABLE_125],
  [75, TABLE_75],
  [50, TABLE_50],
]);

export interface RiskTables {
  riskValues: readonly RiskTierRow[];
  /** Only for contracts with `canOpenLv1000`. */
  riskValues1000: readonly RiskTierRow[] | null;
}

/** The brackets of a contract with this maximum leverage; a catalogue row with another maximum is a seed error. */
export function riskTablesFor(maxLeverage: number, canOpenLv1000: boolean): RiskTables {
  const riskValues = BY_MAX_LEVERAGE.get(maxLeverage);
  if (!riskValues) throw new RangeError(`no risk table for a ${maxLeverage}× contract`);
  return { riskValues, riskValues1000: canOpenLv1000 ? TABLE_1000 : null };
}
