import type { Rng } from '../random.ts';

/** Time the basis takes to forget about 63 % of where it was, in simulated seconds. */
const REVERSION_S = 300;
/**
 * Spread of the basis in the long run (1σ), relative to the index: ±10 bp. Funding is the premium plus the interest
 * (0.01 %) clamped by ±0.05 %, so it turns negative only when the premium is below −4 bp: a spread this wide gets there.
 */
const LONG_RUN_SPREAD = 0.001;
/** A basis beyond ±1 % is clipped: the funding cap would hold it there anyway. */
const LIMIT = 0.01;

/**
 * The contract's premium over the index as an Ornstein–Uhlenbeck walk (relative, 0 = at the index): it wanders
 * and is pulled back, so the contract trades above the index for a while (longs pay funding), then below.
 */
export class BasisWalk {
  constructor(public value = 0) {}

  /** `seconds` of simulated time. */
  step(seconds: number, rng: Rng): number {
    if (seconds <= 0) return this.value;
    const keep = Math.exp(-seconds / REVERSION_S);
    // Exact OU transition, so a long tick (a high rate) is as right as many short ones.
    const spread = LONG_RUN_SPREAD * Math.sqrt(1 - keep * keep);
    const next = this.value * keep + spread * rng.gaussian();
    this.value = Math.max(-LIMIT, Math.min(LIMIT, next));
    return this.value;
  }
}
