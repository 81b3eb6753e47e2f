/**
 * A page's batches through memory it shares with its data worker (issue 22 item 5): posted, a 16-book batch cost
 * Chromium's messaging about as much again as the extract, most of it for fresh memory on both sides (bench/post
 * `plane_packed` against `plane_ring`). The page, cross-origin isolated, makes the ring and hands it over with its
 * port; the worker cuts each batch's arena from the next free slot, packs it there (workers/packed) and bumps
 * `written`; the page, woken by Atomics.waitAsync, copies each slot out into a buffer of its own (its views may live
 * on, the slot may not) and bumps `read`. A batch that does not fit a slot, or finds every slot unread, is posted.
 */
import type { SnapshotBatch } from '../api.ts';
import { packedBytes, packInto } from '../packed/index.ts';

/** Slots of one batch each: about a quarter of a second of batches at 60 a second before the worker posts. */
export const RING_SLOTS = 16;
/** Room a slot has: a 16-book batch of 50 levels a side and its directory is about 52 KiB. */
export const SLOT_BYTES = 128 * 1024;
/** The ring's head: the batches written and the batches read, padded to a cache line. */
const HEAD_BYTES = 64;
const WRITTEN = 0;
const READ = 1;
export const RING_BYTES = HEAD_BYTES + RING_SLOTS * SLOT_BYTES;

const slotAt = (n: number) => HEAD_BYTES + (n % RING_SLOTS) * SLOT_BYTES;

/** The worker's end: one batch at a time is claimed, cut and published (the data plane is single-threaded). */
export class RingWriter {
  private readonly head: Int32Array;
  private written = 0;
  private claimed: Float64Array | null = null;

  constructor(private readonly memory: SharedArrayBuffer) {
    this.head = new Int32Array(memory, 0, 2);
    Atomics.store(this.head, WRITTEN, 0);
  }

  /** The next slot's first `numbers`, or null when the batch would not fit or every slot is still unread. */
  claim(numbers: number): Float64Array | null {
    this.claimed = null;
    if (numbers * 8 > SLOT_BYTES || this.written - Atomics.load(this.head, READ) >= RING_SLOTS) return null;
    this.claimed = new Float64Array(this.memory, slotAt(this.written), numbers);
    return this.claimed;
  }

  /** Whether the batch about to be sunk was cut from a claimed slot. */
  get holding(): boolean {
    return this.claimed !== null;
  }

  /**
   * Packs the batch cut from the claimed slot there and wakes the page; false when it did not pack (its extras too
   * long for the slot): the caller then posts {@link copyOut} of it.
   */
  publish(batch: SnapshotBatch): boolean {
    const all = this.claimed;
    if (!all || packInto(batch, all, SLOT_BYTES) === null) return false;
    this.claimed = null;
    this.written++;
    Atomics.store(this.head, WRITTEN, this.written);
    Atomics.notify(this.head, WRITTEN);
    return true;
  }

  /** The claimed batch packed in a buffer of its own, to post (the slot is left for the next batch). */
  copyOut(batch: SnapshotBatch): { batch: SnapshotBatch; buffer: ArrayBuffer } {
    const all = this.claimed as Float64Array;
    this.claimed = null;
    const buffer = new ArrayBuffer(all.byteLength);
    new Float64Array(buffer).set(all);
    const views = batch.views.map(({ id, snapshot }) => {
      const moved: Record<string, unknown> = { ...snapshot };
      for (const key in moved) {
        const value = moved[key];
        if (value instanceof Float64Array && value.buffer === this.memory) {
          moved[key] = new Float64Array(buffer, value.byteOffset - all.byteOffset, value.length);
        }
      }
      return { id, snapshot: moved as unknown as typeof snapshot };
    });
    return { batch: { ...batch, views }, buffer };
  }
}

/** Atomics.waitAsync (ES2024; the project compiles against ES2023). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
) => { async: false; value: string } | { async: true; value: Promise<string> };
const waitAsync = (Atomics as unknown as { waitAsync?: WaitAsync }).waitAsync;

/** A ring for the page to share with its worker; null where memory cannot be shared (not cross-origin isolated). */
export function ringMemory(): SharedArrayBuffer | null {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  return isolated && typeof SharedArrayBuffer === 'function' && waitAsync ? new SharedArrayBuffer(RING_BYTES) : null;
}

/** The page's end: each batch the worker publishes, copied out of its slot, goes to `onBuffer` in order. */
export class RingReader {
  private readonly head: Int32Array;
  private read = 0;
  private stopped = false;

  constructor(
    private readonly memory: SharedArrayBuffer,
    private readonly onBuffer: (buffer: ArrayBuffer) => void,
  ) {
    this.head = new Int32Array(memory, 0, 2);
    Atomics.store(this.head, READ, 0);
    this.take();
  }

  /** Stops reading; the pending wait is woken and ends. */
  stop(): void {
    this.stopped = true;
    Atomics.notify(this.head, WRITTEN);
  }

  private readonly take = (): void => {
    const out: ArrayBuffer[] = [];
    let written = Atomics.load(this.head, WRITTEN);
    for (;;) {
      if (this.stopped) return;
      for (; this.read < written; this.read++) out.push(this.copy(slotAt(this.read)));
      Atomics.store(this.head, READ, this.read);
      Atomics.notify(this.head, READ);
      // Armed before the batches go on, so that a consumer's error does not stop the ring.
      const wait = (waitAsync as WaitAsync)(this.head, WRITTEN, written);
      if (wait.async) {
        void wait.value.then(this.take);
        break;
      }
      written = Atomics.load(this.head, WRITTEN);
    }
    for (const buffer of out) this.onBuffer(buffer);
  };

  private copy(at: number): ArrayBuffer {
    const bytes = packedBytes(new Int32Array(this.memory, at, 4));
    const out = new ArrayBuffer(bytes);
    new Uint8Array(out).set(new Uint8Array(this.memory, at, bytes));
    return out;
  }
}
