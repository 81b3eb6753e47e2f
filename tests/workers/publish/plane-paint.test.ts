import { describe, expect, it } from 'vitest';
import type { LadderLook } from '../../../workers/api.ts';
import { ROW_HEIGHT } from '../../../workers/paint/index.ts';
import { PAINTED_EVERY_MS } from '../../../workers/publish/index.ts';
import { fakeCanvas } from '../paint/recorder.ts';
import { SYMBOL, settle, setup } from './plane-setup.ts';

const LOOK: LadderLook = {
  width: 200,
  height: ROW_HEIGHT * 3,
  ratio: 1,
  colors: { up: 'U', down: 'D', text: 'T', muted: 'M', upBar: 'UB', downBar: 'DB', mark: 'H' },
  font: '12px sans-serif',
  priceScale: 2,
  amountScale: 4,
};
const BOOK = { kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 } as const;

/** A page with one painter (number 1) on two fake canvases, showing a book view whose data has come. */
async function painted() {
  const s = setup();
  const api = s.page();
  // Another view brings the book, so the painted one opens on data that is here.
  api.open(BOOK, false);
  await settle();
  s.feed.emit(`depth:${SYMBOL}`, s.model.snapshot());
  const bid = fakeCanvas();
  const ask = fakeCanvas();
  api.paint(1, 'bid', bid as unknown as OffscreenCanvas, LOOK);
  api.paint(1, 'ask', ask as unknown as OffscreenCanvas, LOOK);
  bid.ctx.reset();
  const view = api.open(BOOK, true, { painter: 1, looks: { bid: LOOK, ask: LOOK } });
  return { ...s, api, view, bid, ask };
}

describe('data plane painting (workers/paint)', () => {
  it('draws a shown view at once, then at most once a tick with the latest book', async () => {
    const { api, bid, feed, model, scheduler } = await painted();
    expect(bid.ctx.texts()[0]).toBe('100.00');
    bid.ctx.reset();
    for (let i = 0; i < 5; i++) feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + i]]));
    expect(bid.ctx.calls).toHaveLength(0);
    scheduler.advance(1000 / 60);
    // One paint, with the last volume of the best bid.
    expect(bid.ctx.ops('setTransform')).toHaveLength(1);
    expect(bid.ctx.texts()).toContain('0.1004');
    expect(bid.ctx.texts()).not.toContain('0.1003');
    expect(api.priceAt(1, 'bid', ROW_HEIGHT / 2)).toBe(100);
  });

  it('posts a painted view at the text pace, with what was drawn', async () => {
    const { feed, model, posts, scheduler } = await painted();
    const before = posts.length;
    for (let t = 0; t < 500; t += 1000 / 60) {
      feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + t]]));
      scheduler.advance(1000 / 60);
    }
    const sent = posts.slice(before).flatMap((p) => p.batch.views.map((v) => v.snapshot));
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThanOrEqual(500 / PAINTED_EVERY_MS + 1);
    const last = sent.at(-1);
    expect(last?.kind === 'book' && last.drawn?.bids).toBeGreaterThan(20);
    // Posted before the tick's paint: what was drawn up to the tick before.
    const seq = last?.health.book?.seq ?? 0;
    expect(last?.kind === 'book' && last.drawn?.seq).toBeGreaterThanOrEqual(seq - 1);
  });

  it('does not draw a hidden view, and draws it when it shows again', async () => {
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

  it('moves a painter to a new view: the old one is cleared, the new drawn whole, the old posted every tick', async () => {
    const { api, view, bid, feed, model, posts, scheduler } = await painted();
    bid.ctx.reset();
    api.open({ ...BOOK, groupTicks: 100 }, true, { painter: 1, looks: { bid: { ...LOOK, priceScale: 0 } } });
    // The grouped book (same data) drawn at once on the same canvas, whole, with the new scale.
    expect(bid.ctx.ops('clearRect')[0]?.args).toEqual([0, 0, 200, 60]);
    expect(bid.ctx.texts()[0]).toBe('100');
    // The first view is no longer painted, so it goes every tick again.
    const before = posts.length;
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(20);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 6]]));
    scheduler.advance(20);
    const ids = posts.slice(before).flatMap((p) => p.batch.views.map((v) => v.id));
    expect(ids.filter((id) => id === view).length).toBe(2);
  });

  it('lets go: a closed view leaves the painter blank, unpaint drops a side or the painter', async () => {
    const { api, view, bid, ask, feed, model, scheduler } = await painted();
    api.close(view);
    bid.ctx.reset();
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(20);
    expect(bid.ctx.calls).toHaveLength(0);
    api.open(BOOK, true, { painter: 1 });
    expect(bid.ctx.texts()[0]).toBe('100.00');
    api.unpaint(1, 'ask');
    ask.ctx.reset();
    feed.emit(`depth:${SYMBOL}`, model.diff([[2, 10_001, 9]]));
    scheduler.advance(20);
    expect(ask.ctx.calls).toHaveLength(0);
    api.unpaint(1);
    expect(api.priceAt(1, 'bid', ROW_HEIGHT / 2)).toBeNaN();
  });

  it('keeps painters per page: another tab drawing the same book is drawn on its own canvas', async () => {
    const { page, bid } = await painted();
    const other = page();
    const canvas = fakeCanvas();
    other.paint(1, 'bid', canvas as unknown as OffscreenCanvas, LOOK);
    other.open(BOOK, true, { painter: 1 });
    expect(canvas.ctx.texts()[0]).toBe('100.00');
    bid.ctx.reset();
    other.unpaint(1);
    expect(bid.ctx.calls).toHaveLength(0);
  });
});

describe('a painted view at the text pace', () => {
  it('is posted at once when its book changes state, not at its next turn', async () => {
    const { feed, model, posts, scheduler } = await painted();
    scheduler.advance(PAINTED_EVERY_MS);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(20);
    const before = posts.length;
    // A gap: the book is resyncing, and the page hears it at once; then live again, at once.
    feed.emit(`depth:${SYMBOL}`, { ...model.diff([[1, 10_000, 6]]), prevSeq: 1_000 });
    scheduler.advance(20);
    expect(posts.slice(before).map((p) => p.batch.views[0]?.snapshot.health.book?.status)).toEqual(['resyncing']);
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    scheduler.advance(20);
    expect(posts.at(-1)?.batch.views[0]?.snapshot.health.book?.status).toBe('live');
    expect(posts.length - before).toBe(2);
  });
});
