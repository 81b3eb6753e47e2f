/**
 * What the bench page measures, the same in both modes: frame times from requestAnimationFrame deltas and long
 * animation frames from a PerformanceObserver, over a window the driver asks for (bench/ui/main.ts).
 */

export interface Measured {
  frames: number;
  ms: number;
  /** Every rAF delta in the window, ms. */
  deltas: number[];
  /** Durations of the long animation frames (> 50 ms by definition) in the window; null if unsupported. */
  loafs: number[] | null;
  /** Book updates the page took in during the window (snapshots drawn for ours, frames applied for naive). */
  updates: number;
  /** Books showing a live, up-to-date book at the end. */
  live: number;
  /** Canvas fillText calls in the window (counted with `?profile=1` only, else 0). */
  texts: number;
  /**
   * Book sides painted in the window (ours: ladder paints; naive: React commits of a book, counted as its updates ×
   * 2 sides). A page that defers paints under load shows it here rather than in fps.
   */
  paints: number;
  /**
   * Paints in the window per book side on screen (ours: the worker's or the page's count; absent for naive, which
   * repaints both sides of a book with each frame it applies).
   */
  sidePaints: number[] | null;
}

/** What the page tells the driver. */
export interface BenchHooks {
  /** Books that have shown data so far. */
  ready(): number;
  measure(ms: number): Promise<Measured>;
}

export interface PageCounters {
  updates: number;
  /** Book sides painted so far; see {@link Measured.paints}. */
  paints?: number;
  /** Paints so far of each book side on screen, in a stable order. */
  sidePaints?: () => number[];
  ready(): number;
  live(): number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function installMeter(counters: PageCounters): void {
  let texts = 0;
  if (new URLSearchParams(location.search).get('profile') === '1') {
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, ...args) {
      texts++;
      return fillText.apply(this, args);
    };
  }
  const hooks: BenchHooks = {
    ready: () => counters.ready(),
    measure: (ms) =>
      new Promise((resolve) => {
        const supported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
        const loafs: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) loafs.push(entry.duration);
        });
        if (supported) observer.observe({ type: 'long-animation-frame', buffered: false });
        const deltas: number[] = [];
        const updates = counters.updates;
        const paints = counters.paints ?? counters.updates * 2;
        const sidesBefore = counters.sidePaints?.() ?? null;
        const textsBefore = texts;
        let first = 0;
        let last = 0;
        const tick = (t: number) => {
          if (first === 0) first = t;
          else deltas.push(t - last);
          last = t;
          if (t - first < ms) {
            requestAnimationFrame(tick);
            return;
          }
          // Entries of the last frames are delivered a little later.
          setTimeout(() => {
            if (supported) {
              for (const entry of observer.takeRecords()) loafs.push(entry.duration);
              observer.disconnect();
            }
            resolve({
              frames: deltas.length,
              ms: last - first,
              deltas,
              loafs: supported ? loafs : null,
              updates: counters.updates - updates,
              live: counters.live(),
              texts: texts - textsBefore,
              paints: sidesBefore
                ? sum(counters.sidePaints?.() ?? []) - sum(sidesBefore)
                : (counters.paints ?? counters.updates * 2) - paints,
              sidePaints: sidesBefore ? (counters.sidePaints?.() ?? []).map((n, i) => n - (sidesBefore[i] ?? 0)) : null,
            });
          }, 100);
        };
        requestAnimationFrame(tick);
      }),
  };
  (globalThis as unknown as { bench: BenchHooks }).bench = hooks;
}

/** The grid both modes draw into: one fixed-size panel per book (the CSS is the same for both). */
export const PAGE_CSS = `
  * { box-sizing: border-box; }
  body { margin: 0; background: #0b0e11; color: #eaecef; font: 12px sans-serif; }
  #books { display: grid; grid-template-columns: repeat(auto-fill, 236px); gap: 2px; }
  .book { width: 236px; background: #161a1e; }
  .book h2 { margin: 0; height: 20px; font-size: 12px; line-height: 20px; padding: 0 8px; }
  .book h2 span { float: right; color: #848e9c; }
  .side { display: block; width: 236px; height: 200px; overflow: hidden; }
  .side.canvas-side { position: relative; }
  .side.canvas-side canvas { position: absolute; inset: 0; width: 100%; height: 100%; display: block; }
  .mid { height: 20px; line-height: 20px; padding: 0 8px; color: #0ecb81; }
  .row { display: flex; height: 20px; line-height: 20px; padding: 0 8px; position: relative; }
  .row span { flex: 1; text-align: right; position: relative; }
  .row span:first-child { text-align: left; }
  .row .bar { position: absolute; right: 0; top: 1px; bottom: 1px; }
  .asks { display: flex; flex-direction: column-reverse; }
  .asks .price { color: #f6465d; } .bids .price { color: #0ecb81; }
  .asks .bar { background: rgba(246, 70, 93, 0.14); } .bids .bar { background: rgba(14, 203, 129, 0.14); }
`;

/** Rows drawn per side in both modes (10 × 20 px = the 200 px side). */
export const ROWS = 10;
