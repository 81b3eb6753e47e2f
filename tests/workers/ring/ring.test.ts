import { describe, expect, it } from 'vitest';
import type { Health, SnapshotBatch } from '../../../workers/api.ts';
import { after, BEFORE, unpackBatch } from '../../../workers/packed/index.ts';
import {
  type BatchLease,
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

/** A ring with its two ends, and the batches the page got with their leases (none let go unless a test does). */
function ring() {
  const memory = new SharedArrayBuffer(RING_BYTES);
  const got: SnapshotBatch[] = [];
  const leases: BatchLease[] = [];
  const reader = new RingReader(memory, (lease) => {
    leases.push(lease);
    got.push(unpackBatch(lease.buffer, lease.at));
  });
  return { memory, writer: new RingWriter(memory), reader, got, leases };
}

const woken = () => new Promise((resolve) => setTimeout(resolve, 10));
const numbersOf = (b: SnapshotBatch) => [...(b.views[0] as { snapshot: { trades: Float64Array } }).snapshot.trades];
const arrayOf = (b: SnapshotBatch) => (b.views[0] as { snapshot: { trades: Float64Array } }).snapshot.trades;

describe('the shared ring of a page and its data worker', () => {
  it('hands the page every published batch in order, its arrays views on the slot it was packed in', async () => {
    const { memory, writer, got } = ring();
    for (let seq = 0; seq < 3; seq++) expect(writer.publish(cut(writer, seq) as SnapshotBatch)).toBe(true);
    await woken();
    expect(got.map((b) => b.seq)).toEqual([0, 1, 2]);
    expect(got.map((b) => numbersOf(b))).toEqual([
      [0, 0, 0, 0],
      [1, 1, 1, 1],
      [2, 2, 2, 2],
    ]);
    const slots = new Set(got.map((b) => arrayOf(b).byteOffset));
    expect(slots.size).toBe(3);
    expect(got.every((b) => arrayOf(b).buffer === memory)).toBe(true);
  });

  it('writes no slot again while a snapshot holds it, and frees one REUSE_AFTER batches after the last let go', async () => {
    const { writer, got, leases, reader } = ring();
    writer.publish(cut(writer, 0) as SnapshotBatch);
    await woken();
    const first = leases[0] as BatchLease;
    first.hold();
    first.letGo();
    // Every other slot goes by without the first being written.
    for (let seq = 1; seq < RING_SLOTS; seq++) {
      writer.publish(cut(writer, seq) as SnapshotBatch);
      await woken();
      (leases[seq] as BatchLease).letGo();
    }
    expect(numbersOf(got[0] as SnapshotBatch)).toEqual([0, 0, 0, 0]);
    const firstSlot = arrayOf(got[0] as SnapshotBatch).byteOffset - BEFORE * 8;
    expect(got.slice(1).every((b) => arrayOf(b).byteOffset - BEFORE * 8 !== firstSlot)).toBe(true);
    first.letGo();
    // Batches that came posted count too, or no slot would free while every batch is posted.
    for (let i = 0; i < REUSE_AFTER - 1; i++) reader.passed();
    expect(writer.claim(NUMBERS)?.byteOffset).not.toBe(firstSlot);
    reader.passed();
    // The lowest free slot is taken first.
    expect(writer.claim(NUMBERS)?.byteOffset).toBe(firstSlot);
    writer.publish(cut(writer, 99) as SnapshotBatch);
    await woken();
    // Written again: a view of its old batch still held reads the new numbers.
    expect(numbersOf(got[0] as SnapshotBatch)).toEqual([99, 99, 99, 99]);
    reader.stop();
  });

  it('gives no slot while none is free, nor to a batch larger than a slot', async () => {
    const { writer, got, leases, reader } = ring();
    for (let seq = 0; seq < RING_SLOTS; seq++) writer.publish(cut(writer, seq) as SnapshotBatch);
    expect(writer.claim(NUMBERS)).toBeNull();
    expect(writer.holding).toBe(false);
    await woken();
    expect(got).toHaveLength(RING_SLOTS);
    // Read but still held: none free.
    expect(writer.claim(NUMBERS)).toBeNull();
    (leases[0] as BatchLease).letGo();
    for (let i = 0; i < REUSE_AFTER; i++) reader.passed();
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
