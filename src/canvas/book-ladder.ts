// One side of the order book drawn on canvas (spec trading §3, §9): depth bar, price, amount, cumulative volume and
// value per level. Each row's numbers are kept, so a frame formats and repaints only the rows that changed.
import { BOOK_COLUMNS } from '../../workers/api.ts';
import { formatBookAmount } from '../format/book.ts';
import { formatPrice } from '../format/price.ts';
import { RowMemo } from './row-memo.ts';
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
  /** Levels holding one of the user's open orders, as integer ticks (price × `tickFactor`), marked at the left edge. */
  own?: ReadonlySet<number>;
  tickFactor?: number;
}

/** Whether a level's price is one of `own` (ticks). */
export function isOwnLevel(price: number, own: ReadonlySet<number> | undefined, tickFactor = 1): boolean {
  return own !== undefined && own.size > 0 && own.has(Math.round(price * tickFactor));
}

/** Column right edges as fractions of the width: price (left aligned), amount, total, value. */
const COLUMNS = [0.3, 0.52, 0.76, 1] as const;

/** Draws a side, formatting and repainting only rows whose numbers changed since the last paint (all when `full`). */
export class LadderPainter {
  private readonly memo = new RowMemo();
  /** price, volume, cumulative volume, value, bar width, hovered, own order. */
  private readonly row = new Float64Array(7);

  paint(ctx: CanvasRenderingContext2D, size: SurfaceSize, input: LadderInput, full: boolean): void {
    const rows = rowsThatFit(size.height);
    // The text depends on the numbers and the scales only.
    const stale = this.memo.reset(rows, this.row.length, `${input.priceScale}|${input.amountScale}`, full);
    if (stale) ctx.clearRect(0, 0, size.width, size.height);
    const n = input.levels ? Math.min(rows, input.levels.length / BOOK_COLUMNS) : 0;
    const pad = 8;
    const inner = size.width - pad * 2;
    ctx.font = input.font;
    ctx.textBaseline = 'middle';
    for (let i = 0; i < rows; i++) {
      const top = rowTop(input.side, i, rows, ROW_HEIGHT, size.height);
      if (i >= n || !input.levels) {
        if (this.memo.clear(i)) ctx.clearRect(0, top, size.width, ROW_HEIGHT);
        continue;
      }
      const at = i * BOOK_COLUMNS;
      const levels = input.levels;
      const price = levels[at] ?? 0;
      const bar = barWidth(levels[at + 2] ?? 0, input.maxCum, size.width);
      const hovered = price === input.hover;
      this.row.set(levels.subarray(at, at + BOOK_COLUMNS));
      this.row[4] = bar;
      this.row[5] = hovered ? 1 : 0;
      const own = isOwnLevel(price, input.own, input.tickFactor);
      this.row[6] = own ? 1 : 0;
      if (this.memo.same(i, this.row)) continue;
      const row = formatLevel(levels, i, input.priceScale, input.amountScale);
      ctx.clearRect(0, top, size.width, ROW_HEIGHT);
      const colors = input.colors;
      if (hovered) {
        ctx.fillStyle = colors.mark;
        ctx.fillRect(0, top, size.width, ROW_HEIGHT);
      }
      ctx.fillStyle = input.side === 'ask' ? colors.downBar : colors.upBar;
      ctx.fillRect(size.width - bar, top + 1, bar, ROW_HEIGHT - 2);
      const y = top + ROW_HEIGHT / 2;
      if (own) {
        // A small triangle before the price: one of the user's orders rests here.
        ctx.fillStyle = input.side === 'ask' ? colors.down : colors.up;
        ctx.beginPath();
        ctx.moveTo(1, y - 4);
        ctx.lineTo(5, y);
        ctx.lineTo(1, y + 4);
        ctx.fill();
      }
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
