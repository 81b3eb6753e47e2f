// The depth chart on canvas. (Candles are drawn by lightweight-charts: src/features/trade/chart/candle-chart.ts.)
import { BOOK_COLUMN, BOOK_COLUMNS } from '../../workers/api.ts';
import { formatPrice } from '../format/price.ts';
import type { SurfaceSize } from './surface.ts';

export interface ChartColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  grid: string;
  upFill: string;
  downFill: string;
}

/**
 * Points of a depth curve: `[price, cumVolume]` per level, best first, from a book side. The x range spans both sides'
 * shown levels; the y range is the deeper side's total.
 */
export function depthExtent(
  bids: Float64Array,
  asks: Float64Array,
): { minPrice: number; maxPrice: number; maxCum: number } | null {
  const nb = Math.floor(bids.length / BOOK_COLUMNS);
  const na = Math.floor(asks.length / BOOK_COLUMNS);
  if (nb === 0 && na === 0) return null;
  const minPrice = nb ? (bids[(nb - 1) * BOOK_COLUMNS] ?? 0) : (asks[0] ?? 0);
  const maxPrice = na ? (asks[(na - 1) * BOOK_COLUMNS] ?? 0) : (bids[0] ?? 0);
  const maxCum = Math.max(
    nb ? (bids[(nb - 1) * BOOK_COLUMNS + BOOK_COLUMN.cumVolume] ?? 0) : 0,
    na ? (asks[(na - 1) * BOOK_COLUMNS + BOOK_COLUMN.cumVolume] ?? 0) : 0,
  );
  return { minPrice, maxPrice, maxCum };
}

/** Draws the depth chart: bids as a stepped green area from the mid leftwards, asks red rightwards. */
export function paintDepth(
  ctx: CanvasRenderingContext2D,
  size: SurfaceSize,
  bids: Float64Array | undefined,
  asks: Float64Array | undefined,
  priceScale: number,
  colors: ChartColors,
  font: string,
): void {
  ctx.clearRect(0, 0, size.width, size.height);
  if (!bids || !asks) return;
  const extent = depthExtent(bids, asks);
  if (!extent || !(extent.maxCum > 0) || extent.maxPrice <= extent.minPrice) return;
  const labelHeight = 18;
  const bottom = size.height - labelHeight;
  const x = (price: number) => ((price - extent.minPrice) / (extent.maxPrice - extent.minPrice)) * size.width;
  const y = (cum: number) => bottom - (cum / extent.maxCum) * (bottom - 8);
  const side = (levels: Float64Array, stroke: string, fill: string) => {
    const n = Math.floor(levels.length / BOOK_COLUMNS);
    if (n === 0) return;
    ctx.beginPath();
    ctx.moveTo(x(levels[0] ?? 0), bottom);
    let prevY = bottom;
    for (let i = 0; i < n; i++) {
      const px = x(levels[i * BOOK_COLUMNS] ?? 0);
      ctx.lineTo(px, prevY);
      prevY = y(levels[i * BOOK_COLUMNS + BOOK_COLUMN.cumVolume] ?? 0);
      ctx.lineTo(px, prevY);
    }
    ctx.lineTo(x(levels[(n - 1) * BOOK_COLUMNS] ?? 0), bottom);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = stroke;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  };
  side(bids, colors.up, colors.upFill);
  side(asks, colors.down, colors.downFill);
  ctx.font = font;
  ctx.fillStyle = colors.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(formatPrice(extent.minPrice, priceScale), 4, size.height - labelHeight / 2);
  ctx.textAlign = 'right';
  ctx.fillText(formatPrice(extent.maxPrice, priceScale), size.width - 4, size.height - labelHeight / 2);
  ctx.textAlign = 'center';
  const mid = ((bids[0] ?? 0) + (asks[0] ?? 0)) / 2;
  ctx.fillText(formatPrice(mid, priceScale), size.width / 2, size.height - labelHeight / 2);
}
