import { ceilDiv, floorDiv, type Grid, notional, RATE_SCALE } from './grid.ts';
import type { Sign } from './position.ts';

/**
 * Funding of perpetual contracts (research §1.2): premium samples from the impact prices, a time-weighted average
 * over the interval, the clamped interest term, a cap, and a zero-sum settlement. Rates are integers of 10^-8.
 */

/** Interest per 8 hours: 0.01 %. */
export const INTEREST_8H = 10_000n;
/** The clamp around the interest: ±0.05 %. */
export const CLAMP = 50_000n;
const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

/** One side of a book, best first: prices in ticks, sizes in contracts. */
export interface Levels {
  prices: readonly number[];
  sizes: readonly number[];
}

/**
 * The average fill price (ticks, rounded to nearest) of a market order for `impact` fine units of notional against
 * `side`; null when the side cannot fill it (the sample is skipped, as a thin book says nothing about the premium).
 */
export function impactPrice(grid: Grid, side: Levels, impact: bigint): number | null {
  let value = 0n;
  let contracts = 0n;
  for (let i = 0; i < side.prices.length; i++) {
    const price = side.prices[i] as number;
    const size = side.sizes[i] as number;
    const levelValue = notional(grid, size, price);
    if (value + levelValue >= impact) {
      // The part of this level that completes the order, in whole contracts (at least one).
      const perContract = notional(grid, 1, price);
      const need = ceilDiv(impact - value, perContract);
      value += need * perContract;
      contracts += need;
      return Number((2n * value + contracts * grid.perContractTick) / (2n * contracts * grid.perContractTick));
    }
    value += levelValue;
    contracts += BigInt(size);
  }
  return null;
}

/**
 * Binance's impact margin notional: 200 USDT ÷ the initial margin rate at maximum leverage (20× → 4 000 USDT), in
 * fine units.
 */
export function impactNotional(grid: Grid, maxLeverage: number): bigint {
  return 200n * grid.perCoin * BigInt(maxLeverage);
}

/** One premium sample: [max(0, impact bid − index) − max(0, index − impact ask)] ÷ index, 10^-8, toward zero. */
export function premium(index: number, impactBid: number, impactAsk: number): bigint {
  const up = BigInt(Math.max(0, impactBid - index));
  const down = BigInt(Math.max(0, index - impactAsk));
  return ((up - down) * RATE_SCALE) / BigInt(index);
}

/** Time-weighted average of the samples of an interval (weights 1, 2, …, n: later samples count more). */
export function averagePremium(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let sum = 0n;
  let weights = 0n;
  samples.forEach((sample, i) => {
    sum += sample * BigInt(i + 1);
    weights += BigInt(i + 1);
  });
  return sum / weights;
}

const clamp = (value: bigint, low: bigint, high: bigint) => (value < low ? low : value > high ? high : value);

/**
 * The funding rate of an interval: F = P̄ + clamp(I − P̄, ±0.05 %), scaled from 8 hours to the interval (Binance's
 * F ÷ (8 / N)) and capped at ±`cap`.
 */
export function fundingRate(averagePremiumRate: bigint, intervalMs: number, cap: bigint): bigint {
  const eightHours = averagePremiumRate + clamp(INTEREST_8H - averagePremiumRate, -CLAMP, CLAMP);
  const scaled = (eightHours * BigInt(intervalMs)) / BigInt(EIGHT_HOURS_MS);
  return clamp(scaled, -cap, cap);
}

/** dYdX's default cap per 8 hours: 600 % × (initial − maintenance margin fraction), both in 10^-8. */
export function fundingCap(initialRate: bigint, maintenanceRate: bigint): bigint {
  return 6n * (initialRate - maintenanceRate);
}

/** A position paying or receiving at a settlement. */
export interface FundedPosition {
  id: number;
  sign: Sign;
  contracts: number;
}

/** What a settlement moves, fine units: each position's payment (negative: it pays) and the house's remainder. */
export interface FundingSettlement {
  payments: Map<number, bigint>;
  /** Σ payments + house = 0: payers are rounded up and receivers down, and the difference is the house's. */
  house: bigint;
}

/**
 * Settles funding at `mark` ticks: longs pay shorts when the rate is positive, shorts pay longs when it is negative,
 * each `contracts × mark × rate`. Zero-sum across accounts: the rounding remainder goes to the house, never lost.
 */
export function settleFunding(
  grid: Grid,
  rate: bigint,
  mark: number,
  positions: readonly FundedPosition[],
): FundingSettlement {
  const payments = new Map<number, bigint>();
  let total = 0n;
  for (const p of positions) {
    const exact = BigInt(-p.sign) * notional(grid, p.contracts, mark) * rate;
    // Negative = pays: rounded away from zero; positive = receives: rounded toward zero.
    const amount = exact < 0n ? -ceilDiv(-exact, RATE_SCALE) : floorDiv(exact, RATE_SCALE);
    payments.set(p.id, amount);
    total += amount;
  }
  return { payments, house: -total };
}
