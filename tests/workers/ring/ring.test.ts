import { describe, expect, it } from 'vitest';
import type { Health, SnapshotBatch } from '../../../workers/api.ts';
import { after, BEFORE, unpackBatch } from '../../../workers/packed/index.ts';
import {
  PageBuffers,
  REUSE_AFTER,
  RING_BYTES,
  RING_SLOTS,
  RingReader,
  RingWriter,
  SLOT_BYTES,
} from '../../../workers/ring/index.ts';

const health: Health = { feed: 'live', frameAge: 0, reconnects: 0, malformed: 0 };
const TRADES = 4;
const NUMBERS = BEFORE + TRADES + after(['trades']);

/** Batch `seq` of one trades view cut from the writer's next slot, its numbers all `seq`; null when none is free. */
function cut(writer: RingWriter, seq: number): SnapshotBatch | null {
  const all = writer.claim(NUMBERS);
  if (!all) return null;
  const trades = all.subarray(BEFORE, BEFORE + TRADES).fill(seq);
  return { t: seq, seq, views: [{ id: 1, snapshot: { kind: 'trades', trades, health } }] };
}

/** A ring with its two ends, and the batches the page got (unpacked from the copies it made). */
function ring() {
  const memory = new SharedArrayBuffer(RING_BYTES);
  const got: SnapshotBatch[] = [];
  const buffers: ArrayBuffer[] = [];
  // Every lease is kept: no buffer is reused here.
  const reader = new RingReader(memory, ({ buffer }) => {
    buffers.push(buffer);
    got.push(unpackBatch(buffer));
  });
  return { memory, writer: new RingWriter(memory), reader, got, buffers };
}

const woken = () => new Promise((resolve) => setTimeout(resolve, 10));
const numbersOf = (b: SnapshotBatch) => [...(b.views[0] as { snapshot: { trades: Float64Array } }).snapshot.trades];

describe('the shared ring of a page and its data worker', () => {
  it('hands the page every published batch in order, each copied out of its slot into memory of its own', async () => {
    const { writer, got, buffers } = ring();
    for (let seq = 0; seq < 3; seq++) expect(writer.publish(cut(writer, seq) as SnapshotBatch)).toBe(true);
    await woken();
    expect(got.map((b) => b.seq)).toEqual([0, 1, 2]);
    expect(buffers.every((b) => b instanceof ArrayBuffer)).toBe(true);
    // The slots are written again; what the page holds is not.
    for (let seq = 3; seq < 3 + RING_SLOTS; seq++) writer.publish(cut(writer, seq) as SnapshotBatch);
    await woken();
    expect(numbersOf(got[0] as SnapshotBatch)).toEqual([0, 0, 0, 0]);
    expect(got.map((b) => b.seq)).toEqual([...Array(3 + RING_SLOTS).keys()]);
  });

  it('gives no slot while every one is unread, nor to a batch larger than a slot', async () => {
    const memory = new SharedArrayBuffer(RING_BYTES);
    const writer = new RingWriter(memory);
    for (let seq = 0; seq < RING_SLOTS; seq++) writer.publish(cut(writer, seq) as SnapshotBatch);
    expect(writer.claim(NUMBERS)).toBeNull();
    expect(writer.holding).toBe(false);
    const got: number[] = [];
    const reader = new RingReader(memory, ({ buffer }) => got.push(unpackBatch(buffer).seq));
    expect(got).toHaveLength(RING_SLOTS);
    expect(writer.claim(NUMBERS)).not.toBeNull();
    expect(writer.claim(SLOT_BYTES / 8 + 1)).toBeNull();
    reader.stop();
  });

  it("posts a copy of a batch whose extras do not fit its slot, its arrays in the copy's own buffer", () => {
    const { memory, writer, got } = ring();
    const all = writer.claim(NUMBERS) as Float64Array;
    const trades = all.subarray(BEFORE, BEFORE + TRADES).fill(3);
    const symbols = ['x'.repeat(SLOT_BYTES)];
    const batch = { t: 1, seq: 1, views: [{ id: 1, snapshot: { kind: 'tickers', values: trades, symbols, health } }] };
    expect(writer.publish(batch as unknown as SnapshotBatch)).toBe(false);
    const out = writer.copyOut(batch as unknown as SnapshotBatch);
    const snapshot = out.batch.views[0]?.snapshot as unknown as { values: Float64Array; symbols: string[] };
    const values = snapshot.values;
    expect(values.buffer).toBe(out.buffer);
    expect(values.buffer).not.toBe(memory);
    expect([...values]).toEqual([3, 3, 3, 3]);
    expect(snapshot.symbols).toBe(symbols);
    expect(got).toEqual([]);
  });

  it('stops reading once stopped', async () => {
    const { writer, reader, got } = ring();
    reader.stop();
    await woken();
    writer.publish(cut(writer, 0) as SnapshotBatch);
    await woken();
    expect(got).toEqual([]);
  });
});

describe("the page's buffers the ring's batches are copied into", () => {
  it('reuses a buffer REUSE_AFTER batches after its last holder let go, detached so that old views read empty', () => {
    const buffers = new PageBuffers();
    const first = buffers.take(100);
    const view = new Float64Array(first.buffer, 0, 4);
    first.hold();
    first.letGo();
    const taken = [];
    for (let i = 0; i < REUSE_AFTER - 1; i++) taken.push(buffers.take(100).buffer);
    // Still held by a snapshot: not reused, however many batches go by.
    expect(taken).not.toContain(first.buffer);
    first.letGo();
    for (let i = 0; i < REUSE_AFTER - 1; i++) expect(buffers.take(100).buffer.byteLength).toBe(4096);
    expect(view.length).toBe(4);
    const again = buffers.take(100);
    expect(view.length).toBe(0);
    expect(again.buffer).not.toBe(first.buffer);
    expect(again.buffer.byteLength).toBe(4096);
    // A second let go of the same lease changes nothing.
    first.letGo();
  });

  it('makes buffers in powers of two from 4 KiB, so that one fits the next batches of about its size', () => {
    const buffers = new PageBuffers();
    expect(buffers.take(1).buffer.byteLength).toBe(4096);
    expect(buffers.take(4097).buffer.byteLength).toBe(8192);
    expect(buffers.take(52_000).buffer.byteLength).toBe(65_536);
  });
});
