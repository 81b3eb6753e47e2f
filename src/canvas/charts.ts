// Candle and depth charts on canvas. lightweight-charts is not installed in this tree, so the candles are drawn here:
// the last candles that fit, decimated to whole pixels, price axis on the right, volume below.
import { BOOK_COLUMNS, CANDLE_COLUMNS } from '../../workers/api.ts';
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

export const AXIS_WIDTH = 64;
export const BAR_SPACING = 8;
/** Share of the plot height given to volume bars. */
export const VOLUME_SHARE = 0.2;

/** The candles shown: the last ones that fit `width` at `spacing` px each, as [first, count]. */
export function visibleCandles(total: number, width: number, spacing = BAR_SPACING): [number, number] {
  const fit = Math.max(0, Math.floor(width / spacing));
  const count = Math.min(total, fit);
  return [total - count, count];
}

/** Low and high of candles [first, first + count), padded 5 % so wicks don't touch the edges; null when empty. */
export function priceRange(candles: Float64Array, first: number, count: number): [number, number] | null {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let i = first; i < first + count; i++) {
    const at = i * CANDLE_COLUMNS;
    low = Math.min(low, candles[at + 3] ?? low);
    high = Math.max(high, candles[at + 2] ?? high);
  }
  if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
  const pad = (high - low) * 0.05 || Math.abs(high) * 0.01 || 1;
  return [low - pad, high + pad];
}

/** Maps a price into [top, bottom] of a plot (higher prices higher up). */
export function priceY(price: number, range: [number, number], top: number, bottom: number): number {
  const [low, high] = range;
  return bottom - ((price - low) / (high - low)) * (bottom - top);
}

/** Moving averages drawn over the candles: MA7 and MA25 of the close. */
export const MA_PERIODS = [7, 25] as const;
const MA_COLORS = ['#f0b90b', '#c77dff'] as const;

/** Simple moving average of the closes, one value per candle; NaN until `period` candles are in. */
export function movingAverage(candles: Float64Array, period: number): Float64Array {
  const total = Math.floor(candles.length / CANDLE_COLUMNS);
  const out = new Float64Array(total).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < total; i++) {
    sum += candles[i * CANDLE_COLUMNS + 4] ?? 0;
    if (i >= period) sum -= candles[(i - period) * CANDLE_COLUMNS + 4] ?? 0;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** Draws the candles (`[openTime, open, high, low, close, volume]`, oldest first). */
export function paintCandles(
  ctx: CanvasRenderingContext2D,
  size: SurfaceSize,
  candles: Float64Array | undefined,
  priceScale: number,
  colors: ChartColors,
  font: string,
): void {
  ctx.clearRect(0, 0, size.width, size.height);
  const plotWidth = size.width - AXIS_WIDTH;
  const total = candles ? Math.floor(candles.length / CANDLE_COLUMNS) : 0;
  if (!candles || total === 0 || plotWidth <= 0) return;
  const [first, count] = visibleCandles(total, plotWidth);
  const range = priceRange(candles, first, count);
  if (!range) return;
  const top = 8;
  const priceBottom = size.height * (1 - VOLUME_SHARE) - 4;
  let maxVolume = 0;
  for (let i = first; i < first + count; i++) maxVolume = Math.max(maxVolume, candles[i * CANDLE_COLUMNS + 5] ?? 0);

  ctx.font = font;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  // Grid and axis labels: five steps of the price range.
  ctx.strokeStyle = colors.grid;
  ctx.lineWidth = 1;
  ctx.fillStyle = colors.muted;
  for (let s = 0; s <= 4; s++) {
    const price = range[0] + ((range[1] - range[0]) * s) / 4;
    const y = Math.round(priceY(price, range, top, priceBottom)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(plotWidth, y);
    ctx.stroke();
    ctx.fillText(formatPrice(price, priceScale), plotWidth + 6, y);
  }

  const body = Math.max(1, BAR_SPACING - 2);
  for (let k = 0; k < count; k++) {
    const at = (first + k) * CANDLE_COLUMNS;
    const open = candles[at + 1] ?? 0;
    const high = candles[at + 2] ?? 0;
    const low = candles[at + 3] ?? 0;
    const close = candles[at + 4] ?? 0;
    const volume = candles[at + 5] ?? 0;
    const x = plotWidth - (count - k) * BAR_SPACING + 1;
    const up = close >= open;
    ctx.fillStyle = up ? colors.up : colors.down;
    const mid = Math.round(x + body / 2) - 0.5;
    ctx.fillRect(
      mid,
      priceY(high, range, top, priceBottom),
      1,
      Math.max(1, priceY(low, range, top, priceBottom) - priceY(high, range, top, priceBottom)),
    );
    const yOpen = priceY(open, range, top, priceBottom);
    const yClose = priceY(close, range, top, priceBottom);
    ctx.fillRect(x, Math.min(yOpen, yClose), body, Math.max(1, Math.abs(yClose - yOpen)));
    if (maxVolume > 0) {
      const h = (volume / maxVolume) * (size.height * VOLUME_SHARE - 4);
      ctx.fillStyle = up ? colors.upFill : colors.downFill;
      ctx.fillRect(x, size.height - h, body, h);
    }
  }
  // Moving averages, clipped to the plot.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, top, plotWidth, priceBottom - top);
  ctx.clip();
  ctx.lineWidth = 1;
  MA_PERIODS.forEach((period, m) => {
    const ma = movingAverage(candles, period);
    ctx.strokeStyle = MA_COLORS[m] ?? colors.text;
    ctx.beginPath();
    let started = false;
    for (let k = 0; k < count; k++) {
      const v = ma[first + k] ?? Number.NaN;
      if (Number.isNaN(v)) continue;
      const px = plotWidth - (count - k) * BAR_SPACING + 1 + body / 2;
      const py = priceY(v, range, top, priceBottom);
      if (started) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      started = true;
    }
    ctx.stroke();
  });
  ctx.restore();
  ctx.textAlign = 'left';
  MA_PERIODS.forEach((period, m) => {
    const v = movingAverage(candles, period)[total - 1] ?? Number.NaN;
    ctx.fillStyle = MA_COLORS[m] ?? colors.text;
    ctx.fillText(`MA${period} ${Number.isNaN(v) ? '--' : formatPrice(v, priceScale)}`, 8 + m * 130, 10);
  });

  // The last price: a dashed line and its label on the axis.
  const last = candles[(total - 1) * CANDLE_COLUMNS + 4] ?? 0;
  const lastOpen = candles[(total - 1) * CANDLE_COLUMNS + 1] ?? 0;
  const y = Math.round(priceY(last, range, top, priceBottom)) + 0.5;
  const color = last >= lastOpen ? colors.up : colors.down;
  ctx.strokeStyle = color;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(0, y);
  ctx.lineTo(plotWidth, y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = color;
  ctx.fillRect(plotWidth, y - 9, AXIS_WIDTH, 18);
  ctx.fillStyle = '#ffffff';
  ctx.fillText(formatPrice(last, priceScale), plotWidth + 6, y);
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
    nb ? (bids[(nb - 1) * BOOK_COLUMNS + 2] ?? 0) : 0,
    na ? (asks[(na - 1) * BOOK_COLUMNS + 2] ?? 0) : 0,
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
      prevY = y(levels[i * BOOK_COLUMNS + 2] ?? 0);
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
