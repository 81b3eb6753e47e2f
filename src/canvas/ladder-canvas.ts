// A book side's canvas, made here rather than by React: the worker paints it as an OffscreenCanvas, and a canvas can be
// handed over only once, so a replaced worker needs a new element (src/data/client.ts CanvasSlot). React renders the
// host and its pointer handlers; the canvas inside it follows the host's box.
import type { LadderLook, LadderSide } from '../../workers/api.ts';
import type { CanvasSlot } from '../data/painters.ts';
import { watchRatio } from './surface.ts';

/** Whether this browser can hand a canvas to a worker (else the page paints it). */
export function canPaintInWorker(): boolean {
  return typeof OffscreenCanvas !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype;
}

export interface LadderCanvasOptions {
  side: LadderSide;
  /** The canvas's accessible name and the live summary that describes it. */
  label: string;
  describedBy: string;
  /** The look of a box of this size: the owner's colours, font and scales at the time. */
  look(size: { width: number; height: number; ratio: number }): LadderLook;
  /** The box changed size or device ratio (a worker-painted canvas is then restyled). */
  resized(): void;
}

export class LadderCanvas implements CanvasSlot {
  element: HTMLCanvasElement;
  private transferred = false;
  private size = { width: 0, height: 0, ratio: 1 };
  private readonly observer: ResizeObserver | null;
  private readonly stopRatio: () => void;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: LadderCanvasOptions,
  ) {
    this.element = this.make();
    host.append(this.element);
    this.observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => this.measure(entries[entries.length - 1]?.contentRect));
    this.observer?.observe(host);
    this.stopRatio = watchRatio(() => this.measure());
  }

  /** The element for the worker: the current one, or a new one in its place once that was handed to a worker. */
  canvas(): OffscreenCanvas {
    if (this.transferred) this.replace();
    this.transferred = true;
    return this.element.transferControlToOffscreen();
  }

  /** A canvas the page paints itself, in place of one handed to a worker (when handing it over failed). */
  fresh(): HTMLCanvasElement {
    if (this.transferred) this.replace();
    return this.element;
  }

  look(): LadderLook {
    return this.options.look(this.size);
  }

  dispose(): void {
    this.observer?.disconnect();
    this.stopRatio();
    this.element.remove();
  }

  private make(): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    const { side, label, describedBy } = this.options;
    canvas.className = `book-canvas ${side}s`;
    canvas.dataset.side = side;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    canvas.setAttribute('aria-describedby', describedBy);
    return canvas;
  }

  private replace(): void {
    const next = this.make();
    if (this.element.dataset.pixels) next.dataset.pixels = this.element.dataset.pixels;
    this.element.replaceWith(next);
    this.element = next;
    this.transferred = false;
  }

  private measure(box?: { width: number; height: number }): void {
    const rect = box ?? this.host.getBoundingClientRect();
    const size = {
      width: Math.max(0, Math.round(rect.width)),
      height: Math.max(0, Math.round(rect.height)),
      ratio: window.devicePixelRatio || 1,
    };
    const { width, height, ratio } = this.size;
    if (size.width === width && size.height === height && size.ratio === ratio) return;
    this.size = size;
    // For tests and tools: the bitmap asked for (a transferred canvas's own width stays what it was).
    this.element.dataset.pixels = `${Math.round(size.width * size.ratio)}x${Math.round(size.height * size.ratio)}`;
    this.options.resized();
  }
}
