import { describe, expect, it } from 'vitest';
import { FormatCache, type LadderInput, LadderPainter } from '../../../src/canvas/book-ladder.ts';
import type { SurfaceSize } from '../../../src/canvas/surface.ts';
import { formatBookAmount } from '../../../src/format/book.ts';
import { formatPrice } from '../../../src/format/price.ts';

/** A 2D context that records the calls a painter makes (enough of it for LadderPainter). */
function recorder() {
  const calls: { op: string; args: unknown[]; fillStyle: string }[] = [];
  const ctx = {
    font: '',
    textBaseline: 'alphabetic',
    textAlign: 'start',
    fillStyle: '',
    calls,
    texts: () => calls.filter((c) => c.op === 'fillText').map((c) => c.args[0]),
    ops: (op: string) => calls.filter((c) => c.op === op),
    reset: () => {
      calls.length = 0;
    },
  } as Record<string, unknown>;
  for (const op of ['fillText', 'fillRect', 'clearRect', 'beginPath', 'moveTo', 'lineTo', 'fill']) {
    ctx[op] = (...args: unknown[]) => calls.push({ op, args, fillStyle: String(ctx.fillStyle) });
  }
  return ctx as unknown as CanvasRenderingContext2D & {
    calls: typeof calls;
    texts(): unknown[];
    ops(op: string): typeof calls;
    reset(): void;
  };
}

const side = (...levels: [number, number][]) => {
  const out: number[] = [];
  let cum = 0;
  for (const [p, v] of levels) {
    cum += v;
    out.push(p, v, cum, p * v);
  }
  return new Float64Array(out);
};

const SIZE: SurfaceSize = { width: 236, height: 100, ratio: 1 };
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
