import { describe, expect, it } from 'vitest';
import { Painters, ROW_HEIGHT } from '../../../workers/paint/index.ts';
import { bookSnapshot, fakeCanvas, look, side } from './recorder.ts';

const LOOK = look();
const book = (bestBid: number) => bookSnapshot(side([bestBid, 1]), side([bestBid + 1, 1]));

function setup() {
  const painters = new Painters();
  const canvas = fakeCanvas();
  painters.paint(1, 'bid', canvas as unknown as OffscreenCanvas, LOOK);
  painters.show(1, 1, { bid: LOOK });
  canvas.ctx.reset();
  return { painters, canvas };
}

describe("the paint worker's painters", () => {
  it('draws the snapshots of the showing the page asked for, and drops an older one', () => {
    const { painters, canvas } = setup();
    painters.take({ views: [{ painter: 1, token: 1, snapshot: book(100) }] });
    expect(canvas.ctx.texts()[0]).toBe('100.00');
    painters.show(1, 2, {});
    canvas.ctx.reset();
    // A late batch of the market shown before is not drawn over the new one.
    painters.take({ views: [{ painter: 1, token: 1, snapshot: book(100.5) }] });
    expect(canvas.ctx.texts()).toEqual([]);
    painters.take({ views: [{ painter: 1, token: 2, snapshot: book(50) }] });
    expect(canvas.ctx.texts()[0]).toBe('50.00');
  });

  it("holds a showing's snapshot that overtook the page's word of it, and draws it with the looks then told", () => {
    const { painters, canvas } = setup();
    painters.take({ views: [{ painter: 1, token: 2, snapshot: book(3000) }] });
    expect(canvas.ctx.texts()).toEqual([]);
    painters.show(1, 2, { bid: { ...LOOK, priceScale: 0 } });
    expect(canvas.ctx.texts()[0]).toBe('3000');
  });

  it('answers for the painters it knows only, and lets a painter go', () => {
    const { painters } = setup();
    painters.take({
      views: [
        { painter: 1, token: 1, snapshot: book(100) },
        { painter: 9, token: 1, snapshot: book(1) },
      ],
    });
    expect(painters.priceAt(1, 'bid', ROW_HEIGHT / 2)).toBe(100);
    expect(painters.drawn(1)?.bids).toBeGreaterThan(0);
    expect(painters.drawn(9)).toBeNull();
    painters.unpaint(1);
    expect(painters.drawn(1)).toBeNull();
    expect(painters.priceAt(1, 'bid', ROW_HEIGHT / 2)).toBeNaN();
  });
});
