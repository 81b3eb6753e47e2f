// The recent-trades tape on canvas (spec trading §4: at most 100, newest first): time, price coloured by side, amount.
// Each row's numbers are kept, so a frame formats and repaints only the rows that changed.
import { TRADE_COLUMN, TRADE_COLUMNS } from '../../workers/api.ts';
import { RowMemo } from '../../workers/paint/index.ts';
import { formatBookAmount } from '../format/book.ts';
import { formatClock } from '../format/intl.ts';
import { formatPrice } from '../format/price.ts';
import type { SurfaceSize } from './surface.ts';

export const TAPE_ROW_HEIGHT = 20;
/** spec trading §4 / §9: the trades list keeps at most 100 entries. */
export const TRADE_CAP = 100;

export interface TapeRow {
  time: string;
  price: string;
  amount: string;
  side: 'buy' | 'sell';
}

/** Trade `index` of `[price, side, volume, time]` rows; side 1 is a buy (spec trading §4). */
export function formatTrade(trades: Float64Array, index: number, priceScale: number, amountScale: number): TapeRow {
  const at = index * TRADE_COLUMNS;
  return {
    // Plain digits (no grouping, no collapsed zeros): this runs per repainted row of every frame (issue 19).
    price: formatPrice(trades[at + TRADE_COLUMN.price] ?? 0, priceScale),
    side: trades[at + TRADE_COLUMN.side] === 2 ? 'sell' : 'buy',
    amount: formatBookAmount(trades[at + TRADE_COLUMN.volume] ?? 0, amountScale),
    time: formatClock(trades[at + TRADE_COLUMN.time] ?? 0),
  };
}

/** How many trades a snapshot holds, capped at {@link TRADE_CAP}. */
export function tradeCount(trades: Float64Array | undefined): number {
  return trades ? Math.min(TRADE_CAP, Math.floor(trades.length / TRADE_COLUMNS)) : 0;
}

export class TapePainter {
  private readonly memo = new RowMemo();

  paint(
    ctx: CanvasRenderingContext2D,
    size: SurfaceSize,
    input: {
      trades: Float64Array | undefined;
      priceScale: number;
      amountScale: number;
      colors: { up: string; down: string; text: string; muted: string };
      font: string;
    },
    full: boolean,
  ): void {
    const rows = Math.floor(size.height / TAPE_ROW_HEIGHT);
    const stale = this.memo.reset(rows, TRADE_COLUMNS, `${input.priceScale}|${input.amountScale}`, full);
    if (stale) ctx.clearRect(0, 0, size.width, size.height);
    const n = Math.min(rows, tradeCount(input.trades));
    ctx.font = input.font;
    ctx.textBaseline = 'middle';
    const pad = 8;
    for (let i = 0; i < rows; i++) {
      const top = i * TAPE_ROW_HEIGHT;
      if (i >= n || !input.trades) {
        if (this.memo.clear(i)) ctx.clearRect(0, top, size.width, TAPE_ROW_HEIGHT);
        continue;
      }
      const at = i * TRADE_COLUMNS;
      if (this.memo.same(i, input.trades.subarray(at, at + TRADE_COLUMNS))) continue;
      const row = formatTrade(input.trades, i, input.priceScale, input.amountScale);
      ctx.clearRect(0, top, size.width, TAPE_ROW_HEIGHT);
      const y = top + TAPE_ROW_HEIGHT / 2;
      ctx.textAlign = 'left';
      ctx.fillStyle = row.side === 'buy' ? input.colors.up : input.colors.down;
      ctx.fillText(row.price, pad, y);
      ctx.textAlign = 'right';
      ctx.fillStyle = input.colors.text;
      ctx.fillText(row.amount, size.width * 0.68, y);
      ctx.fillStyle = input.colors.muted;
      ctx.fillText(row.time, size.width - pad, y);
    }
  }
}
