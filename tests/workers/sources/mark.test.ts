import { describe, expect, it } from 'vitest';
import type { MarkFrame } from '../../../common/protocol.ts';
import { MARK_COLUMNS, type SnapshotBatch } from '../../../workers/api.ts';
import { DataPlane } from '../../../workers/publish/index.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';
import { FakeFeed } from './fake-feed.ts';

const MARKET = 'ETH/USDT:USDT';
const CH = `mark:${MARKET}` as const;
const frame = (kind: MarkFrame['kind'], t: number, index: number, mark: number): MarkFrame => ({
  ch: CH,
  kind,
  t,
  index,
  mark,
  fundingRate: 0.0001,
  nextFundingTime: 1_700_000_000_000,
});

function setup() {
  const feed = new FakeFeed();
  const posts: SnapshotBatch[] = [];
  const plane = new DataPlane(feed, async () => ({ priceScale: 2, amountScale: 0 }), new ManualScheduler());
  const api = plane.connect();
  api.attach((batch) => posts.push(batch));
  const shown = () => {
    const s = posts.flatMap((b) => b.views.map((v) => v.snapshot)).findLast((v) => v.kind === 'mark');
    return s?.kind === 'mark' ? [...s.values] : null;
  };
  return { feed, api, posts, shown };
}

describe('the mark source', () => {
  it('holds mark:{market} once per market, and posts index, mark, funding rate and next funding time', () => {
    const { feed, api, shown } = setup();
    const a = api.open({ kind: 'mark', symbol: MARKET });
    const b = api.open({ kind: 'mark', symbol: MARKET });
    expect(feed.channels()).toEqual([CH]);
    feed.emit(CH, frame('snapshot', 10, 2000.5, 2001.25));
    expect(shown()).toEqual([2000.5, 2001.25, 0.0001, 1_700_000_000_000, 10]);
    expect(shown()).toHaveLength(MARK_COLUMNS);
    api.close(a);
    expect(feed.channels()).toEqual([CH]);
    api.close(b);
    expect(feed.channels()).toEqual([]);
  });

  it("posts nothing for the server's all-zero snapshot before its first price tick, then the first prices", () => {
    const { feed, api, posts, shown } = setup();
    api.open({ kind: 'mark', symbol: MARKET });
    feed.emit(CH, { ...frame('snapshot', 1, 0, 0), fundingRate: 0, nextFundingTime: 0 });
    expect(posts).toEqual([]);
    feed.emit(CH, frame('update', 2, 1999, 2000));
    expect(shown()?.slice(0, 2)).toEqual([1999, 2000]);
  });
});
