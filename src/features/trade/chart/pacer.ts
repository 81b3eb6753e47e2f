/**
 * How often the chart follows a live candle at most. Each update repaints the whole chart (17–40 ms at 4× CPU
 * throttle), and landing in the same frame as a book paint and a batch it made the terminals' long animation frames
 * (issue 21 item 10); twice a second is as live as a candle needs to look, while the book and the tape carry every
 * tick.
 */
export const CHART_UPDATE_MS = 500;
/** How often at least: Binance's kline stream itself updates every 2 s. */
export const CHART_SLOWEST_MS = 2000;
/**
 * The share of the main thread the chart's live repaints may take: a machine where one costs more than 2 % of the
 * fastest period follows the candle less often (each repaint misses a frame there; at 4× throttle two a second held
 * the terminals' p95 frame at two intervals, bench/page).
 */
export const CHART_SHARE = 0.02;

/** The period for a repaint that costs `paintMs`, from {@link CHART_UPDATE_MS} to {@link CHART_SLOWEST_MS}. */
export function chartUpdateMs(paintMs: number): number {
  return Math.min(CHART_SLOWEST_MS, Math.max(CHART_UPDATE_MS, paintMs / CHART_SHARE));
}

export interface PacerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const browserClock: PacerClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** Lets updates through at most once per `everyMs`: one at once, then only the latest, when its turn comes. */
export class Pacer {
  private last = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private pending: (() => void) | null = null;

  constructor(
    private everyMs: number,
    private readonly clock: PacerClock = browserClock,
  ) {}

  /** A new period, from the next update on (one already kept waits its old turn). */
  setEvery(ms: number): void {
    this.everyMs = ms;
  }

  /** Runs `apply` now if its turn has come, else keeps it (replacing any kept before) for when it does. */
  run(apply: () => void): void {
    const wait = this.last + this.everyMs - this.clock.now();
    if (wait <= 0 && this.timer === null) {
      this.last = this.clock.now();
      apply();
      return;
    }
    this.pending = apply;
    this.timer ??= this.clock.setTimeout(
      () => {
        this.timer = null;
        const kept = this.pending;
        this.pending = null;
        this.last = this.clock.now();
        kept?.();
      },
      Math.max(0, wait),
    );
  }

  /** Drops what is kept; `applied` counts an update made outside the pacer (a whole new history) as one let through. */
  cancel(applied = false): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    if (applied) this.last = this.clock.now();
  }
}
