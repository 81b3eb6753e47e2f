// The page's paint worker and its painters (issue 22 item 3): a dedicated worker of the page's own draws the order
// book's ladders on canvases the page hands over, from the snapshots the data worker sends it over a channel the page
// links between the two. (A shared worker drawing on the canvases of two pages crashed the first page in Chromium.)
import { type Remote, transfer, wrap } from 'comlink';
import type { Drawn, LadderLook, LadderSide, PaintApi, PaintWith, WorkerApi } from '../../workers/api.ts';

/** Where a painted side's canvas comes from (src/canvas/ladder-canvas.ts). */
export interface CanvasSlot {
  /** A canvas for the paint worker to own (each call a new one, in place of the last). */
  canvas(): OffscreenCanvas;
  look(): LadderLook;
}

/** A painter of the paint worker: book sides drawn on canvases the page handed over, showing one view at a time. */
export interface PainterHandle {
  /** Paints `side` on the slot's canvas. Rejects when the canvas cannot be handed over or drawn on there. */
  paint(side: LadderSide, slot: CanvasSlot): Promise<void>;
  restyle(side: LadderSide, look: LadderLook): void;
  unpaint(side: LadderSide): void;
  point(side: LadderSide, y: number): void;
  /** The price of the level drawn at `y`; NaN when none. */
  priceAt(side: LadderSide, y: number): Promise<number>;
  /** What it has drawn (workers/api.ts Drawn); null before the paint worker knows it. */
  drawn(): Promise<Drawn | null>;
  close(): void;
}

/** A started paint worker. */
export interface PaintLink {
  api: Remote<PaintApi>;
  stop(): void;
}

export function startBrowserPainter(): PaintLink {
  const worker = new Worker(new URL('../../workers/paint-worker.ts', import.meta.url), { type: 'module' });
  return { api: wrap<PaintApi>(worker), stop: () => worker.terminate() };
}

interface OpenPainter {
  /** The page's number for it. */
  id: number;
  slots: Map<LadderSide, CanvasSlot>;
  refused: () => void;
}

/**
 * The page's side of painting: the paint worker (started with the first painter), its painters, and the channel from
 * the current data worker to it, made again for a replaced data worker (the canvases stay with the paint worker).
 */
export class PaintClient {
  private link: PaintLink | null = null;
  private data: Remote<WorkerApi> | null = null;
  private readonly painters = new Map<number, OpenPainter>();
  private readonly byHandle = new WeakMap<PainterHandle, OpenPainter>();
  private nextPainter = 1;
  private nextToken = 1;

  constructor(private readonly start: () => PaintLink = startBrowserPainter) {}

  /** The data worker now in use: its paint batches reach the paint worker over a channel of their own. */
  connect(data: Remote<WorkerApi>): void {
    this.data = data;
    if (this.link) this.join(this.link);
  }

  /** Starts the paint worker now (a page that will paint: its script loads while the page does). */
  prepare(): void {
    this.api();
  }

  painter(refused: () => void = () => {}): PainterHandle {
    const painter: OpenPainter = { id: this.nextPainter++, slots: new Map(), refused };
    this.painters.set(painter.id, painter);
    const live = () => this.painters.get(painter.id) === painter;
    const has = (side: LadderSide) => live() && painter.slots.has(side);
    const handle: PainterHandle = {
      paint: (side, slot) => {
        painter.slots.set(side, slot);
        const canvas = slot.canvas();
        const done = Promise.resolve(this.api().paint(painter.id, side, transfer(canvas, [canvas]), slot.look()));
        done.catch(painter.refused);
        return done;
      },
      restyle: (side, look) => {
        if (has(side)) void this.api().restyle(painter.id, side, look);
      },
      unpaint: (side) => {
        if (has(side)) void this.api().unpaint(painter.id, side);
        painter.slots.delete(side);
      },
      point: (side, y) => {
        if (has(side)) void this.api().point(painter.id, side, y);
      },
      priceAt: async (side, y) => (has(side) ? await this.api().priceAt(painter.id, side, y) : Number.NaN),
      drawn: async () => (live() ? await this.api().drawn(painter.id) : null),
      close: () => {
        if (!live()) return;
        this.painters.delete(painter.id);
        void this.api().unpaint(painter.id);
      },
    };
    this.byHandle.set(handle, painter);
    return handle;
  }

  /**
   * The next showing of a painter, for a view about to be opened with it: told to the paint worker first, with its
   * sides' looks of now (a new view may bring new scales). Null for a painter closed or unknown.
   */
  showing(handle: PainterHandle): PaintWith | null {
    const painter = this.byHandle.get(handle);
    if (!painter || this.painters.get(painter.id) !== painter) return null;
    const token = this.nextToken++;
    const looks: Partial<Record<LadderSide, LadderLook>> = {};
    for (const [side, slot] of painter.slots) looks[side] = slot.look();
    void this.api().show(painter.id, token, looks);
    return { painter: painter.id, token };
  }

  private api(): Remote<PaintApi> {
    if (!this.link) {
      this.link = this.start();
      this.join(this.link);
    }
    return this.link.api;
  }

  private join(link: PaintLink): void {
    if (!this.data) return;
    const channel = new MessageChannel();
    void link.api.listen(transfer(channel.port1, [channel.port1]));
    void this.data.paintTo(transfer(channel.port2, [channel.port2]));
  }
}
