import {
  averagePremium,
  fundingCap,
  fundingRate,
  impactNotional,
  impactPrice,
  type Levels,
  premium,
} from '../../../common/margin/funding.ts';
import { RATE_SCALE } from '../../../common/margin/grid.ts';
import { BasisAverage, indexPrice, markPrice } from '../../../common/margin/mark.ts';
import type { Contract } from './contract.ts';

/**
 * Index, mark and funding of one perpetual (research §1.1–1.2), as a state machine driven by the clock: no timers
 * here, the runtime calls `update` (every second) with what it reads of the books, so tests can step time exactly.
 */

/** Default funding interval: 8 hours (settlements at 00:00, 08:00 and 16:00 UTC). */
export const FUNDING_INTERVAL_MS = 8 * 60 * 60 * 1000;
const BASIS_EVERY_MS = 1_000;
const PREMIUM_EVERY_MS = 5_000;

export interface PriceInputs {
  /** Index sources in ticks: the spot book's mid and the reference walk (0 or missing: no quote). */
  sources: readonly number[];
  bids: Levels;
  asks: Levels;
  /** Last trade of the contract, null before the first. */
  last: number | null;
}

export interface PriceState {
  index: number;
  mark: number;
  /** The rate the next settlement would apply now, 10^-8. */
  predictedRate: bigint;
  nextFundingTime: number;
  /** A settlement due at this update: the rate and the mark it is paid at. */
  settle: { rate: bigint; mark: number; time: number } | null;
}

export class ContractPrices {
  index = 0;
  mark = 0;
  predictedRate = 0n;
  lastRate = 0n;
  nextFundingTime: number;
  private readonly basis = new BasisAverage(30);
  private premiums: bigint[] = [];
  private nextBasisAt = 0;
  private nextPremiumAt = 0;
  private readonly cap: bigint;
  private readonly impact: bigint;

  constructor(
    readonly contract: Contract,
    now: number,
    readonly intervalMs: number = FUNDING_INTERVAL_MS,
  ) {
    if (!(Number.isSafeInteger(intervalMs) && intervalMs >= 1000)) throw new RangeError('funding interval ≥ 1 s');
    this.nextFundingTime = Math.floor(now / intervalMs) * intervalMs + intervalMs;
    const first = contract.tiers[0];
    const initialRate = RATE_SCALE / BigInt(contract.maxLeverage);
    this.cap = fundingCap(initialRate, first ? first.mmr : 0n);
    this.impact = impactNotional(contract.grid, contract.maxLeverage);
  }

  update(now: number, inputs: PriceInputs): PriceState {
    const index = indexPrice(inputs.sources);
    if (index !== null) this.index = index;
    if (this.index > 0) this.sample(now, inputs);
    this.predictedRate = fundingRate(averagePremium(this.premiums), this.intervalMs, this.cap);
    if (this.index > 0) {
      this.mark = markPrice({
        index: this.index,
        fundingRate: this.predictedRate,
        msToFunding: this.nextFundingTime - now,
        intervalMs: this.intervalMs,
        basisAverage: this.basis.value(),
        last: inputs.last,
      });
    }
    const settle = this.due(now);
    const { index: current, mark, predictedRate, nextFundingTime } = this;
    return { index: current, mark, predictedRate, nextFundingTime, settle };
  }

  /** Basis every second, premium every 5 s (a side that cannot fill the impact notional skips the sample). */
  private sample(now: number, inputs: PriceInputs): void {
    const bid = inputs.bids.prices[0];
    const ask = inputs.asks.prices[0];
    if (now >= this.nextBasisAt && bid !== undefined && ask !== undefined) {
      this.basis.add((bid + ask) / 2 - this.index);
      this.nextBasisAt = now + BASIS_EVERY_MS;
    }
    if (now >= this.nextPremiumAt) {
      const impactBid = impactPrice(this.contract.grid, inputs.bids, this.impact);
      const impactAsk = impactPrice(this.contract.grid, inputs.asks, this.impact);
      if (impactBid !== null && impactAsk !== null) this.premiums.push(premium(this.index, impactBid, impactAsk));
      this.nextPremiumAt = now + PREMIUM_EVERY_MS;
    }
  }

  /** At the settlement instant: the rate of the interval, then a fresh one; a server down for a while settles once. */
  private due(now: number): PriceState['settle'] {
    if (now < this.nextFundingTime || this.mark <= 0) return null;
    const settle = { rate: this.predictedRate, mark: this.mark, time: this.nextFundingTime };
    this.lastRate = this.predictedRate;
    this.premiums = [];
    while (this.nextFundingTime <= now) this.nextFundingTime += this.intervalMs;
    return settle;
  }
}
