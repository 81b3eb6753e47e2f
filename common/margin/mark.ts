/**
 * Index and mark prices of a perpetual contract (research §1.1), in ticks. The mark drives uPnL, margin, liquidation
 * and TP/SL by mark; it is the median of three components so that no single one (a thin book's last trade, one source
 * of the index) can move it alone.
 */

/** A source more than 5 % from the median of all sources is dropped (Binance). */
export const OUTLIER_PPM = 50_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[mid] as number;
  return Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/**
 * The index from its sources' prices (ticks): the mean of the sources within 5 % of their median; when more than one
 * source is outside, the median of all (Binance's rule). Null without a source.
 */
export function indexPrice(sources: readonly number[]): number | null {
  const live = sources.filter((p) => Number.isFinite(p) && p > 0);
  if (live.length === 0) return null;
  const middle = median(live);
  const near = live.filter((p) => Math.abs(p - middle) * 1_000_000 <= middle * OUTLIER_PPM);
  if (live.length - near.length > 1) return middle;
  return Math.round(near.reduce((sum, p) => sum + p, 0) / near.length);
}

export interface MarkInputs {
  index: number;
  /** The last funding rate, 10^-8. */
  fundingRate: bigint;
  /** Time to the next settlement and the interval, ms. */
  msToFunding: number;
  intervalMs: number;
  /** Moving average of (mid − index) samples, ticks (may be negative). */
  basisAverage: number;
  /** Last trade price of the contract, ticks; null before the first trade. */
  last: number | null;
}

/**
 * Mark = median(P1, P2, last): P1 = index × (1 + F × time to funding ÷ interval), P2 = index + MA(basis). Without a
 * last trade, the median of P1, P2 and the index.
 */
export function markPrice(inputs: MarkInputs): number {
  const { index, fundingRate, msToFunding, intervalMs, basisAverage, last } = inputs;
  const share = BigInt(Math.max(0, Math.min(msToFunding, intervalMs)));
  const p1 = Number(
    (BigInt(index) * (100_000_000n * BigInt(intervalMs) + fundingRate * share)) / (100_000_000n * BigInt(intervalMs)),
  );
  const p2 = index + Math.round(basisAverage);
  return Math.max(1, median([p1, p2, last ?? index]));
}

/** A fixed-size moving average of basis samples (the last `size`, 30 per Binance), O(1) per sample. */
export class BasisAverage {
  private readonly samples: number[];
  private next = 0;
  private count = 0;
  private sum = 0;

  constructor(private readonly size = 30) {
    this.samples = new Array(size).fill(0);
  }

  add(sample: number): void {
    if (this.count === this.size) this.sum -= this.samples[this.next] as number;
    else this.count++;
    this.samples[this.next] = sample;
    this.sum += sample;
    this.next = (this.next + 1) % this.size;
  }

  value(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }
}
