import { describe, expect, it } from 'vitest';
import type { PaintBatch } from '../../../workers/api.ts';
import { Painters, ROW_HEIGHT } from '../../../workers/paint/index.ts';
import { PAINTED_EVERY_MS } from '../../../workers/publish/index.ts';
import { fakeCanvas, look } from '../paint/recorder.ts';
import { SYMBOL, settle, setup } from './plane-setup.ts';

const LOOK = look();
const BOOK = { kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 } as const;

/**
 * A page whose paint worker (Painters, in memory) takes the plane's paint batches, with painter 1 on two fake
 * canvases showing a book view (token 1) whose data has come.
 */
async function painted() {
  const s = setup();
  const api = s.page();
  const batches: PaintBatch[] = [];
  const painters = new Painters();
  api.paintTo((batch) => {
    batches.push(batch);
    painters.take(batch);
  });
  // Another view brings the book, so the painted one opens on data that is here.
  api.open(BOOK, false);
  await settle();
  s.feed.emit(`depth:${SYMBOL}`, s.model.snapshot());
  const bid = fakeCanvas();
  const ask = fakeCanvas();
  painters.paint(1, 'bid', bid as unknown as OffscreenCanvas, LOOK);
  painters.paint(1, 'ask', ask as unknown as OffscreenCanvas, LOOK);
  painters.show(1, 1, { bid: LOOK, ask: LOOK });
  bid.ctx.reset();
  const view = api.open(BOOK, true, { painter: 1, token: 1 });
  return { ...s, api, view, bid, ask, painters, batches };
}

describe('data plane: views the page paints', () => {
  it('sends a painted view to the paint worker at once, then at most once a tick with the latest book', async () => {
    const { bid, feed, model, scheduler, painters, batches } = await painted();
    expect(bid.ctx.texts()[0]).toBe('100.00');
    bid.ctx.reset();
    const sent = batches.length;
    for (let i = 0; i < 5; i++) feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + i]]));
    expect(batches).toHaveLength(sent);
    scheduler.advance(1000 / 60);
    expect(batches).toHaveLength(sent + 1);
    // One paint, with the last volume of the best bid.
    expect(bid.ctx.ops('setTransform')).toHaveLength(1);
    expect(bid.ctx.texts()).toContain('0.1004');
    expect(bid.ctx.texts()).not.toContain('0.1003');
    expect(painters.priceAt(1, 'bid', ROW_HEIGHT / 2)).toBe(100);
  });

  it('posts a painted view to the page at the text pace, every tick to the paint worker', async () => {
    const { feed, model, posts, scheduler, batches, view, painters } = await painted();
    const before = posts.length;
    const painted0 = batches.length;
    for (let t = 0; t < 500; t += 1000 / 60) {
      feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + t]]));
      scheduler.advance(1000 / 60);
    }
    const toPage = posts.slice(before).flatMap((p) => p.batch.views.filter((v) => v.id === view));
    expect(toPage.length).toBeGreaterThanOrEqual(4);
    expect(toPage.length).toBeLessThanOrEqual(500 / PAINTED_EVERY_MS + 1);
    expect(batches.length - painted0).toBeGreaterThan(25);
    expect(painters.drawn(1)?.bids).toBeGreaterThan(25);
  });

  it('posts a painted view to the page at once when its book changes state, not at its next turn', async () => {
    const { feed, model, posts, scheduler, view } = await painted();
    scheduler.advance(PAINTED_EVERY_MS);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(20);
    const before = posts.length;
    // A gap: the book is resyncing, and the page hears it at once; then live again, at once.
    feed.emit(`depth:${SYMBOL}`, { ...model.diff([[1, 10_000, 6]]), prevSeq: 1_000 });
    scheduler.advance(20);
    const states = () =>
      posts
        .slice(before)
        .flatMap((p) => p.batch.views.filter((v) => v.id === view).map((v) => v.snapshot.health.book?.status));
    expect(states()).toEqual(['resyncing']);
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    scheduler.advance(20);
    expect(states()).toEqual(['resyncing', 'live']);
  });

  it('sends nothing of a hidden view, and its latest book once it shows again', async () => {
    const { api, view, bid, feed, model, scheduler } = await painted();
    api.setVisible(view, false);
    bid.ctx.reset();
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 777]]));
    scheduler.advance(1000);
    expect(bid.ctx.calls).toHaveLength(0);
    api.setVisible(view, true);
    scheduler.advance(20);
    expect(bid.ctx.texts()).toContain('0.0777');
  });

  it('gives a painter to the view opened with it last; the one before goes back to the page every tick', async () => {
    const { api, view, bid, feed, model, posts, scheduler, painters } = await painted();
    painters.show(1, 2, { bid: { ...LOOK, priceScale: 0 } });
    bid.ctx.reset();
    api.open({ ...BOOK, groupTicks: 100 }, true, { painter: 1, token: 2 });
    // The grouped book (same data) drawn on the same canvas, whole, with the new scale.
    expect(bid.ctx.texts()[0]).toBe('100');
    const before = posts.length;
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(20);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 6]]));
    scheduler.advance(20);
    const ids = posts.slice(before).flatMap((p) => p.batch.views.map((v) => v.id));
    expect(ids.filter((id) => id === view).length).toBe(2);
  });

  it("keeps sending to a new paint port, from each view's latest book", async () => {
    const { api, bid, scheduler } = await painted();
    const again = new Painters();
    const canvas = fakeCanvas();
    again.paint(1, 'bid', canvas as unknown as OffscreenCanvas, LOOK);
    again.show(1, 1, { bid: LOOK });
    api.paintTo((batch) => again.take(batch));
    scheduler.advance(20);
    expect(canvas.ctx.texts()[0]).toBe('100.00');
    expect(bid.ctx.texts()).toContain('100.00');
  });
});
