import type { FeedScheduler } from '../../../workers/feed/index.ts';

interface Timer {
  id: number;
  at: number;
  run: () => void;
}

/** Time that moves only when a test says so; timers fire in order of due time, then of creation. */
export class ManualScheduler implements FeedScheduler {
  private time = 0;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), run };
    this.timers.set(timer.id, timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Timers not yet fired nor cleared. */
  pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way (including ones set meanwhile). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let due: Timer | null = null;
      for (const timer of this.timers.values()) {
        if (timer.at <= end && (due === null || timer.at < due.at || (timer.at === due.at && timer.id < due.id))) {
          due = timer;
        }
      }
      if (!due) break;
      this.timers.delete(due.id);
      this.time = Math.max(this.time, due.at);
      due.run();
    }
    this.time = end;
  }
}
