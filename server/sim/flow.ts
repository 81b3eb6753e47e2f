import {
  DEFAULT_BURST_EVERY_S,
  DEFAULT_CLUSTERING,
  DEFAULT_QUOTE_RATE,
  DEFAULT_TAKER_RATE,
  type MarketTier,
  type SimOptions,
} from './options.ts';
import type { Rng } from './random.ts';

/** How long a market remembers its own flow (and a burst), in simulated seconds: the excitation's decay time. */
export const MEMORY_S = 1;
/** A burst adds this many times the market's mean taker rate to its intensity at once (then it decays). */
export const BURST_SIZE = 4;
/**
 * How much of the quote updates follow the taker activity: a quarter, so a burst of trades brings more requotes
 * while a quiet spell (a third of the mean taker rate) still has most of them and the book never looks frozen.
 */
const QUOTES_FOLLOW = 0.25;

/** What a market does in one step, in events. */
export interface FlowStep {
  takers: number;
  quotes: number;
}

/**
 * A market's order flow as a self-exciting (Hawkes) process, the usual model of clustered trading: taker orders
 * arrive at `base + excitation` a second; each one raises the excitation by `clustering / MEMORY_S`, which decays
 * with {@link MEMORY_S}, so one trade makes the next more likely. Now and then a burst (news, a large player) adds
 * {@link BURST_SIZE} × the mean rate at once. The maker's quote updates follow that activity in part, as real market
 * makers requote faster when trading is busy, at a steadier pace than the takers. The base rate is set so that the
 * means over time are `takerRate` and `quoteRate`; with `clustering` 0 and no bursts, the takers are plain Poisson.
 */
export class MarketFlow {
  /** Extra taker intensity, per simulated second, set off by earlier flow and bursts. */
  private excitation = 0;
  private readonly base: number;
  private readonly jump: number;
  private readonly burstRate: number;

  constructor(
    private readonly takerRate: number,
    private readonly quoteRate: number,
    clustering: number,
    burstEveryS: number,
  ) {
    this.burstRate = burstEveryS > 0 ? 1 / burstEveryS : 0;
    this.jump = clustering / MEMORY_S;
    // Mean intensity = (base + bursts' share) / (1 − clustering): solved for base, kept above a tenth of the mean.
    const fromBursts = this.burstRate * BURST_SIZE * takerRate * MEMORY_S;
    this.base = Math.max(0.1 * takerRate, takerRate * (1 - clustering) - fromBursts);
  }

  /** Taker intensity now relative to its mean (1 on average; above it in a cluster or a burst). */
  get activity(): number {
    return this.takerRate > 0 ? (this.base + this.excitation) / this.takerRate : 1;
  }

  /**
   * The events of `seconds` of simulated time. The excitation decays over the step, and its takers add to it as if
   * spread evenly over the step: a long step (a late timer at a high rate) then adds less than a short one, where
   * adding each at the step's end would grow the excitation without bound once a step outlasts the memory.
   */
  step(seconds: number, rng: Rng): FlowStep {
    if (seconds <= 0) return { takers: 0, quotes: 0 };
    if (this.burstRate > 0 && rng.chance(this.burstRate * seconds)) {
      this.excitation += BURST_SIZE * this.takerRate;
    }
    const keep = Math.exp(-seconds / MEMORY_S);
    // Expected takers of the step: the base rate, and the excitation integrated as it decays.
    const expected = this.base * seconds + this.excitation * MEMORY_S * (1 - keep);
    const activity = this.takerRate > 0 ? expected / seconds / this.takerRate : 1;
    const takers = rng.poisson(expected);
    // Quotes come at a steady pace (a market maker's requote loop): the mean rounded up or down at random. Poisson
    // counts left a book unchanged in a fifth of the steps even at rate 10.
    const quotes = roundRandom(this.quoteRate * (1 - QUOTES_FOLLOW + QUOTES_FOLLOW * activity) * seconds, rng);
    this.excitation = this.excitation * keep + this.jump * takers * ((MEMORY_S * (1 - keep)) / seconds);
    return { takers, quotes };
  }
}

/** A new market's flow by its tier, with the options' rates (the defaults' where not given): spot and contract bots. */
export type FlowOf = (tier: MarketTier) => { flow: MarketFlow; quoteRate: number };

/** Checks the options' flow settings and returns what makes each market's flow; throws a RangeError on a bad one. */
export function flowsFrom(options: SimOptions): FlowOf {
  const takerRate = { ...DEFAULT_TAKER_RATE, ...options.takerRate };
  const quoteRate = { ...DEFAULT_QUOTE_RATE, ...options.quoteRate };
  const clustering = options.clustering ?? DEFAULT_CLUSTERING;
  if (!(clustering >= 0 && clustering <= 0.9)) throw new RangeError('sim: clustering must be from 0 to 0.9');
  const burstEveryS = options.burstEveryS ?? DEFAULT_BURST_EVERY_S;
  if (!(burstEveryS >= 0)) throw new RangeError('sim: burstEveryS must be 0 or more');
  return (tier) => ({
    flow: new MarketFlow(takerRate[tier], quoteRate[tier], clustering, burstEveryS),
    quoteRate: quoteRate[tier],
  });
}

/** `x` rounded down or up at random, up with probability x − ⌊x⌋: its mean is x. */
function roundRandom(x: number, rng: Rng): number {
  const whole = Math.floor(x);
  return whole + (rng.chance(x - whole) ? 1 : 0);
}
