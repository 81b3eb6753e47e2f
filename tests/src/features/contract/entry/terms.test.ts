import { describe, expect, it } from 'vitest';
import { fromUnits } from '../../../../../common/decimal.ts';
import { formatFine, notional } from '../../../../../common/margin/grid.ts';
import { applyFill, entryTicks } from '../../../../../common/margin/position.ts';
import { type ContractRow, contractOf, tiersAt } from '../../../../../server/engine/contracts/contract.ts';
import { reservationOfValue } from '../../../../../server/engine/contracts/margin-check.ts';
import {
  leverageAllowed,
  maxContracts,
  minorOf,
  positionOf,
  reservationMinor,
  termsOf,
  ticksOf,
  tiersFor,
} from '../../../../../src/features/contract/entry/terms.ts';
import { BTC, position } from './fixtures.ts';

const terms = termsOf(BTC);
const row: ContractRow = {
  symbol: BTC.symbol,
  base: BTC.baseCoin,
  quote: BTC.quoteCoin,
  settleDecimals: BTC.settleDecimals,
  priceScale: BTC.quoteDecimal,
  contractSize: BTC.contractSize,
  minVolume: BTC.minVolume,
  maxLeverage: BTC.maxLeverage,
  defLeverage: BTC.defLeverage,
  canOpenLv1000: BTC.canOpenLv1000,
  makerFee: BTC.makerFee,
  takerFee: BTC.takerFee,
  riskValues: BTC.riskValues,
  riskValues1000: BTC.riskValues1000,
};
const engine = contractOf(row);

describe('contract terms on the margin module’s integers', () => {
  it('builds the engine’s grid and tables from the wire’s contract info', () => {
    expect(terms.grid).toEqual(engine.grid);
    expect(terms.takerRate).toBe(engine.takerRate);
    expect(terms.makerRate).toBe(engine.makerRate);
    for (const leverage of [1, 20, 125, 1000]) expect(tiersFor(terms, leverage)).toEqual(tiersAt(engine, leverage));
  });

  it('reserves what the engine reserves: initial margin plus the taker fee, rounded up', () => {
    for (const [leverage, contracts, ticks] of [
      [20, 1000, 950_000],
      [7, 3, 950_001],
      [125, 1, 123_457],
      [1000, 11, 950_000],
    ] as const) {
      const value = notional(terms.grid, contracts, ticks);
      expect(reservationMinor(terms, leverage, value)).toBe(BigInt(reservationOfValue(engine, leverage, value)));
    }
  });

  it('finds the most contracts the balance reserves, fees included', () => {
    const available = 10_000_000_000n; // 10 000 USDT
    const n = maxContracts(terms, 20, 950_000, available);
    expect(reservationMinor(terms, 20, notional(terms.grid, n, 950_000))).toBeLessThanOrEqual(available);
    expect(reservationMinor(terms, 20, notional(terms.grid, n + 1, 950_000))).toBeGreaterThan(available);
    expect(n).toBe(2084); // 10 000 ÷ (95 × (1 ÷ 20 + 0.0005))
    expect(maxContracts(terms, 20, 950_000, 0n)).toBe(0);
  });

  it('reads prices to the tick and money to the ledger unit', () => {
    expect(ticksOf(terms, '95000.1')).toBe(950_001);
    expect(ticksOf(terms, '95000.')).toBe(950_000);
    expect(ticksOf(terms, '95000.05')).toBeNull();
    expect(ticksOf(terms, '0')).toBeNull();
    expect(ticksOf(terms, '')).toBeNull();
    expect(minorOf(terms, '-1.5')).toBe(-1_500_000n);
    expect(minorOf(terms, 'x')).toBe(0n);
  });

  it('allows 1 to the maximum leverage, and 1000× only where the contract opens it', () => {
    expect(leverageAllowed(BTC, 1)).toBe(true);
    expect(leverageAllowed(BTC, 125)).toBe(true);
    expect(leverageAllowed(BTC, 126)).toBe(false);
    expect(leverageAllowed(BTC, 1000)).toBe(true);
    expect(leverageAllowed({ ...BTC, canOpenLv1000: false }, 1000)).toBe(false);
    expect(leverageAllowed(BTC, 0)).toBe(false);
  });

  it('turns a wire position back into its exact cost', () => {
    let held = applyFill(terms.grid, null, 1, 60, 950_000).position;
    held = held && applyFill(terms.grid, held, 1, 37, 951_003).position;
    if (!held) throw new Error('no position');
    const entry = fromUnits(entryTicks(terms.grid, held, 2), BTC.quoteDecimal + 2);
    const view = position({ volume: held.contracts, entryPrice: entry });
    expect(positionOf(terms, view)).toEqual(held);
    expect(positionOf(terms, position({ direction: 2 })).sign).toBe(-1);
  });

  it('takes the exact cost the server sends, where the entry price alone cannot pin it', () => {
    let held = applyFill(terms.grid, null, 1, 1000, 950_000).position;
    held = held && applyFill(terms.grid, held, 1, 500, 951_000).position;
    if (!held) throw new Error('no position');
    const entryPrice = fromUnits(entryTicks(terms.grid, held, 2), BTC.quoteDecimal + 2);
    const entryValue = formatFine(terms.grid, held.cost, terms.grid.perCoin.toString().length - 1);
    expect(positionOf(terms, position({ volume: 1500, entryPrice, entryValue }))).toEqual(held);
    // From the rounded entry price alone, 1 500 contracts leave the cost a few fine units off.
    expect(positionOf(terms, position({ volume: 1500, entryPrice })).cost).not.toBe(held.cost);
  });
});
