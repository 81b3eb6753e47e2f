// One side of the order book drawn on canvas (spec trading §3, §9): depth bar, price, amount, cumulative volume and
// value per level. Each row's numbers are kept, so a frame formats and repaints only the rows that changed, and
// formatted numbers are cached by value. (A depth-bar layer under the text, to repaint single cells, was measured and
// dropped: compositing the extra canvas cost more than the text it saved.)
import { formatBookAmount, formatPrice } from '../../common/format/numbers.ts';
import { BOOK_COLUMN, BOOK_COLUMNS, type LadderColors, type LadderSide, OWN_COLUMNS } from '../api.ts';
import type { Paint2D, PaintSize } from './context.ts';
import { RowMemo } from './row-memo.ts';

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

/** The price of the level drawn `y` CSS pixels from the top of a side `height` high; NaN when there is none. */
export function priceAtY(side: LadderSide, levels: Float64Array | undefined, height: number, y: number): number {
  if (!levels || !Number.isFinite(y)) return Number.NaN;
  const count = Math.min(rowsThatFit(height), levels.length / BOOK_COLUMNS);
  const index = levelAt(side, y, count, ROW_HEIGHT, height);
  return index < 0 ? Number.NaN : (levels[index * BOOK_COLUMNS + BOOK_COLUMN.price] ?? Number.NaN);
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

/** The text of level `index` of a side (workers/api.ts BOOK_COLUMN per level). */
export function formatLevel(side: Float64Array, index: number, priceScale: number, amountScale: number): LadderRow {
  const at = index * BOOK_COLUMNS;
  const price = side[at + BOOK_COLUMN.price] ?? 0;
  const volume = side[at + BOOK_COLUMN.volume] ?? 0;
  const cum = side[at + BOOK_COLUMN.cumVolume] ?? 0;
  const value = side[at + BOOK_COLUMN.value] ?? 0;
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
  return n > 0 ? (side[(n - 1) * BOOK_COLUMNS + BOOK_COLUMN.cumVolume] ?? 0) : 0;
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
  /**
   * The user's resting volume per level of `levels` (the snapshot's own-order column, workers/api.ts OWN_COLUMNS);
   * a level with some is marked at the left edge. Empty or absent: nothing marked.
   */
  own?: Float64Array | undefined;
}

/** Whether level `index` holds some of the user's own volume. */
export function isOwnLevel(own: Float64Array | undefined, index: number): boolean {
  return own !== undefined && ((own[index * OWN_COLUMNS] as number | undefined) ?? 0) > 0;
}

/** Column right edges as fractions of the width: price (left aligned), amount, total, value. */
const COLUMNS = [0.3, 0.52, 0.76, 1] as const;
const PAD = 8;

/**
 * Formatted numbers by value for one scale: exact decimal formatting costs far more than a map lookup, and a ladder
 * shows the same prices and amounts frame after frame (a level moving a row keeps its text). Bounded: starts over
 * past `limit` entries or on a new scale. The text is the formatter's, so byte for byte what it returns.
 */
export class FormatCache {
  private readonly map = new Map<number, string>();
  private scale = Number.NaN;

  constructor(
    private readonly format: (value: number, scale: number) => string,
    private readonly limit = 4096,
  ) {}

  get(value: number, scale: number): string {
    if (scale !== this.scale) {
      this.map.clear();
      this.scale = scale;
    }
    // A map does not tell -0 from 0, the formatter may.
    if (value === 0 && Object.is(value, -0)) return this.format(value, scale);
    let text = this.map.get(value);
    if (text === undefined) {
      if (this.map.size >= this.limit) this.map.clear();
      text = this.format(value, scale);
      this.map.set(value, text);
    }
    return text;
  }

  get size(): number {
    return this.map.size;
  }
}

const VALUE_SCALE = 2;
/** Per row in the scratch: price, volume, cumulative volume, value, own order, bar width, hovered. */
const SCRATCH = 7;
/** Text cells: the own-order mark, price, amount, total, value (scratch columns 4, 0, 1, 2, 3). */
const CELLS = 5;

/** Column geometry of a width, in whole CSS pixels: text anchors and the widest text each cell may draw. */
function layout(width: number) {
  const inner = width - PAD * 2;
  const right = COLUMNS.map((f) => Math.round(PAD + inner * f));
  const priceEnd = right[0] as number;
  const amountAt = right[1] as number;
  const totalAt = right[2] as number;
  const valueAt = right[3] as number;
  const anchors = [0, PAD, amountAt, totalAt, valueAt];
  const maxWidths = [
    0,
    Math.max(1, priceEnd - PAD - 2),
    Math.max(1, amountAt - priceEnd - 2),
    Math.max(1, totalAt - (amountAt + 2) - 2),
    Math.max(1, valueAt - (totalAt + 2) - 2),
  ];
  return { width, anchors, maxWidths };
}

/** Draws a side: a row with any change is cleared and drawn whole (all rows when `full`). */
export class LadderPainter {
  /** Per text cell: the number it shows (NaN: nothing). */
  private readonly memo = new RowMemo();
  /** Per row: bar width and hovered. */
  private readonly barMemo = new RowMemo();
  /** Per text cell: the text it shows, so a number that formats as before is not drawn again. */
  private texts: string[] = [];
  private scratch = new Float64Array(0);
  private geometry = layout(0);
  // Plain digits, not formatPriceText: grouping and collapsed zeros would add Intl work and wider, uneven text widths
  // to every repainted level, and the ladder's columns line up by digit count (issue 19 items 7 and 9).
  private readonly prices = new FormatCache(formatPrice);
  private readonly amounts = new FormatCache(formatBookAmount);
  private readonly values = new FormatCache(formatBookAmount);

  /** Returns whether anything on the canvas changed (a paint that found every row as drawn changes nothing). */
  paint(ctx: Paint2D, size: PaintSize, input: LadderInput, full: boolean): boolean {
    const rows = rowsThatFit(size.height);
    const width = size.width;
    if (this.geometry.width !== width) this.geometry = layout(width);
    // The text depends on the numbers and the scales only.
    const settings = `${input.priceScale}|${input.amountScale}|${width}`;
    const stale = this.memo.reset(rows, CELLS, settings, full);
    if (stale) ctx.clearRect(0, 0, width, size.height);
    if (this.barMemo.reset(rows, 2, settings, full)) ctx.clearRect(0, 0, width, size.height);
    let changed = full || stale;
    if (this.texts.length !== rows * CELLS || full || stale) this.texts = new Array<string>(rows * CELLS).fill('');
    if (this.scratch.length !== rows * SCRATCH) this.scratch = new Float64Array(rows * SCRATCH);

    const levels = input.levels;
    const n = levels ? Math.min(rows, Math.floor(levels.length / BOOK_COLUMNS)) : 0;
    const scratch = this.scratch;
    for (let i = 0; i < n; i++) {
      const at = i * BOOK_COLUMNS;
      const s = i * SCRATCH;
      const price = (levels as Float64Array)[at + BOOK_COLUMN.price] ?? 0;
      scratch[s] = price;
      scratch[s + 1] = (levels as Float64Array)[at + BOOK_COLUMN.volume] ?? 0;
      scratch[s + 2] = (levels as Float64Array)[at + BOOK_COLUMN.cumVolume] ?? 0;
      scratch[s + 3] = (levels as Float64Array)[at + BOOK_COLUMN.value] ?? 0;
      scratch[s + 4] = isOwnLevel(input.own, i) ? 1 : 0;
      scratch[s + 5] = barWidth(scratch[s + 2] as number, input.maxCum, width);
      scratch[s + 6] = price === input.hover ? 1 : 0;
    }
    // Rows with no level any more.
    for (let i = n; i < rows; i++) {
      const top = rowTop(input.side, i, rows, ROW_HEIGHT, size.height);
      const hadText = this.memo.clear(i);
      if (this.barMemo.clear(i) || hadText) {
        ctx.clearRect(0, top, width, ROW_HEIGHT);
        changed = true;
      }
      this.texts.fill('', i * CELLS, (i + 1) * CELLS);
    }

    // A row with any change is cleared and its bar drawn; then its cells' text over it.
    for (let i = 0; i < n; i++) {
      const s = i * SCRATCH;
      let same = this.barMemo.sameCell(i, 0, scratch[s + 5] as number);
      same = this.barMemo.sameCell(i, 1, scratch[s + 6] as number) && same;
      for (let c = 0; c < CELLS && same; c++)
        same = this.memo.sameCell(i, c, scratch[s + (SOURCE[c] as number)] as number);
      if (same) continue;
      changed = true;
      this.memo.forget(i);
      this.texts.fill('', i * CELLS, (i + 1) * CELLS);
      const top = rowTop(input.side, i, rows, ROW_HEIGHT, size.height);
      ctx.clearRect(0, top, width, ROW_HEIGHT);
      this.drawBar(ctx, input, width, top, scratch[s + 5] as number, scratch[s + 6] === 1);
    }
    ctx.font = input.font;
    ctx.textBaseline = 'middle';
    this.paintText(ctx, size, input, rows, n);
    return changed;
  }

  private drawBar(ctx: Paint2D, input: LadderInput, width: number, top: number, bar: number, hovered: boolean) {
    if (hovered) {
      ctx.fillStyle = input.colors.mark;
      ctx.fillRect(0, top, width, ROW_HEIGHT);
    }
    if (bar > 0) {
      ctx.fillStyle = input.side === 'ask' ? input.colors.downBar : input.colors.upBar;
      ctx.fillRect(width - bar, top + 1, bar, ROW_HEIGHT - 2);
    }
  }

  /** Column by column, so the alignment and colour are set once per column. */
  private paintText(ctx: Paint2D, size: PaintSize, input: LadderInput, rows: number, n: number) {
    const scratch = this.scratch;
    const texts = this.texts;
    const { anchors, maxWidths } = this.geometry;
    const sideColor = input.side === 'ask' ? input.colors.down : input.colors.up;
    for (let c = 0; c < CELLS; c++) {
      const source = SOURCE[c] as number;
      const anchor = anchors[c] as number;
      const maxWidth = maxWidths[c] as number;
      let styled = false;
      for (let i = 0; i < n; i++) {
        const value = scratch[i * SCRATCH + source] as number;
        if (this.memo.sameCell(i, c, value)) continue;
        const text = c === 0 ? (value === 1 ? '▸' : '') : this.format(c, value, input);
        const k = i * CELLS + c;
        if (texts[k] === text) continue;
        texts[k] = text;
        if (text === '') continue;
        const top = rowTop(input.side, i, rows, ROW_HEIGHT, size.height);
        if (!styled) {
          styled = true;
          ctx.fillStyle = c <= 1 ? sideColor : c === 4 ? input.colors.muted : input.colors.text;
          ctx.textAlign = c <= 1 ? 'left' : 'right';
        }
        const y = top + ROW_HEIGHT / 2;
        if (c === 0) {
          // A small triangle before the price: one of the user's orders rests here.
          ctx.beginPath();
          ctx.moveTo(1, y - 4);
          ctx.lineTo(5, y);
          ctx.lineTo(1, y + 4);
          ctx.fill();
        } else {
          ctx.fillText(text, anchor, y, maxWidth);
        }
      }
    }
  }

  private format(cell: number, value: number, input: LadderInput): string {
    if (cell === 1) return this.prices.get(value, input.priceScale);
    if (cell === 4) return this.values.get(value, VALUE_SCALE);
    return this.amounts.get(value, input.amountScale);
  }
}

/** Scratch column of each text cell: own mark, price, amount, total, value. */
const SOURCE = [4, 0, 1, 2, 3] as const;
