/** What the probe saw, in ms of lateness of its timer. */
export interface StallSummary {
  samples: number;
  max: number;
  p99: number;
  p999: number;
  /** Ticks later than 50 ms (DESIGN §7 treats a longer main-thread task as a stall). */
  over50: number;
  /** The latest tick whose wait overlapped a retention run (0 without one). */
  maxInWindows: number;
}

/**
 * Event-loop stalls as a timer sees them: an interval of `intervalMs` whose every tick records how late it came. A
 * tick that waited behind a 2 s transaction comes ~2 s late; on an idle loop, ticks come ~1 ms late at most.
 */
export class StallProbe {
  private readonly late: number[] = [];
  private readonly at: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private last = 0;

  constructor(private readonly intervalMs = 10) {}

  start(): void {
    this.last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      this.late.push(Math.max(0, now - this.last - this.intervalMs));
      this.at.push(now);
      this.last = now;
    }, this.intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** `windows`: [start, end] of each retention run (performance.now() times), to tell its stalls from the rest. */
  summary(windows: readonly (readonly [number, number])[]): StallSummary {
    let maxInWindows = 0;
    for (let i = 0; i < this.late.length; i++) {
      const end = this.at[i] as number;
      const late = this.late[i] as number;
      const start = end - late - this.intervalMs;
      if (windows.some(([s, e]) => start < e && end > s)) maxInWindows = Math.max(maxInWindows, late);
    }
    return { ...summarize(this.late), maxInWindows };
  }
}

/** Max, p99, p99.9 and count over 50 ms of a list of delays in ms. */
export function summarize(delays: readonly number[]): Omit<StallSummary, 'maxInWindows'> {
  const sorted = Float64Array.from(delays).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    samples: sorted.length,
    max: sorted[sorted.length - 1] ?? 0,
    p99: at(0.99),
    p999: at(0.999),
    over50: sorted.filter((v) => v > 50).length,
  };
}
