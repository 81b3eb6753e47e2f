import { type FeedScheduler, realFeedScheduler } from '../feed/index.ts';

/** Time as the publisher sees it: the feed's scheduler, so one object serves both. */
export type Scheduler = FeedScheduler;
export const realScheduler: Scheduler = realFeedScheduler;

/**
 * At most one call per period, coalescing everything in between: the first request runs at once, later ones within
 * the period fold into one run at its end (with the latest state, since the caller reads state when it runs).
 */
export class Throttle {
  private last = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly run: () => void,
    private periodMs: number,
    private readonly scheduler: Scheduler = realScheduler,
  ) {}

  /** Asks for a run: now if the period since the last one has passed, else once at its end. */
  request(): void {
    if (this.timer !== null) return;
    const wait = this.last + this.periodMs - this.scheduler.now();
    if (wait <= 0) {
      this.fire();
      return;
    }
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      this.fire();
    }, wait);
  }

  setPeriod(ms: number): void {
    this.periodMs = ms;
  }

  cancel(): void {
    if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  private fire(): void {
    this.last = this.scheduler.now();
    this.run();
  }
}
