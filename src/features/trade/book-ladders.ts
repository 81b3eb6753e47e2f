// The order book's two ladders and the view they show (issue 22 item 3). Where the browser can hand a canvas to a
// worker, the page's paint worker paints them (workers/paint) from the data worker's snapshots at the publish rate,
// whatever the page's main thread is doing, and the page gets the book only at the text pace for its readout;
// elsewhere, or when the hand-over fails, the page paints them from every snapshot within the shared frame budget
// (src/canvas/surface.ts), as before.
import type { Drawn, LadderColors, LadderLook, LadderSide, Snapshot, ViewSpec } from '../../../workers/api.ts';
import { isLive, LadderPainter, maxCumulative, priceAtY, rowsThatFit } from '../../../workers/paint/index.ts';
import { canPaintInWorker, LadderCanvas } from '../../canvas/ladder-canvas.ts';
import { CanvasSurface, cssVar, type DrawFn } from '../../canvas/surface.ts';
import type { DataClient, ViewHandle } from '../../data/client.ts';
import type { PainterHandle } from '../../data/painters.ts';

export type BookSnapshot = Extract<Snapshot, { kind: 'book' }>;

/** The scales of the shown numbers: the grouped price scale and the market's amount scale. */
export interface LadderScales {
  priceScale: number;
  amountScale: number;
}

function colorsOf(element: Element): LadderColors {
  return {
    up: cssVar(element, '--up', '#0ecb81'),
    down: cssVar(element, '--down', '#f6465d'),
    text: cssVar(element, '--text', '#eaecef'),
    muted: cssVar(element, '--muted', '#848e9c'),
    upBar: 'rgba(14, 203, 129, 0.14)',
    downBar: 'rgba(246, 70, 93, 0.14)',
    mark: cssVar(element, '--hover', '#2b3139'),
  };
}

function fontOf(element: Element): string {
  return `12px ${getComputedStyle(element).fontFamily || 'sans-serif'}`;
}

/** A side the panel shows. */
interface PageSide {
  slot: LadderCanvas;
  /** Page mode only. */
  surface: CanvasSurface | null;
  hover: number;
}

/**
 * The ladders of one book panel. `open` shows a market and grouping (the new view is shown before the old one is
 * closed, so the canvases never show nothing in between); `attach`/`detach` follow the sides the panel shows.
 */
export class BookLadders {
  private painter: PainterHandle | null;
  private view: ViewHandle | null = null;
  private spec: (ViewSpec & { kind: 'book' }) | null = null;
  private latest: BookSnapshot | null = null;
  private scales: LadderScales = { priceScale: 0, amountScale: 0 };
  private visible = true;
  /** No snapshot of the current view drawn yet (page mode: it is drawn ahead of the frame budget). */
  private fresh = true;
  private readonly sides = new Map<LadderSide, PageSide>();
  /** Worker mode: what the paint worker said it drew, asked at each snapshot. */
  private workerDrawn: Drawn | null = null;
  /** Page mode: what the page drew, as the worker reports its own (workers/api.ts Drawn). */
  private readonly pagePaints: Drawn = { asks: 0, bids: 0, at: 0, first: 0, seq: -1 };
  private readonly colors: LadderColors;
  private readonly font: string;

  constructor(
    private readonly client: DataClient,
    root: HTMLElement,
    /** Each snapshot, with what has been drawn (null: not known yet). */
    private readonly onSnapshot: (snapshot: BookSnapshot, drawn: Drawn | null) => void,
  ) {
    this.painter = canPaintInWorker() ? client.painter(() => this.paintOnPage()) : null;
    this.colors = colorsOf(root);
    this.font = fontOf(root);
  }

  /** The latest snapshot (at the text pace when the worker paints). */
  get book(): BookSnapshot | null {
    return this.latest;
  }

  open(spec: ViewSpec & { kind: 'book' }, scales: LadderScales): void {
    const before = this.view;
    this.spec = spec;
    this.scales = scales;
    this.latest = null;
    this.fresh = true;
    this.pagePaints.first = 0;
    for (const side of this.sides.values()) side.hover = Number.NaN;
    // Drawn by the painter from its open on, so a market the worker holds already is drawn without a round trip.
    const view = this.client.open(
      spec,
      (snapshot) => this.take(view, snapshot),
      this.visible,
      this.painter ?? undefined,
    );
    this.view = view;
    before?.close();
    for (const side of this.sides.values()) side.surface?.invalidate(true);
  }

  /** New scales for the same view (the market's thumb came): every side is drawn whole again with them. */
  setScales(scales: LadderScales): void {
    if (scales.priceScale === this.scales.priceScale && scales.amountScale === this.scales.amountScale) return;
    this.scales = scales;
    for (const [side, entry] of this.sides) {
      this.painter?.restyle(side, entry.slot.look());
      entry.surface?.invalidate(true);
    }
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.view?.setVisible(visible);
  }

  attach(side: LadderSide, host: HTMLElement, label: string, describedBy: string): void {
    this.detach(side);
    const slot = new LadderCanvas(host, {
      side,
      label,
      describedBy,
      look: (size) => this.lookOf(size),
      resized: () => this.painter?.restyle(side, slot.look()),
    });
    const entry: PageSide = { slot, surface: null, hover: Number.NaN };
    this.sides.set(side, entry);
    if (!this.painter) {
      entry.surface = this.surface(side, slot.fresh());
      return;
    }
    // A refusal reaches paintOnPage through the painter's `refused`.
    this.painter.paint(side, slot).catch(() => {});
  }

  detach(side: LadderSide): void {
    const entry = this.sides.get(side);
    if (!entry) return;
    this.sides.delete(side);
    this.painter?.unpaint(side);
    entry.surface?.dispose();
    entry.slot.dispose();
  }

  /** The pointer over a side at `y` CSS pixels (NaN: it left): the level there is highlighted. */
  point(side: LadderSide, y: number): void {
    if (this.painter) {
      this.painter.point(side, y);
      return;
    }
    const entry = this.sides.get(side);
    if (!entry) return;
    const price = this.pagePriceAt(side, y);
    if (Object.is(price, entry.hover)) return;
    entry.hover = price;
    entry.surface?.invalidate();
  }

  /** The price of the level drawn at `y`; NaN when none. */
  priceAt(side: LadderSide, y: number): Promise<number> {
    return this.painter ? this.painter.priceAt(side, y) : Promise.resolve(this.pagePriceAt(side, y));
  }

  dispose(): void {
    for (const side of [...this.sides.keys()]) this.detach(side);
    this.painter?.close();
    this.view?.close();
    this.view = null;
  }

  private take(view: ViewHandle, snapshot: Snapshot): void {
    if (view !== this.view || snapshot.kind !== 'book') return;
    this.latest = snapshot;
    const painter = this.painter;
    if (painter) {
      // What the paint worker drew, as it said when asked at the last snapshot (asked again now, for the next).
      this.onSnapshot(snapshot, this.workerDrawn);
      void painter.drawn().then((drawn) => {
        if (this.painter === painter) this.workerDrawn = drawn;
      });
      return;
    }
    this.onSnapshot(snapshot, { ...this.pagePaints });
    // A new market's or grouping's first book is drawn in the next frame, ahead of the budget.
    const urgent = this.fresh;
    this.fresh = false;
    for (const side of this.sides.values()) side.surface?.invalidate(urgent, urgent);
  }

  private lookOf(size: { width: number; height: number; ratio: number }): LadderLook {
    return { ...size, colors: this.colors, font: this.font, ...this.scales };
  }

  /** The worker could not take a canvas (a browser that cannot transfer one to a shared worker): the page paints. */
  private paintOnPage(): void {
    if (!this.painter) return;
    this.painter.close();
    this.painter = null;
    for (const [side, entry] of this.sides) entry.surface ??= this.surface(side, entry.slot.fresh());
    // The view was paced for text: opened again unpainted, it comes every tick.
    if (this.spec) this.open(this.spec, this.scales);
  }

  private pagePriceAt(side: LadderSide, y: number): number {
    const entry = this.sides.get(side);
    const levels = side === 'ask' ? this.latest?.asks : this.latest?.bids;
    return entry ? priceAtY(side, levels, entry.slot.look().height, y) : Number.NaN;
  }

  /** Page mode: one side drawn within the frame budget shared with other books, and not while off screen. */
  private surface(side: LadderSide, canvas: HTMLCanvasElement): CanvasSurface {
    const ladder = new LadderPainter();
    const draw: DrawFn = (ctx, size, full) => {
      const snapshot = this.latest;
      const rows = rowsThatFit(size.height);
      const maxCum = Math.max(maxCumulative(snapshot?.asks, rows), maxCumulative(snapshot?.bids, rows));
      const ask = side === 'ask';
      const changed = ladder.paint(
        ctx,
        size,
        {
          side,
          levels: ask ? snapshot?.asks : snapshot?.bids,
          own: ask ? snapshot?.ownAsks : snapshot?.ownBids,
          ...this.scales,
          maxCum,
          colors: this.colors,
          font: this.font,
          hover: this.sides.get(side)?.hover ?? Number.NaN,
        },
        full,
      );
      if (!changed) return;
      const drawn = this.pagePaints;
      drawn[ask ? 'asks' : 'bids']++;
      drawn.at = performance.timeOrigin + performance.now();
      if (drawn.first === 0 && isLive(snapshot)) drawn.first = drawn.at;
      drawn.seq = snapshot?.health.book?.seq ?? -1;
    };
    return new CanvasSurface(canvas, draw, { budgeted: true, skipOffscreen: true });
  }
}
