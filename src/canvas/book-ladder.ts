// One side of the order book drawn on canvas (spec trading §3, §9): depth bar, price, amount, cumulative volume and
// value per level. Row text is cached per row so a frame repaints only the rows whose text or bar changed.
import { BOOK_COLUMNS } from '../../workers/api.ts';
import { formatBookAmount } from '../format/book.ts';
import { formatPrice } from '../format/price.ts';
import type { SurfaceSize } from './surface.ts';

export type LadderSide = 'ask' | 'bid';

export const ROW_HEIGHT = 20;

/** Rows that fit a height. */
export function rowsThatFit(height: number, rowHeight = ROW_HEIGHT): number {
  return Math.max(0, Math.floor(height / rowHeight));
}

/**
 * Top of the row showing level `index` (0 = best). Asks grow upwards from the bottom edge so the best ask meets the
 * spread; bids grow downwards from the top.
 */
export function rowTop(
  side: LadderSide,
  index: number,
  rows: number,
  rowHeight = ROW_HEIGHT,
  height = rows * rowHeight,
): number {
  return side === 'ask' ? height - (index + 1) * rowHeight : index * rowHeight;
}

/** The level under a y (CSS pixels), or -1. */
export function levelAt(
  side: LadderSide,
  y: number,
  levels: number,
  rowHeight = ROW_HEIGHT,
  height = levels * rowHeight,
): number {
  const index = side === 'ask' ? Math.floor((height - y) / rowHeight) : Math.floor(y / rowHeight);
  return index >= 0 && index < levels ? index : -1;
}

/** Depth bar width: the level's cumulative volume against the deepest shown on either side. */
export function barWidth(cumVolume: number, maxCumVolume: number, width: number): number {
  if (!(maxCumVolume > 0) || !(cumVolume > 0)) return 0;
  return Math.round(Math.min(1, cumVolume / maxCumVolume) * width);
}

export interface LadderRow {
  price: string;
  amount: string;
  total: string;
  value: string;
}

/** The text of level `index` of a side (`[price, volume, cumVolume, value]` per level). */
export function formatLevel(side: Float64Array, index: number, priceScale: number, amountScale: number): LadderRow {
  const at = index * BOOK_COLUMNS;
  const price = side[at] ?? 0;
  const volume = side[at + 1] ?? 0;
  const cum = side[at + 2] ?? 0;
  const value = side[at + 3] ?? 0;
  return {
    price: formatPrice(price, priceScale),
    amount: formatBookAmount(volume, amountScale),
    total: formatBookAmount(cum, amountScale),
    value: formatBookAmount(value, 2),
  };
}

/** The deepest cumulative volume of the first `levels` of a side. */
export function maxCumulative(side: Float64Array | undefined, levels: number): number {
  if (!side) return 0;
  const n = Math.min(levels, side.length / BOOK_COLUMNS);
  return n > 0 ? (side[(n - 1) * BOOK_COLUMNS + 2] ?? 0) : 0;
}

export interface LadderColors {
  up: string;
  down: string;
  text: string;
  muted: string;
  upBar: string;
  downBar: string;
  mark: string;
}

export interface LadderInput {
  side: LadderSide;
  levels: Float64Array | undefined;
  priceScale: number;
  amountScale: number;
  /** The scale the bars are drawn against (both sides share it). */
  maxCum: number;
  colors: LadderColors;
  font: string;
  /** Price of the level under the pointer, highlighted; NaN for none. */
  hover: number;
}

/** Column right edges as fractions of the width: price (left aligned), amount, total, value. */
const COLUMNS = [0.3, 0.52, 0.76, 1] as const;

/** Draws a side, repainting only rows whose key changed since the cache was filled (all when `full`). */
export class LadderPainter {
  private keys: string[] = [];

  paint(ctx: CanvasRenderingContext2D, size: SurfaceSize, input: LadderInput, full: boolean): void {
    const rows = rowsThatFit(size.height);
    if (full || this.keys.length !== rows) this.keys = new Array<string>(rows).fill('');
    const n = input.levels ? Math.min(rows, input.levels.length / BOOK_COLUMNS) : 0;
    const pad = 8;
    const inner = size.width - pad * 2;
    ctx.font = input.font;
    ctx.textBaseline = 'middle';
    for (let i = 0; i < rows; i++) {
      const top = rowTop(input.side, i, rows, ROW_HEIGHT, size.height);
      if (i >= n || !input.levels) {
        if (this.keys[i] !== '') {
          ctx.clearRect(0, top, size.width, ROW_HEIGHT);
          this.keys[i] = '';
        }
        continue;
      }
      const at = i * BOOK_COLUMNS;
      const price = input.levels[at] ?? 0;
      const row = formatLevel(input.levels, i, input.priceScale, input.amountScale);
      const bar = barWidth(input.levels[at + 2] ?? 0, input.maxCum, size.width);
      const hovered = price === input.hover;
      const key = `${row.price}|${row.amount}|${row.total}|${row.value}|${bar}|${hovered ? 1 : 0}`;
      if (key === this.keys[i]) continue;
      this.keys[i] = key;
      ctx.clearRect(0, top, size.width, ROW_HEIGHT);
      const colors = input.colors;
      if (hovered) {
        ctx.fillStyle = colors.mark;
        ctx.fillRect(0, top, size.width, ROW_HEIGHT);
      }
      ctx.fillStyle = input.side === 'ask' ? colors.downBar : colors.upBar;
      ctx.fillRect(size.width - bar, top + 1, bar, ROW_HEIGHT - 2);
      const y = top + ROW_HEIGHT / 2;
      ctx.textAlign = 'left';
      ctx.fillStyle = input.side === 'ask' ? colors.down : colors.up;
      ctx.fillText(row.price, pad, y);
      ctx.textAlign = 'right';
      ctx.fillStyle = colors.text;
      ctx.fillText(row.amount, pad + inner * COLUMNS[1], y);
      ctx.fillText(row.total, pad + inner * COLUMNS[2], y);
      ctx.fillStyle = colors.muted;
      ctx.fillText(row.value, pad + inner * COLUMNS[3], y);
    }
  }
}
