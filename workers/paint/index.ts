/**
 * Painters of the data plane's canvases. The page's paint worker draws book views on OffscreenCanvases the page hands
 * over (Painters, BookPainter), from the data worker's paint batches; the ladder and the row memo also paint on the
 * page where OffscreenCanvas is missing, and the memo serves the page's trade tape — the one module of workers/ the page
 * may import beside api.ts.
 */
export * from './book-ladder.ts';
export { BookPainter, isLive, type PaintCanvas } from './book-painter.ts';
export type { Paint2D, PaintSize } from './context.ts';
export { Painters } from './painters.ts';
export { RowMemo } from './row-memo.ts';
