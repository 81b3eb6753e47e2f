import type { BatchMemory, SnapshotBatch } from '../../../workers/api.ts';
import { DataPlane } from '../../../workers/publish/index.ts';
import { ModelBook } from '../book/model.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';
import { FakeFeed } from '../sources/fake-feed.ts';

export const GRID = { priceScale: 2, amountScale: 4 };
export const SYMBOL = 'BTC/USDT';

/** A plane on a fake feed and a manual clock, a 20-level book model for BTC/USDT, and pages that record their posts. */
export function setup() {
  const feed = new FakeFeed();
  const scheduler = new ManualScheduler();
  const posts: { batch: SnapshotBatch; transfer: ArrayBuffer[] }[] = [];
  const plane = new DataPlane(feed, async () => GRID, scheduler);
  const model = new ModelBook(GRID);
  for (let i = 0; i < 20; i++) {
    model.set(1, 10_000 - i, 100 + i);
    model.set(2, 10_001 + i, 200 + i);
  }
  /** A page; with `memory`, one whose batches are cut from it (a shared ring's slots). */
  const page = (memory?: BatchMemory) => {
    const api = plane.connect();
    api.attach((batch, transfer) => posts.push({ batch, transfer }), memory);
    return api;
  };
  return { feed, scheduler, posts, plane, model, page };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
