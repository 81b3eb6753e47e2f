import { describe, expect, it } from 'vitest';
import type { TickerFrame } from '../../../common/protocol.ts';
import type { Snapshot } from '../../../workers/api.ts';
import { VIEW_EVERY_MS } from '../../../workers/publish/index.ts';
import { spotOrder } from '../../common/spot-order.ts';
import { SYMBOL, settle, setup } from './plane-setup.ts';

describe('data plane publishing', () => {
  it('subscribes a channel once for every view of it, and lets go with the last', async () => {
    const { feed, page } = setup();
    const a = page();
    const b = page();
    const v1 = a.open({ kind: 'book', symbol: SYMBOL, depth: 10, groupTicks: 0 });
    const v2 = b.open({ kind: 'book', symbol: SYMBOL, depth: 5, groupTicks: 0 });
    expect(feed.channels()).toEqual([`depth:${SYMBOL}`]);
    expect(feed.syncs).toBe(1);
    a.close(v1);
    expect(feed.channels()).toEqual([`depth:${SYMBOL}`]);
    expect(feed.syncs).toBe(1);
    b.close(v2);
    expect(feed.channels()).toEqual([]);
    expect(feed.syncs).toBe(2);
  });

  it('posts the first snapshot at once, then at most one batch per period with the latest state', async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    const id = api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    expect(feed.resyncs).toEqual([`depth:${SYMBOL}`]);
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    // Posted inside the same turn: nothing had gone to this page yet in this period.
    expect(posts).toHaveLength(1);
    const first = posts[0]?.batch.views[0];
    expect(first?.id).toBe(id);
    expect(first?.snapshot.kind === 'book' && [...first.snapshot.bids.subarray(0, 4)]).toEqual([100, 0.01, 0.01, 1]);
    for (let i = 0; i < 10; i++) feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + i]]));
    expect(posts).toHaveLength(1);
    scheduler.advance(1000 / 60);
    expect(posts).toHaveLength(2);
    const latest = posts[1]?.batch.views[0]?.snapshot;
    expect(latest?.kind === 'book' && latest.bids[1]).toBe(0.1009);
    // The arrays travel by transfer, every one of the batch a view into its single buffer.
    expect(posts[1]?.transfer).toHaveLength(1);
    expect(latest?.kind === 'book' && latest.bids.buffer).toBe(posts[1]?.transfer[0]);
    expect(latest?.kind === 'book' && latest.asks.buffer).toBe(posts[1]?.transfer[0]);
  });

  it("numbers a page's batches and cuts them from the memory it was given, with nothing to transfer", async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const slot = new Float64Array(new SharedArrayBuffer(8 * 4096), 64, 1024);
    const asked: number[] = [];
    const api = page((numbers) => {
      asked.push(numbers);
      // The second batch finds no room: it gets a fresh buffer.
      return asked.length === 1 ? slot.subarray(0, numbers) : null;
    });
    api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 5]]));
    scheduler.advance(1000 / 60);
    expect(posts.map((p) => p.batch.seq)).toEqual([0, 1]);
    const [first, second] = posts.map((p) => p.batch.views[0]?.snapshot);
    expect(first?.kind === 'book' && first.bids.buffer).toBe(slot.buffer);
    expect(posts[0]?.transfer).toEqual([]);
    expect(second?.kind === 'book' && second.bids.buffer).toBe(posts[1]?.transfer[0]);
    expect(asked[0]).toBe(asked[1]);
  });

  it('keeps merging for a hidden view without posting it, and posts it again once visible', async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    const id = api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    api.setVisible(id, false);
    feed.emit(`depth:${SYMBOL}`, model.diff([[2, 10_001, 5]]));
    scheduler.advance(1000);
    expect(posts).toHaveLength(1);
    api.setVisible(id, true);
    scheduler.advance(20);
    expect(posts).toHaveLength(2);
    const shown = posts[1]?.batch.views[0]?.snapshot;
    expect(shown?.kind === 'book' && shown.asks[1]).toBe(0.0005);
  });

  it('never shows a book with a gap as live: it asks for a fresh snapshot at once and says resyncing', async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    model.diff([[1, 9_999, 7]]);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 9_998, 8]]));
    expect(feed.resyncs).toEqual([`depth:${SYMBOL}`, `depth:${SYMBOL}`]);
    scheduler.advance(20);
    const health = posts.at(-1)?.batch.views[0]?.snapshot.health;
    expect(health?.book).toMatchObject({ status: 'resyncing', resyncs: 1 });
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    scheduler.advance(20);
    expect(posts.at(-1)?.batch.views[0]?.snapshot.health.book?.status).toBe('live');
  });

  it("drops a late duplicate diff without a resync and counts it in the book's health", async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    const first = model.diff([[1, 10_000, 7]]);
    feed.emit(`depth:${SYMBOL}`, first);
    feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 8]]));
    feed.emit(`depth:${SYMBOL}`, first);
    // Only the grid's first snapshot was asked for.
    expect(feed.resyncs).toEqual([`depth:${SYMBOL}`]);
    scheduler.advance(20);
    const snapshot = posts.at(-1)?.batch.views[0]?.snapshot;
    expect(snapshot?.health.book).toEqual({ status: 'live', seq: 2, resyncs: 0, duplicates: 1 });
    expect(snapshot?.kind === 'book' && snapshot.bids[1]).toBe(0.0008);
  });

  it('asks again for a snapshot that arrives broken, but not more than once a second', async () => {
    const { feed, scheduler, model, page } = setup();
    const api = page();
    api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    const broken = { ...model.snapshot(), checksum: 1 };
    feed.emit(`depth:${SYMBOL}`, broken);
    feed.emit(`depth:${SYMBOL}`, broken);
    feed.emit(`depth:${SYMBOL}`, broken);
    // The grid's first resync, then one for the broken snapshot; the next waits out the second.
    expect(feed.resyncs).toHaveLength(2);
    scheduler.advance(1000);
    expect(feed.resyncs).toHaveLength(3);
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    scheduler.advance(5000);
    expect(feed.resyncs).toHaveLength(3);
  });

  it('re-syncs every book after a reconnect and follows the publish rate the user chose', async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    api.setRate(4);
    api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    feed.reconnect();
    scheduler.advance(100);
    expect(posts).toHaveLength(1);
    scheduler.advance(150);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.batch.views[0]?.snapshot.health.book?.status).toBe('resyncing');
  });

  it('publishes trades newest first, tickers with the spec change math, and candles', async () => {
    const { feed, posts, page, scheduler } = setup();
    const api = page();
    api.open({ kind: 'trades', symbol: SYMBOL });
    api.open({ kind: 'tickers', symbols: [SYMBOL] });
    api.open({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    feed.emit(`trades:${SYMBOL}`, {
      ch: `trades:${SYMBOL}`,
      kind: 'snapshot',
      t: 0,
      trades: [100, 1, 0.5, 1, 101, 2, 0.25, 2],
    });
    feed.emit('ticker', {
      ch: 'ticker',
      kind: 'snapshot',
      t: 0,
      tickers: { [SYMBOL]: [105, 1, 100, 110, 90, 5, 500, 3] },
    });
    feed.emit(`candles:${SYMBOL}:M1`, {
      ch: `candles:${SYMBOL}:M1`,
      kind: 'snapshot',
      t: 0,
      candles: [60_000, 1, 2, 0.5, 1.5, 10],
    });
    scheduler.advance(20);
    const views = posts.flatMap((p) => p.batch.views.map((v) => v.snapshot));
    const trades = views.find((s) => s.kind === 'trades');
    expect(trades?.kind === 'trades' && [...trades.trades]).toEqual([101, 2, 0.25, 2, 100, 1, 0.5, 1]);
    const tickers = views.find((s) => s.kind === 'tickers');
    expect(tickers?.kind === 'tickers' && [...tickers.values.subarray(0, 3)]).toEqual([105, 5, 5]);
    const candles = views.find((s) => s.kind === 'candles');
    expect(candles?.kind === 'candles' && [...candles.candles]).toEqual([60_000, 1, 2, 0.5, 1.5, 10]);

    // A trade moves the last candle before the server's next candle frame.
    feed.emit(`trades:${SYMBOL}`, { ch: `trades:${SYMBOL}`, kind: 'update', t: 1, trades: [2.5, 1, 3, 60_500] });
    scheduler.advance(20);
    const moved = posts.at(-1)?.batch.views.find((v) => v.snapshot.kind === 'candles')?.snapshot;
    expect(moved?.kind === 'candles' && [...moved.candles]).toEqual([60_000, 1, 2.5, 0.5, 2.5, 13]);
  });

  it('posts text views (tickers) at most every VIEW_EVERY_MS with their latest values, books every tick', async () => {
    const { feed, posts, page, scheduler, model } = setup();
    const api = page();
    const tickers = api.open({ kind: 'tickers', symbols: [SYMBOL] });
    const book = api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    const ticker = (last: number): TickerFrame => ({
      ch: 'ticker',
      kind: 'snapshot',
      t: 0,
      tickers: { [SYMBOL]: [last, 1, 100, 110, 90, 5, 500, 3] },
    });
    const lastOf = (id: number) => {
      const shown = posts.flatMap((p) => p.batch.views).findLast((v) => v.id === id)?.snapshot;
      return shown?.kind === 'tickers' ? shown.values[0] : undefined;
    };
    const every = VIEW_EVERY_MS.tickers as number;
    const postsOf = (id: number) => posts.filter((p) => p.batch.views.some((v) => v.id === id)).length;
    feed.emit('ticker', ticker(100));
    scheduler.advance(20);
    // The first snapshot goes at once.
    expect(lastOf(tickers)).toBe(100);
    // A tick every 20 ms for 1 s, the ticker and the book changing in every one.
    for (let i = 1; i <= 50; i++) {
      feed.emit('ticker', ticker(100 + i));
      feed.emit(`depth:${SYMBOL}`, model.diff([[1, 10_000, 1000 + i]]));
      scheduler.advance(20);
    }
    expect(postsOf(book)).toBeGreaterThanOrEqual(45);
    expect(postsOf(tickers)).toBeLessThanOrEqual(1 + 1000 / every + 1);
    expect(postsOf(tickers)).toBeGreaterThanOrEqual(1000 / every - 1);
    // Its latest value arrives when its turn comes, even with nothing else changing.
    scheduler.advance(every);
    expect(lastOf(tickers)).toBe(150);
    const before = posts.length;
    scheduler.advance(10 * every);
    expect(posts.length).toBe(before);
    expect(scheduler.pending()).toBe(0);
  });

  it('posts the user view stale at once, live once the page loaded it, and lets go of the channel with it', () => {
    const { feed, posts, page, scheduler } = setup();
    const api = page();
    const id = api.open({ kind: 'user' });
    expect(feed.channels()).toEqual(['user']);
    // Stale before any frame: the page learns at once that it has to load.
    const first = posts[0]?.batch.views[0];
    expect(first?.id).toBe(id);
    expect(first?.snapshot).toMatchObject({ kind: 'user', orders: [], fills: [], balances: [], positions: [] });
    expect(first?.snapshot.health.user).toEqual({ status: 'stale', seq: 0, resyncs: 0, duplicates: 0 });
    feed.emit('user', {
      ch: 'user',
      kind: 'balance',
      seq: 1,
      t: 1,
      data: { coin: 'USDT', available: '5', frozen: '1' },
    });
    api.loadUser({ resyncs: 0, seq: 0, orders: [], balances: [{ coin: 'BTC', available: '2', frozen: '0' }] });
    scheduler.advance(20);
    const views = posts.flatMap((p) => p.batch.views);
    expect(views.at(-1)?.snapshot).toMatchObject({
      kind: 'user',
      balances: [
        { coin: 'USDT', available: '5', frozen: '1', told: 1 },
        { coin: 'BTC', available: '2', frozen: '0', told: 0 },
      ],
      health: { user: { status: 'live', seq: 1 } },
    });
    api.close(id);
    expect(feed.channels()).toEqual([]);
  });

  it("marks the user's resting volume per level in the worker, grouped as the book, and clears it when it goes", async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    const grouped = api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 10 });
    const plain = api.open({ kind: 'book', symbol: SYMBOL, depth: 3, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    const book = (id: number) => {
      const view = posts.flatMap((p) => p.batch.views).findLast((v) => v.id === id);
      return view?.snapshot as Extract<Snapshot, { kind: 'book' }>;
    };
    // No order of the user's here: no column at all, so the batch carries nothing more than before.
    expect(book(plain).ownBids).toHaveLength(0);
    expect(book(plain).ownAsks).toHaveLength(0);

    api.open({ kind: 'user' });
    const resting = spotOrder(7, { price: '99.98', amount: '0.5', tradedAmount: '0.1', status: 3 });
    const sell = spotOrder(8, { direction: 2, price: '100.01', amount: '0.02' });
    // A stop still waiting for its trigger is not in the book.
    const stop = spotOrder(9, { direction: 2, price: '100.02', triggerPrice: '101', type: 4 });
    api.loadUser({ resyncs: 0, seq: 0, orders: [resting, sell, stop], balances: [] });
    scheduler.advance(20);
    expect([...book(plain).bids.filter((_, i) => i % 4 === 0)]).toEqual([100, 99.99, 99.98]);
    expect([...book(plain).ownBids]).toEqual([0, 0, 0.4]);
    expect([...book(plain).ownAsks]).toEqual([0.02, 0, 0]);
    // Grouped by 10 ticks: 99.98 is in the bid bucket 99.90, 100.01 in the ask bucket 100.10.
    expect([...book(grouped).bids.filter((_, i) => i % 4 === 0)]).toEqual([100, 99.9, 99.8]);
    expect([...book(grouped).ownBids]).toEqual([0, 0.4, 0]);
    expect([...book(grouped).asks.filter((_, i) => i % 4 === 0)]).toEqual([100.1, 100.2]);
    expect([...book(grouped).ownAsks]).toEqual([0.02, 0]);
    // Every array of the batch, marks included, is a view into its one transferred buffer.
    expect(book(plain).ownBids.buffer).toBe(posts.at(-1)?.transfer[0]);

    feed.emit('user', { ch: 'user', kind: 'order', seq: 1, t: 2, data: { ...resting, status: 2, updateTime: 9000 } });
    scheduler.advance(20);
    expect([...book(plain).ownBids]).toHaveLength(0);
    expect([...book(plain).ownAsks]).toEqual([0.02, 0, 0]);
  });

  it("drops the marks with the user view, and marks a book opened after the user's orders are known", async () => {
    const { feed, scheduler, posts, model, page } = setup();
    const api = page();
    const user = api.open({ kind: 'user' });
    api.loadUser({ resyncs: 0, seq: 0, orders: [spotOrder(1, { price: '100', amount: '1' })], balances: [] });
    const id = api.open({ kind: 'book', symbol: SYMBOL, depth: 2, groupTicks: 0 });
    await settle();
    feed.emit(`depth:${SYMBOL}`, model.snapshot());
    const book = () => posts.flatMap((p) => p.batch.views).findLast((v) => v.id === id)?.snapshot;
    expect(book()).toMatchObject({ kind: 'book', ownBids: new Float64Array([1, 0]) });
    api.close(user);
    scheduler.advance(20);
    expect(book()).toMatchObject({ kind: 'book', ownBids: new Float64Array(0) });
  });
});
