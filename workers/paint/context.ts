/**
 * The part of a 2D canvas context the painters use: a worker's OffscreenCanvasRenderingContext2D and a page's
 * CanvasRenderingContext2D both have it, so one painter draws in either (and tests record it).
 */
export interface Paint2D {
  font: string;
  /** Written only: a colour. */
  fillStyle: unknown;
  textAlign: string;
  textBaseline: string;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  fill(): void;
}

/** A canvas's size in CSS pixels. */
export interface PaintSize {
  width: number;
  height: number;
}
