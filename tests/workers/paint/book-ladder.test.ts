import { describe, expect, it } from 'vitest';
import { formatBookAmount, formatPrice } from '../../../common/format/numbers.ts';
import {
  barWidth,
  FormatCache,
  formatLevel,
  type LadderInput,
  LadderPainter,
  levelAt,
  maxCumulative,
  ROW_HEIGHT,
  rowsThatFit,
  rowTop,
} from '../../../workers/paint/book-ladder.ts';
import type { PaintSize } from '../../../workers/paint/context.ts';
import { recorder, side } from './recorder.ts';

const SIZE: PaintSize = { width: 236, height: 100 };
const input = (levels: Float64Array, extra: Partial<LadderInput> = {}): LadderInput => ({
  side: 'bid',
  levels,
  priceScale: 2,
  amountScale: 5,
  maxCum: 10,
  colors: { up: 'U', down: 'D', text: 'T', muted: 'M', upBar: 'UB', downBar: 'DB', mark: 'H' },
  font: '12px sans-serif',
  hover: Number.NaN,
  ...extra,
});

describe('FormatCache', () => {
  it('returns what the formatter returns, byte for byte, across scales', () => {
    const prices = new FormatCache(formatPrice, 8);
    const amounts = new FormatCache(formatBookAmount, 8);
    const values = [0, -0, 1.005, 95000.129, 12345.6, 0.123456, 999.9999, 1e21, Number.NaN, -1.239];
    for (const scale of [2, 0, 5, 2]) {
      for (let round = 0; round < 3; round++) {
        for (const v of values) {
          expect(prices.get(v, scale)).toBe(formatPrice(v, scale));
          expect(amounts.get(v, scale)).toBe(formatBookAmount(v, scale));
        }
      }
    }
  });
  it('stays bounded', () => {
    const cache = new FormatCache(formatPrice, 4);
    for (let i = 0; i < 100; i++) cache.get(i, 2);
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});

describe('LadderPainter', () => {
  it('draws every row first, then only the rows that changed', () => {
    const painter = new LadderPainter();
    const ctx = recorder();
    painter.paint(ctx, SIZE, input(side([100, 1], [99, 2], [98, 3])), true);
    expect(ctx.texts()).toHaveLength(12);
    expect(ctx.ops('fillRect')).toHaveLength(3);
    ctx.reset();
    // Same book: nothing drawn.
    painter.paint(ctx, SIZE, input(side([100, 1], [99, 2], [98, 3])), false);
    expect(ctx.calls).toHaveLength(0);
    // The best level's volume changes: its amount, its value and every total below, with every bar.
    painter.paint(ctx, SIZE, input(side([100, 1.5], [99, 2], [98, 3])), false);
    expect(ctx.ops('clearRect')).toHaveLength(3);
    expect(ctx.ops('fillRect')).toHaveLength(3);
    expect(ctx.texts()).toHaveLength(12);
  });

  it('highlights the hovered row under its text', () => {
    const painter = new LadderPainter();
    const ctx = recorder();
    const levels = side([100, 1], [99, 2]);
    painter.paint(ctx, SIZE, input(levels), true);
    ctx.reset();
    painter.paint(ctx, SIZE, input(levels, { hover: 99 }), false);
    expect(ctx.ops('fillRect').map((c) => c.fillStyle)).toEqual(['H', 'UB']);
    expect(ctx.ops('fillRect')[0]?.args).toEqual([0, 20, 236, 20]);
    expect(ctx.texts()).toEqual(['99.00', '2.00000', '3.00000', '198.00']);
  });

  it('marks own levels with a triangle at the left edge and clears it when the order goes', () => {
    const painter = new LadderPainter();
    const ctx = recorder();
    const levels = side([100, 1], [99, 2]);
    // The worker's own-order column: the user rests 0.5 at the second level (99).
    painter.paint(ctx, SIZE, input(levels, { own: new Float64Array([0, 0.5]) }), true);
    expect(ctx.ops('fill')).toHaveLength(1);
    expect(ctx.ops('moveTo')[0]?.args).toEqual([1, 26]);
    expect(ctx.ops('fill')[0]?.fillStyle).toBe('U');
    ctx.reset();
    painter.paint(ctx, SIZE, input(levels, { own: new Float64Array(0) }), false);
    expect(ctx.ops('fill')).toHaveLength(0);
    expect(ctx.ops('clearRect').map((c) => c.args)).toEqual([[0, 20, 236, 20]]);
  });

  it('clears rows whose level went, and repaints all after a scale change', () => {
    const painter = new LadderPainter();
    const ctx = recorder();
    painter.paint(ctx, SIZE, input(side([100, 1], [99, 2])), true);
    ctx.reset();
    painter.paint(ctx, SIZE, input(side([100, 1])), false);
    expect(ctx.ops('clearRect').map((c) => c.args)).toEqual([[0, 20, 236, 20]]);
    ctx.reset();
    painter.paint(ctx, SIZE, input(side([100, 1]), { priceScale: 1 }), false);
    expect(ctx.texts()).toEqual(['100.0', '1.00000', '1.00000', '100.00']);
  });

  it('repaints a changed row whole', () => {
    const painter = new LadderPainter();
    const ctx = recorder();
    painter.paint(ctx, SIZE, input(side([100, 1], [99, 2])), true);
    expect(ctx.texts()).toHaveLength(8);
    expect(ctx.ops('fillRect')).toHaveLength(2);
    ctx.reset();
    painter.paint(ctx, SIZE, input(side([100, 1], [99, 3])), false);
    expect(ctx.texts()).toEqual(['99.00', '3.00000', '4.00000', '297.00']);
    expect(ctx.ops('clearRect').map((c) => c.args)).toEqual([[0, 20, 236, 20]]);
    expect(ctx.ops('fillRect')).toHaveLength(1);
  });
});

describe('book ladder layout', () => {
  it('fits whole rows', () => {
    expect(rowsThatFit(0)).toBe(0);
    expect(rowsThatFit(ROW_HEIGHT * 10 + 19)).toBe(10);
  });
  it('puts the best ask at the bottom and the best bid at the top', () => {
    const height = ROW_HEIGHT * 5;
    expect(rowTop('ask', 0, 5, ROW_HEIGHT, height)).toBe(height - ROW_HEIGHT);
    expect(rowTop('ask', 4, 5, ROW_HEIGHT, height)).toBe(0);
    expect(rowTop('bid', 0, 5, ROW_HEIGHT, height)).toBe(0);
    expect(rowTop('bid', 2, 5, ROW_HEIGHT, height)).toBe(2 * ROW_HEIGHT);
  });
  it('finds the level under a click, only among drawn levels', () => {
    const height = ROW_HEIGHT * 5;
    expect(levelAt('bid', 5, 3, ROW_HEIGHT, height)).toBe(0);
    expect(levelAt('bid', ROW_HEIGHT * 2 + 1, 3, ROW_HEIGHT, height)).toBe(2);
    expect(levelAt('bid', ROW_HEIGHT * 3 + 1, 3, ROW_HEIGHT, height)).toBe(-1);
    expect(levelAt('ask', height - 1, 3, ROW_HEIGHT, height)).toBe(0);
    expect(levelAt('ask', 1, 3, ROW_HEIGHT, height)).toBe(-1);
  });
  it('sizes depth bars by cumulative volume against the deepest shown', () => {
    expect(barWidth(5, 10, 200)).toBe(100);
    expect(barWidth(20, 10, 200)).toBe(200);
    expect(barWidth(0, 10, 200)).toBe(0);
    expect(barWidth(5, 0, 200)).toBe(0);
    const bids = side([100, 1], [99, 2], [98, 3]);
    expect(maxCumulative(bids, 2)).toBe(3);
    expect(maxCumulative(bids, 10)).toBe(6);
    expect(maxCumulative(undefined, 10)).toBe(0);
  });
  it('formats a level with the book amount rules (spec trading §9)', () => {
    const levels = side([95000.5, 0.123456], [94999, 12.5], [94998, 1234.5]);
    expect(formatLevel(levels, 0, 2, 5)).toEqual({
      price: '95000.50',
      amount: '0.12345',
      total: '0.12345',
      value: '11.72K',
    });
    // Under 1000: 3 decimals; at or above 1000: abbreviated with 2.
    expect(formatLevel(levels, 1, 2, 5).amount).toBe('12.500');
    expect(formatLevel(levels, 2, 2, 5).amount).toBe('1.23K');
    // A coin with fewer decimals keeps them.
    expect(formatLevel(levels, 0, 2, 2).amount).toBe('0.12');
  });
});
