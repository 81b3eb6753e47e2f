// The paint worker's painters (workers/paint-worker.ts): one BookPainter per book panel of its page, fed by the data
// worker's paint batches over a port of their own, each showing one view at a time (told by the page's token).
import type { Drawn, LadderLook, LadderSide, PaintApi, PaintBatch, Snapshot } from '../api.ts';
import { BookPainter, type PaintCanvas } from './book-painter.ts';

interface Held {
  painter: BookPainter;
  /** The showing the page asked for last; snapshots of other showings are not drawn. */
  token: number;
  /** A snapshot of a showing the page has not told yet (the data worker's port may overtake the page's). */
  early: { token: number; snapshot: Snapshot } | null;
}

export class Painters implements PaintApi {
  private readonly painters = new Map<number, Held>();
  private port: MessagePort | null = null;

  listen(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    port.onmessage = (event: MessageEvent<PaintBatch>) => this.take(event.data);
  }

  paint(painter: number, side: LadderSide, canvas: OffscreenCanvas, look: LadderLook): void {
    this.held(painter).painter.attach(side, canvas as PaintCanvas, look);
  }

  show(painter: number, token: number, looks: Partial<Record<LadderSide, LadderLook>>): void {
    const held = this.held(painter);
    held.token = token;
    for (const [side, look] of Object.entries(looks)) held.painter.restyle(side as LadderSide, look, false);
    held.painter.reset();
    const early = held.early;
    held.early = null;
    if (early?.token === token) held.painter.draw(early.snapshot);
  }

  restyle(painter: number, side: LadderSide, look: LadderLook): void {
    this.painters.get(painter)?.painter.restyle(side, look);
  }

  point(painter: number, side: LadderSide, y: number): void {
    this.painters.get(painter)?.painter.point(side, y);
  }

  priceAt(painter: number, side: LadderSide, y: number): number {
    return this.painters.get(painter)?.painter.priceAt(side, y) ?? Number.NaN;
  }

  drawn(painter: number): Drawn | null {
    return this.painters.get(painter)?.painter.stats() ?? null;
  }

  unpaint(painter: number, side?: LadderSide): void {
    if (side) this.painters.get(painter)?.painter.detach(side);
    else this.painters.delete(painter);
  }

  /** One batch of the data worker: each snapshot drawn by its painter if it belongs to the showing asked for. */
  take(batch: PaintBatch): void {
    for (const { painter, token, snapshot } of batch.views) {
      const held = this.painters.get(painter);
      if (!held || token < held.token) continue;
      if (token === held.token) held.painter.draw(snapshot);
      else held.early = { token, snapshot };
    }
  }

  private held(painter: number): Held {
    let held = this.painters.get(painter);
    if (!held) {
      held = { painter: new BookPainter(), token: 0, early: null };
      this.painters.set(painter, held);
    }
    return held;
  }
}
