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
 * `draw(ctx, size, full)` runs in a frame after {@link CanvasSurface.invalidate}; `full` is true when the whole
 * canvas was cleared (first frame, resize, ratio or font change), so the owner must repaint everything, not only what
 * changed since its last draw.
 */
export type DrawFn = (ctx: CanvasRenderingContext2D, size: SurfaceSize, full: boolean) => void;

export class CanvasSurface {
  private readonly ctx: CanvasRenderingContext2D | null;
  private size: SurfaceSize = { width: 0, height: 0, ratio: 1 };
  private frame = 0;
  private full = true;
  private readonly observer: ResizeObserver | null;
  private media: MediaQueryList | null = null;
  private disposed = false;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly draw: DrawFn,
  ) {
    this.ctx = canvas.getContext('2d', { alpha: true });
    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resize());
    this.observer?.observe(canvas);
    this.watchRatio();
    // Text measured before the web font arrives would be laid out with the fallback's widths.
    document.fonts?.ready.then(() => this.invalidate(true));
    document.fonts?.addEventListener?.('loadingdone', this.onFonts);
    this.resize();
  }

  private readonly onFonts = () => this.invalidate(true);

  /** Zooming or moving the window to another screen changes the ratio without a resize. */
  private watchRatio(): void {
    if (typeof matchMedia === 'undefined') return;
    this.media?.removeEventListener('change', this.onRatio);
    this.media = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    this.media.addEventListener('change', this.onRatio);
  }

  private readonly onRatio = () => {
    this.watchRatio();
    this.resize();
  };

  private resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(0, Math.round(rect.width));
    const height = Math.max(0, Math.round(rect.height));
    if (width === this.size.width && height === this.size.height && ratio === this.size.ratio) return;
    this.size = { width, height, ratio };
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.invalidate(true);
  }

  /** Asks for a draw in the next frame; `full` when everything must be repainted. */
  invalidate(full = false): void {
    if (this.disposed) return;
    this.full ||= full;
    if (this.frame) return;
    this.frame = requestAnimationFrame(this.paint);
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
    this.observer?.disconnect();
    this.media?.removeEventListener('change', this.onRatio);
    document.fonts?.removeEventListener?.('loadingdone', this.onFonts);
  }
}

/** Reads a CSS custom property of an element (theme colours for the canvas). */
export function cssVar(element: Element, name: string, fallback: string): string {
  const value = getComputedStyle(element).getPropertyValue(name).trim();
  return value || fallback;
}
