import { describe, expect, it } from 'vitest';
import type { Health, SnapshotBatch } from '../../../workers/api.ts';
import { InOrder, RING_SLOTS, RingReader, RingWriter, ringBuffer } from '../../../workers/ring/index.ts';

const health: Health = { feed: 'live', frameAge: 3, reconnects: 0, malformed: 0 };

/** A batch of a book and a ticker list whose arrays are views into one buffer, as the data plane's arena cuts them. */
function batch(t: number): { batch: SnapshotBatch; numbers: ArrayBuffer } {
  const numbers = new Float64Array([t, 1, 1, 1, 2, 2, 2, 2, 7, 8]);
  const book = {
    kind: 'book' as const,
    bids: numbers.subarray(0, 4),
    asks: numbers.subarray(4, 8),
    ownBids: numbers.subarray(8, 8),
    ownAsks: numbers.subarray(8, 8),
    health: { ...health, book: { status: 'live' as const, seq: t, resyncs: 0, duplicates: 0 } },
  };
  const tickers = {
    kind: 'tickers' as const,
    symbols: ['BTC/USDT', '比特币'],
    values: numbers.subarray(8, 10),
    health,
  };
  return {
    batch: {
      t,
      views: [
        { id: 1, snapshot: book },
        { id: 2, snapshot: tickers },
      ],
    },
    numbers: numbers.buffer,
  };
}

/** Writes batch `n` of {@link batch}. */
const put = (writer: RingWriter, n: number, t = n) => {
  const made = batch(t);
  return writer.write(n, made.batch, made.numbers);
};

/** What a batch reads as, its typed arrays as plain arrays. */
const plain = (b: SnapshotBatch) =>
  JSON.parse(JSON.stringify(b, (_, v) => (ArrayBuffer.isView(v) ? [...(v as Float64Array)] : v)));

describe('the ring: batches through shared memory', () => {
  it('reads each batch as written, arrays and all, copied out of the slot', () => {
    const buffer = ringBuffer();
    const writer = new RingWriter(buffer);
    const read: [number, SnapshotBatch][] = [];
    const reader = new RingReader(buffer, (n, b) => read.push([n, b]));
    const first = batch(5);
    expect(writer.write(1, first.batch, first.numbers)).toBe(true);
    reader.drain();
    expect(read.map(([n]) => n)).toEqual([1]);
    const [, got] = read[0] as [number, SnapshotBatch];
    expect(plain(got)).toEqual(plain(first.batch));
    const { bids } = (got.views[0] as { snapshot: { bids: Float64Array } }).snapshot;
    expect(bids.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    // The slot is free again: a later batch written there leaves the one read alone.
    for (let n = 2; n <= RING_SLOTS + 1; n++) put(writer, n);
    expect(bids[0]).toBe(5);
  });

  it('refuses a batch while every slot is unread, and one whose arrays are not in the one buffer', () => {
    const buffer = ringBuffer();
    const writer = new RingWriter(buffer);
    for (let n = 1; n <= RING_SLOTS; n++) expect(put(writer, n)).toBe(true);
    expect(put(writer, RING_SLOTS + 1, 0)).toBe(false);
    const other = new RingWriter(ringBuffer());
    expect(other.write(1, batch(1).batch, new ArrayBuffer(80))).toBe(false);
  });

  it('wakes the page when a batch is written (Atomics.waitAsync), until stopped', async () => {
    const buffer = ringBuffer();
    const writer = new RingWriter(buffer);
    const read: number[] = [];
    const reader = new RingReader(buffer, (n) => read.push(n));
    reader.start();
    put(writer, 1);
    await expect.poll(() => read).toEqual([1]);
    put(writer, 2);
    await expect.poll(() => read).toEqual([1, 2]);
    reader.stop();
    put(writer, 3);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toEqual([1, 2]);
  });

  it('puts batches of two paths back in order by number', () => {
    const out: number[] = [];
    const order = new InOrder((b) => out.push(b.t));
    order.put(2, { t: 2, views: [] });
    order.put(3, { t: 3, views: [] });
    expect(out).toEqual([]);
    order.put(1, { t: 1, views: [] });
    order.put(1, { t: 1, views: [] });
    expect(out).toEqual([1, 2, 3]);
  });
});
