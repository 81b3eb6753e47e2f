/**
 * How often the chart follows a live candle. Each update repaints the whole chart (17–29 ms at 4× CPU throttle), and
 * landing in the same frame as a book paint and a batch it made the terminals' long animation frames (issue 21 item
 * 10); twice a second is as live as a candle needs to look, while the book and the tape carry every tick.
 */
export const CHART_UPDATE_MS = 500;

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
    private readonly everyMs: number,
    private readonly clock: PacerClock = browserClock,
  ) {}

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
