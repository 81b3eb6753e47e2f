/**
 * The page's batches over shared memory (issue 22 item 5): where the page is cross-origin isolated, its data worker
 * writes each batch into a slot of a SharedArrayBuffer ring and the page reads it through `Atomics.waitAsync`,
 * without Chromium's per-message work (bench/post: about 9 µs a market for a batch message against under 1 µs here).
 *
 * The buffer is a head of two counters (batches written, batches read) and {@link RING_SLOTS} slots of
 * {@link SLOT_BYTES}. A slot holds its batch number, the numbers of every snapshot (the batch's arena, copied whole)
 * and a short JSON head with the rest (ids, health, symbols, the user's objects) naming each array's place in the
 * numbers. A batch that does not fit (a full ring, a huge ticker list) goes by message as {@link Overflow} instead,
 * and the page puts both paths back in order by number ({@link InOrder}).
 */
import type { Snapshot, SnapshotBatch } from '../api.ts';

export const RING_SLOTS = 8;
export const SLOT_BYTES = 512 * 1024;
const HEAD_BYTES = 64;
const WRITTEN = 0;
const READ = 1;
/** A slot's own head: batch number, numbers, head bytes (int32 each), padded to 16 bytes for the float64s after it. */
const SLOT_HEAD_BYTES = 16;

/** A batch sent by message because the ring could not take it. */
export interface Overflow {
  n: number;
  batch: SnapshotBatch;
}

/** A view of a slot's JSON head: its snapshot without arrays, and where each array is in the numbers. */
interface ViewHead {
  id: number;
  s: Record<string, unknown>;
  a: Record<string, [offset: number, length: number]>;
}
interface BatchHead {
  t: number;
  v: ViewHead[];
}

/** The ring's shared memory, sized for {@link RING_SLOTS} slots. */
export function ringBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEAD_BYTES + RING_SLOTS * SLOT_BYTES);
}

function slotAt(buffer: SharedArrayBuffer, index: number) {
  const at = HEAD_BYTES + (index % RING_SLOTS) * SLOT_BYTES;
  return {
    head: new Int32Array(buffer, at, 4),
    numbers: new Float64Array(buffer, at + SLOT_HEAD_BYTES, (SLOT_BYTES - SLOT_HEAD_BYTES) / 8),
    bytes: new Uint8Array(buffer, at + SLOT_HEAD_BYTES, SLOT_BYTES - SLOT_HEAD_BYTES),
  };
}

/** The data worker's end: one slot a batch, published by bumping the written count. */
export class RingWriter {
  private readonly counters: Int32Array;
  private readonly slots: ReturnType<typeof slotAt>[];
  private readonly encoder = new TextEncoder();

  constructor(buffer: SharedArrayBuffer) {
    this.counters = new Int32Array(buffer, 0, 2);
    this.slots = Array.from({ length: RING_SLOTS }, (_, i) => slotAt(buffer, i));
  }

  /**
   * Writes batch `n` (numbered from 1, one more each call), its arrays all views into `numbers` (the batch's one
   * buffer, workers/publish/arena.ts). False when it does not fit: the caller sends it as an {@link Overflow}.
   */
  write(n: number, batch: SnapshotBatch, numbers: ArrayBuffer | undefined): boolean {
    const written = Atomics.load(this.counters, WRITTEN);
    if (written - Atomics.load(this.counters, READ) >= RING_SLOTS) return false;
    const head = headOf(batch, numbers);
    if (head === null) return false;
    const slot = this.slots[written % RING_SLOTS] as ReturnType<typeof slotAt>;
    const count = numbers ? numbers.byteLength / 8 : 0;
    // Encoded apart and copied: Chromium's encodeInto refuses shared memory.
    const text = this.encoder.encode(JSON.stringify(head));
    if (count * 8 + text.length > slot.bytes.length) return false;
    if (numbers) slot.numbers.set(new Float64Array(numbers));
    slot.bytes.set(text, count * 8);
    slot.head[0] = n;
    slot.head[1] = count;
    slot.head[2] = text.length;
    Atomics.store(this.counters, WRITTEN, written + 1);
    Atomics.notify(this.counters, WRITTEN);
    return true;
  }
}

/** A batch's head; null when an array is not in `numbers` (the ring carries one buffer a batch). */
function headOf(batch: SnapshotBatch, numbers: ArrayBuffer | undefined): BatchHead | null {
  const v: ViewHead[] = [];
  for (const { id, snapshot } of batch.views) {
    const s: Record<string, unknown> = {};
    const a: ViewHead['a'] = {};
    for (const [key, value] of Object.entries(snapshot)) {
      if (!(value instanceof Float64Array)) s[key] = value;
      else if (value.buffer !== numbers) return null;
      else a[key] = [value.byteOffset / 8, value.length];
    }
    v.push({ id, s, a });
  }
  return { t: batch.t, v };
}

/** ES2024's `Atomics.waitAsync` (Chromium 87+, Node 16+), beyond the ES2023 lib this project compiles with. */
interface AsyncAtomics {
  waitAsync(
    array: Int32Array,
    index: number,
    value: number,
  ): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
}

/** The page's end: reads every batch written, in order, and frees its slot at once (the numbers are copied out). */
export class RingReader {
  private readonly counters: Int32Array;
  private readonly slots: ReturnType<typeof slotAt>[];
  private readonly decoder = new TextDecoder();
  private read = 0;
  private stopped = false;

  constructor(
    buffer: SharedArrayBuffer,
    private readonly deliver: (n: number, batch: SnapshotBatch) => void,
  ) {
    this.counters = new Int32Array(buffer, 0, 2);
    this.slots = Array.from({ length: RING_SLOTS }, (_, i) => slotAt(buffer, i));
  }

  /** Reads what is written, then waits for more without blocking (Atomics.waitAsync). */
  start(): void {
    if (this.stopped) return;
    this.drain();
    const waited = (Atomics as unknown as AsyncAtomics).waitAsync(this.counters, WRITTEN, this.read);
    if (waited.async) void waited.value.then(() => this.start());
    else queueMicrotask(() => this.start());
  }

  stop(): void {
    this.stopped = true;
  }

  /** Reads every batch written so far (also on a message that may have overtaken them). */
  drain(): void {
    const written = Atomics.load(this.counters, WRITTEN);
    while (!this.stopped && this.read < written) {
      const slot = this.slots[this.read % RING_SLOTS] as ReturnType<typeof slotAt>;
      const n = slot.head[0] as number;
      const count = slot.head[1] as number;
      // Copied out of shared memory: the slot is written again once freed, and TextDecoder refuses shared views.
      const numbers = slot.numbers.slice(0, count);
      const text = this.decoder.decode(slot.bytes.slice(count * 8, count * 8 + (slot.head[2] as number)));
      this.read++;
      Atomics.store(this.counters, READ, this.read);
      this.deliver(n, batchOf(JSON.parse(text) as BatchHead, numbers));
    }
    // For a writer that waits for a free slot (bench/post's); the data worker sends by message instead.
    Atomics.notify(this.counters, READ);
  }
}

function batchOf(head: BatchHead, numbers: Float64Array): SnapshotBatch {
  return {
    t: head.t,
    views: head.v.map(({ id, s, a }) => {
      for (const key in a) {
        const [offset, length] = a[key] as [number, number];
        s[key] = numbers.subarray(offset, offset + length);
      }
      return { id, snapshot: s as unknown as Snapshot };
    }),
  };
}

/** Puts batches numbered from 1 that come by two paths (ring, message) back in order. */
export class InOrder {
  private next = 1;
  private readonly waiting = new Map<number, SnapshotBatch>();

  constructor(private readonly deliver: (batch: SnapshotBatch) => void) {}

  put(n: number, batch: SnapshotBatch): void {
    if (n < this.next) return;
    this.waiting.set(n, batch);
    for (let next = this.waiting.get(this.next); next; next = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.next++;
      this.deliver(next);
    }
  }
}
