// The order book drawn in the worker (issue 22 item 3): the page hands over each side's canvas as an OffscreenCanvas,
// and the ladders are painted where the books are merged, at the publish rate, so a busy or throttled main thread no
// longer decides how fresh a book looks. The page keeps only what it reads as text and the pointer.
import type { Drawn, LadderLook, LadderSide, Snapshot } from '../api.ts';
import { LadderPainter, maxCumulative, priceAtY, rowsThatFit } from './book-ladder.ts';
import type { Paint2D } from './context.ts';

type BookSnapshot = Extract<Snapshot, { kind: 'book' }>;

/** What the painter needs of an OffscreenCanvas (a recording fake in tests). */
export interface PaintCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): (Paint2D & { setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void }) | null;
}

/** Wall-clock ms with sub-ms precision, comparable with the page's `performance.timeOrigin + performance.now()`. */
const wallClock = () => performance.timeOrigin + performance.now();

/** A book as it is when a trader can trust it: its feed and itself live. */
export const isLive = (book: BookSnapshot | null): boolean =>
  book?.health.feed === 'live' && book.health.book?.status === 'live';

/** One side's canvas, its look and what it shows. */
class PaintedSide {
  readonly ladder = new LadderPainter();
  private readonly ctx: NonNullable<ReturnType<PaintCanvas['getContext']>>;
  /** The whole canvas must be drawn again (new size, look, view). */
  full = true;
  /** Price of the level under the pointer, NaN for none. */
  hover = Number.NaN;
  /** Pointer's y in CSS pixels, NaN when away: the hover follows it as levels move under a still pointer. */
  pointerY = Number.NaN;

  constructor(
    readonly side: LadderSide,
    private readonly canvas: PaintCanvas,
    public look: LadderLook,
  ) {
    const ctx = canvas.getContext('2d');
    // Thrown back to the page, which then paints the book itself.
    if (!ctx) throw new Error('no 2d context on the canvas handed over');
    this.ctx = ctx;
    this.resize();
  }

  restyle(look: LadderLook): void {
    const resized =
      look.width !== this.look.width || look.height !== this.look.height || look.ratio !== this.look.ratio;
    this.look = look;
    if (resized) this.resize();
    this.full = true;
  }

  /** Draws the side's levels; true when the canvas changed. */
  draw(book: BookSnapshot | null, maxCum: number): boolean {
    const ctx = this.ctx;
    const { width, height, ratio } = this.look;
    if (width === 0 || height === 0) return false;
    const full = this.full;
    this.full = false;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (full) ctx.clearRect(0, 0, width, height);
    const ask = this.side === 'ask';
    return this.ladder.paint(
      ctx,
      this.look,
      {
        side: this.side,
        levels: ask ? book?.asks : book?.bids,
        own: ask ? book?.ownAsks : book?.ownBids,
        priceScale: this.look.priceScale,
        amountScale: this.look.amountScale,
        maxCum,
        colors: this.look.colors,
        font: this.look.font,
        hover: this.hover,
      },
      full,
    );
  }

  /** The price of the level drawn at `y`, NaN when none. */
  priceAt(book: BookSnapshot | null, y: number): number {
    return priceAtY(this.side, this.side === 'ask' ? book?.asks : book?.bids, this.look.height, y);
  }

  private resize(): void {
    // Setting the size clears the canvas (and its state).
    this.canvas.width = Math.round(this.look.width * this.look.ratio);
    this.canvas.height = Math.round(this.look.height * this.look.ratio);
    this.full = true;
  }
}

/**
 * One book panel of a page, painted in the worker: its sides' canvases, the book view it shows (the plane binds it)
 * and that view's latest snapshot, kept so the pointer can be answered from what is drawn.
 */
export class BookPainter {
  private readonly sides = new Map<LadderSide, PaintedSide>();
  private book: BookSnapshot | null = null;
  private readonly drawn: Drawn = { asks: 0, bids: 0, at: 0, first: 0, seq: -1 };

  constructor(private readonly now: () => number = wallClock) {}

  attach(side: LadderSide, canvas: PaintCanvas, look: LadderLook): void {
    this.sides.set(side, new PaintedSide(side, canvas, look));
    this.paintSide(side);
  }

  detach(side: LadderSide): void {
    this.sides.delete(side);
  }

  /** A side's new look, drawn whole at once unless `paint` is false (a new view's, drawn with it). */
  restyle(side: LadderSide, look: LadderLook, paint = true): void {
    this.sides.get(side)?.restyle(look);
    if (paint) this.paintSide(side);
  }

  /**
   * A new view is shown: the last one's book is cleared at once (the new one's is drawn whole when it comes), and the
   * hover starts afresh.
   */
  reset(): void {
    this.book = null;
    this.drawn.first = 0;
    for (const side of this.sides.values()) {
      side.full = true;
      side.hover = Number.NaN;
      this.paint(side);
    }
  }

  /** Draws a snapshot of the shown view: its arrays must hold until the next one (the plane's buffer of the view). */
  draw(snapshot: Snapshot): void {
    if (snapshot.kind !== 'book') return;
    this.book = snapshot;
    for (const side of this.sides.values()) {
      // A still pointer over a moving book highlights whatever level comes under it.
      if (Number.isFinite(side.pointerY)) side.hover = side.priceAt(snapshot, side.pointerY);
      this.paint(side);
    }
  }

  /** The pointer moved over a side (NaN: it left). */
  point(side: LadderSide, y: number): void {
    const painted = this.sides.get(side);
    if (!painted) return;
    painted.pointerY = y;
    const hover = painted.priceAt(this.book, y);
    if (Object.is(hover, painted.hover)) return;
    painted.hover = hover;
    this.paint(painted);
  }

  priceAt(side: LadderSide, y: number): number {
    return this.sides.get(side)?.priceAt(this.book, y) ?? Number.NaN;
  }

  /** What has been drawn so far (a copy). */
  stats(): Drawn {
    return { ...this.drawn };
  }

  private paintSide(side: LadderSide): void {
    const painted = this.sides.get(side);
    if (painted) this.paint(painted);
  }

  private paint(side: PaintedSide): void {
    const book = this.book;
    // Both sides' bars are drawn against the deeper of the two, over the rows this side shows.
    const rows = rowsThatFit(side.look.height);
    const maxCum = Math.max(maxCumulative(book?.asks, rows), maxCumulative(book?.bids, rows));
    if (!side.draw(book, maxCum)) return;
    if (side.side === 'ask') this.drawn.asks++;
    else this.drawn.bids++;
    this.drawn.at = this.now();
    if (this.drawn.first === 0 && isLive(book)) this.drawn.first = this.drawn.at;
    this.drawn.seq = book?.health.book?.seq ?? -1;
  }
}
