/**
 * The naive baseline: one Map per side keyed by the wire price (what a first version of a websocket client does), and
 * the top sorted out of it whenever it is read — here once per frame, as a UI that redraws per frame would.
 */
export class NaiveBook {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();

  merge(side: Map<number, number>, levels: ArrayLike<number>, from: number, to: number): void {
    for (let i = from; i + 1 < to; i += 2) {
      const volume = levels[i + 1] as number;
      if (volume === 0) side.delete(levels[i] as number);
      else side.set(levels[i] as number, volume);
    }
  }

  /** The best `depth` levels of each side, sorted; returns something derived from them so the work is not dropped. */
  top(depth: number): number {
    const bids = [...this.bids].sort((a, b) => b[0] - a[0]).slice(0, depth);
    const asks = [...this.asks].sort((a, b) => a[0] - b[0]).slice(0, depth);
    return (bids[0]?.[0] ?? 0) + (asks[0]?.[0] ?? 0);
  }
}
