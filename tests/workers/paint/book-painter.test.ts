import { describe, expect, it } from 'vitest';
import type { LadderLook } from '../../../workers/api.ts';
import { BookPainter, ROW_HEIGHT } from '../../../workers/paint/index.ts';
import { look as baseLook, bookSnapshot, fakeCanvas, side } from './recorder.ts';

const look = (extra: Partial<LadderLook> = {}): LadderLook =>
  baseLook({ width: 236, height: ROW_HEIGHT * 5, ratio: 2, ...extra });
const book = bookSnapshot;

function setup() {
  let now = 1000;
  const painter = new BookPainter(() => now);
  const ask = fakeCanvas();
  const bid = fakeCanvas();
  painter.attach('ask', ask, look());
  painter.attach('bid', bid, look());
  return { painter, ask, bid, tick: (ms: number) => (now += ms) };
}

/** What the painter says it drew. */
const drawnOf = (painter: BookPainter) => painter.stats();

describe('BookPainter: the order book drawn in the worker', () => {
  it('sizes each canvas to its box at the device ratio and draws in CSS pixels', () => {
    const { ask } = setup();
    expect([ask.width, ask.height]).toEqual([472, 200]);
    const painter = new BookPainter();
    const canvas = fakeCanvas();
    painter.attach('bid', canvas, look());
    painter.draw(book(side([100, 1]), side([101, 1])));
    expect(canvas.ctx.ops('setTransform')[0]?.args).toEqual([2, 0, 0, 2, 0, 0]);
    expect(canvas.ctx.texts()).toContain('100.00');
  });

  it('draws a side only where it changed, and counts the paints that changed a canvas', () => {
    const { painter, ask, bid, tick } = setup();
    painter.draw(book(side([100, 1]), side([101, 1]), 1));
    expect(bid.ctx.texts()).toEqual(['100.00', '1.0000', '1.0000', '100.00']);
    expect(ask.ctx.texts()).toEqual(['101.00', '1.0000', '1.0000', '101.00']);
    bid.ctx.reset();
    ask.ctx.reset();
    tick(16);
    // Only the best bid moved (the bars' scale, the deeper side's total, stays).
    painter.draw(book(side([99.5, 1]), side([101, 1]), 2));
    expect(bid.ctx.texts()).toEqual(['99.50', '1.0000', '1.0000', '99.50']);
    expect(ask.ctx.ops('fillText')).toHaveLength(0);
    expect(drawnOf(painter)).toEqual({ asks: 2, bids: 3, at: 1016, first: 1000, seq: 2 });
  });

  it('answers the price drawn under the pointer and highlights it as the book moves under a still pointer', () => {
    const { painter, bid } = setup();
    painter.draw(book(side([100, 1], [99, 2]), side([101, 1])));
    // The second bid row.
    expect(painter.priceAt('bid', ROW_HEIGHT * 1.5)).toBe(99);
    expect(painter.priceAt('bid', ROW_HEIGHT * 3.5)).toBeNaN();
    // The best ask sits at the bottom edge of the asks.
    expect(painter.priceAt('ask', ROW_HEIGHT * 4.5)).toBe(101);
    bid.ctx.reset();
    painter.point('bid', ROW_HEIGHT * 0.5);
    expect(bid.ctx.ops('fillRect').map((c) => c.fillStyle)).toContain('H');
    // A new best bid comes in above: the pointer now rests on it.
    bid.ctx.reset();
    painter.draw(book(side([100.5, 1], [100, 1], [99, 2]), side([101, 1])));
    expect(painter.priceAt('bid', ROW_HEIGHT * 0.5)).toBe(100.5);
    const hovered = bid.ctx.ops('fillRect').filter((c) => c.fillStyle === 'H');
    expect(hovered.map((c) => c.args[1])).toEqual([0]);
    painter.point('bid', Number.NaN);
    expect(painter.priceAt('bid', Number.NaN)).toBeNaN();
  });

  it('clears the last view at once when another is shown, and draws the new one whole', () => {
    const { painter, bid } = setup();
    painter.draw(book(side([100, 1]), side([101, 1])));
    bid.ctx.reset();
    painter.reset();
    expect(bid.ctx.ops('clearRect')[0]?.args).toEqual([0, 0, 236, 100]);
    expect(bid.ctx.ops('fillText')).toHaveLength(0);
    expect(painter.priceAt('bid', 5)).toBeNaN();
    bid.ctx.reset();
    painter.draw(book(side([50, 1]), side([51, 1])));
    expect(bid.ctx.texts()).toEqual(['50.00', '1.0000', '1.0000', '50.00']);
  });

  it('restyles: a new size resizes the bitmap, new scales redraw every number', () => {
    const { painter, bid } = setup();
    painter.draw(book(side([100, 1]), side([101, 1])));
    painter.restyle('bid', look({ width: 300, ratio: 1 }));
    expect([bid.width, bid.height]).toEqual([300, 100]);
    bid.ctx.reset();
    painter.restyle('bid', look({ width: 300, ratio: 1, priceScale: 0 }));
    expect(bid.ctx.texts()[0]).toBe('100');
    // Restyled with a new view: drawn with it, not before.
    bid.ctx.reset();
    painter.restyle('bid', look({ width: 300, ratio: 1, priceScale: 1 }), false);
    expect(bid.ctx.calls).toHaveLength(0);
  });

  it('lets a side go: nothing is drawn on it after', () => {
    const { painter, ask } = setup();
    painter.detach('ask');
    ask.ctx.reset();
    painter.draw(book(side([100, 1]), side([101, 1])));
    expect(ask.ctx.calls).toHaveLength(0);
    expect(painter.priceAt('ask', 5)).toBeNaN();
  });

  it('refuses a canvas without a 2d context, so the page paints instead', () => {
    const painter = new BookPainter();
    expect(() => painter.attach('bid', { width: 0, height: 0, getContext: () => null }, look())).toThrow(/2d/);
    expect(painter.priceAt('bid', 5)).toBeNaN();
  });
});
