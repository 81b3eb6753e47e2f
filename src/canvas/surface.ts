// A canvas that follows its box: devicePixelRatio, resize (ResizeObserver) and web-font loading, drawn at most once per
// animation frame. What to draw is the owner's; this only says when and at what size.

export interface SurfaceSize {
  /** CSS pixels. */
  width: number;
  height: number;
  /** Device pixels per CSS pixel. */
  ratio: number;
}

/**
 * `draw(ctx, size, full)` runs in a frame after {@link CanvasSurface.invalidate}; `full` is true when the whole canvas
 * was cleared (first frame, resize, ratio or font change), so the owner must repaint everything, not only what changed
 * since its last draw.
 */
export type DrawFn = (ctx: CanvasRenderingContext2D, size: SurfaceSize, full: boolean) => void;

export interface SurfaceOptions {
  /**
   * Shares a per-frame time budget with the other budgeted surfaces instead of always drawing in the next frame: when
   * many surfaces change every frame (many live order books), the ones that do not fit wait for the following frames,
   * longest-waiting first, so the page keeps its frame rate and each surface updates less often. At least one waiting
   * surface is drawn per frame.
   */
  budgeted?: boolean;
  /**
   * Draws nothing while the canvas is out of the viewport (IntersectionObserver): invalidations are kept and drawn
   * when it scrolls into view.
   */
  skipOffscreen?: boolean;
}

const NO_PAINTED: readonly ((ms: number) => void)[] = [];

/**
 * The shared frame loop of budgeted surfaces. The budget adapts to the frame interval the page gets (the rasterising
 * and compositing that follow the draw calls are not in the measured time): shrinks while frames are late, grows back
 * while they are on time.
 */
const budget = {
  queue: [] as CanvasSurface[],
  frame: 0,
  ms: 4,
  last: 0,
  /** The coming frame is a heavy paint's ({@link scheduleHeavyPaint}). */
  yielded: false,
  /** The last frame drew nothing (see {@link skipFrame}). */
  skipped: false,
  /** Who wants to know what the repaints of the last frame's heavy updates cost (see {@link scheduleHeavyPaint}). */
  painted: NO_PAINTED,
};
/** Bounds of the budget, ms of draw calls per frame. */
const BUDGET_MIN_MS = 1;
const BUDGET_MAX_MS = 8;
/** Frame interval aimed at (a little above 60 Hz's 16.7 ms, so vsync jitter does not count as late). */
const TARGET_FRAME_MS = 18;

/** The next frame's budget from this one's and the interval since the last frame: slow to grow, quick to shrink. */
export function nextBudget(ms: number, interval: number): number {
  // Each overshoot is a late frame.
  return interval > TARGET_FRAME_MS ? Math.max(BUDGET_MIN_MS, ms * 0.7) : Math.min(BUDGET_MAX_MS, ms + 0.02);
}

/** Work before the budget in one frame (earlier callbacks, a task that delayed the frame) that already fills it. */
const FRAME_SPENT_MS = 16;

/**
 * Whether budgeted surfaces leave this frame alone: a heavy paint claimed it, or `spentMs` of other work already ran in
 * it, so drawing too would make a long animation frame. Never two frames in a row, so a surface waits at most one.
 */
export function skipFrame(yielded: boolean, spentMs: number, skippedLast: boolean): boolean {
  return !skippedLast && (yielded || spentMs > FRAME_SPENT_MS);
}

interface HeavyUpdate {
  update: () => void;
  painted?: (ms: number) => void;
}

/** Updates of painters outside the budget, by owner: the latest of each runs at the start of the next frame. */
const heavy = new Map<object, HeavyUpdate>();
const NO_UPDATES: readonly HeavyUpdate[] = [];

/**
 * Runs `update` for a painter outside the budget whose repaint is long (the candle chart: lightweight-charts repaints
 * the whole chart in the animation frame after an update, 17–40 ms at 4× CPU throttle) at the start of the next frame,
 * and leaves the frame after it, where that repaint lands, to it: budgeted surfaces draw beside the update, not beside
 * the repaint. A later call for the same `owner` before then replaces the earlier one. `painted` is told what the
 * repaint cost: the time that frame spent before this loop's turn, where the library's own callback ran.
 */
export function scheduleHeavyPaint(owner: object, update: () => void, painted?: (ms: number) => void): void {
  heavy.set(owner, painted ? { update, painted } : { update });
  if (!budget.frame) budget.frame = requestAnimationFrame(runBudget);
}

/** Drops an update {@link scheduleHeavyPaint} keeps for `owner` (a chart removed before its frame). */
export function cancelHeavyPaint(owner: object): void {
  heavy.delete(owner);
}

function runBudget(now: number): void {
  budget.frame = 0;
  const spent = performance.now() - now;
  for (const painted of budget.painted) painted(spent);
  // Most frames have none: no array made for them.
  const updates = heavy.size > 0 ? [...heavy.values()] : NO_UPDATES;
  heavy.clear();
  const skip = skipFrame(budget.yielded, spent, budget.skipped);
  budget.skipped = skip;
  // Their repaints are requested now, so they run in the next frame before this loop's next call.
  budget.yielded = updates.length > 0;
  const painted: ((ms: number) => void)[] = [];
  for (const update of updates) {
    update.update();
    if (update.painted) painted.push(update.painted);
  }
  budget.painted = painted.length > 0 ? painted : NO_PAINTED;
  if (skip) drawUrgent();
  else drawWaiting(now);
  if (budget.queue.length > 0 || budget.yielded) {
    budget.last = now;
    budget.frame = requestAnimationFrame(runBudget);
  } else {
    budget.last = 0;
  }
}

/** Draws the urgent surfaces only: a frame left to other work still shows a new market's first book. */
function drawUrgent(): void {
  const waiting = budget.queue;
  budget.queue = [];
  for (const surface of waiting) {
    if (surface.urgent) surface.paintNow();
    else budget.queue.push(surface);
  }
}

/** Draws the waiting surfaces that fit in this frame's budget, urgent ones first, then the longest waiting. */
function drawWaiting(now: number): void {
  if (budget.last > 0) budget.ms = nextBudget(budget.ms, now - budget.last);
  const waiting = budget.queue;
  budget.queue = [];
  const start = performance.now();
  let i = 0;
  for (; i < waiting.length; i++) {
    if (i > 0 && !(waiting[i] as CanvasSurface).urgent && performance.now() - start > budget.ms) break;
    (waiting[i] as CanvasSurface).paintNow();
  }
  if (i < waiting.length) {
    // Those left go first next frame, before surfaces invalidated meanwhile.
    budget.queue = waiting.slice(i).concat(budget.queue);
  }
}

export class CanvasSurface {
  private readonly ctx: CanvasRenderingContext2D | null;
  private size: SurfaceSize = { width: 0, height: 0, ratio: 1 };
  private frame = 0;
  /** Budgeted: waiting in the shared queue. */
  private queued = false;
  /** Queued by an urgent {@link invalidate}: drawn next frame whatever the budget. */
  private pressing = false;
  private full = true;
  private readonly budgeted: boolean;
  /** With `skipOffscreen`: whether the canvas is in the viewport, and an invalidation waits for it to be. */
  private onScreen = true;
  private waiting = false;
  private readonly intersection: IntersectionObserver | null = null;
  private readonly observer: ResizeObserver | null;
  private readonly stopRatio: () => void;
  private disposed = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly draw: DrawFn,
    options: SurfaceOptions = {},
  ) {
    this.budgeted = options.budgeted === true;
    if (options.skipOffscreen && typeof IntersectionObserver !== 'undefined') {
      this.intersection = new IntersectionObserver((entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        this.onScreen = entry.isIntersecting;
        if (this.onScreen && this.waiting) {
          this.waiting = false;
          this.invalidate();
        }
      });
      this.intersection.observe(canvas);
    }
    this.ctx = canvas.getContext('2d', { alpha: true });
    this.observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => this.resize(entries[entries.length - 1]?.contentRect));
    this.observer?.observe(canvas);
    this.stopRatio = watchRatio(() => this.resize());
    // Text measured before the web font arrives would be laid out with the fallback's widths, so it is drawn again
    // once fonts load. Not through `fonts.ready`: Chromium updates style and layout to answer it, so the trade
    // page's first commit laid out the whole page in the middle of its effects (issue 22 item 1).
    document.fonts?.addEventListener?.('loadingdone', this.onFonts);
    // The observer reports the first size once layout has run; measuring here would force a layout per canvas in
    // the middle of React's commit (a market switch made four).
    if (!this.observer) this.resize();
  }

  private readonly onFonts = () => this.invalidate(true);

  /** `box`: the size the observer reports; measured here otherwise. */
  private resize(box?: { width: number; height: number }): void {
    const rect = box ?? this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(0, Math.round(rect.width));
    const height = Math.max(0, Math.round(rect.height));
    if (width === this.size.width && height === this.size.height && ratio === this.size.ratio) return;
    this.size = { width, height, ratio };
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.invalidate(true);
  }

  /**
   * Asks for a draw in the next frame; `full` when everything must be repainted. `urgent` (a new market's first book)
   * is drawn in the next frame whatever the budget says, ahead of the others.
   */
  invalidate(full = false, urgent = false): void {
    if (this.disposed) return;
    this.full ||= full;
    if (!this.onScreen) {
      this.waiting = true;
      return;
    }
    if (this.budgeted) {
      if (urgent && !this.pressing) {
        this.pressing = true;
        // Queued, it is in the queue, or in the list a frame is drawing (then drawn there, and once more here).
        const at = this.queued ? budget.queue.indexOf(this) : -1;
        if (at >= 0) budget.queue.splice(at, 1);
        this.queued = true;
        budget.queue.unshift(this);
        if (!budget.frame) budget.frame = requestAnimationFrame(runBudget);
        return;
      }
      if (this.queued) return;
      this.queued = true;
      budget.queue.push(this);
      if (!budget.frame) budget.frame = requestAnimationFrame(runBudget);
      return;
    }
    if (this.frame) return;
    this.frame = requestAnimationFrame(this.paint);
  }

  get urgent(): boolean {
    return this.pressing;
  }

  /** Draws now (the shared budget loop's call). */
  paintNow(): void {
    this.queued = false;
    this.pressing = false;
    if (!this.disposed) this.paint();
  }

  private readonly paint = () => {
    this.frame = 0;
    const ctx = this.ctx;
    if (!ctx || this.size.width === 0 || this.size.height === 0) return;
    const full = this.full;
    this.full = false;
    ctx.setTransform(this.size.ratio, 0, 0, this.size.ratio, 0, 0);
    if (full) ctx.clearRect(0, 0, this.size.width, this.size.height);
    this.draw(ctx, this.size, full);
  };

  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.queued) {
      this.queued = false;
      const at = budget.queue.indexOf(this);
      if (at >= 0) budget.queue.splice(at, 1);
    }
    this.observer?.disconnect();
    this.intersection?.disconnect();
    this.stopRatio();
    document.fonts?.removeEventListener?.('loadingdone', this.onFonts);
  }
}

/**
 * Calls `changed` whenever the device pixel ratio changes: zooming or moving the window to another screen changes it
 * without a resize. Returns the stop.
 */
export function watchRatio(changed: () => void): () => void {
  if (typeof matchMedia === 'undefined') return () => {};
  let media: MediaQueryList;
  const onChange = () => {
    media.removeEventListener('change', onChange);
    watch();
    changed();
  };
  const watch = () => {
    media = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    media.addEventListener('change', onChange);
  };
  watch();
  return () => media.removeEventListener('change', onChange);
}

/** Reads a CSS custom property of an element (theme colours for the canvas). */
export function cssVar(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}
