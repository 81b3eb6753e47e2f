/**
 * A page's batches through memory it shares with its data worker (issue 22 item 5): posted packed, a 16-book batch
 * took 5.4 µs a market to reach the page, through the ring 2.3 (bench/post `plane_packed` and `plane_ring`, one run;
 * the extract alone 1.6), Chromium's messaging and fresh memory being most of the difference. The page, cross-origin
 * isolated, makes the ring and hands it over with its port; the worker cuts each batch's arena from the next free
 * slot, packs it there (workers/packed) and bumps `written`; the page, woken by Atomics.waitAsync, copies each slot
 * out into a buffer of its own (its views may live on, the slot may not; {@link PageBuffers}) and bumps `read`. A
 * batch that does not fit a slot, or finds every slot unread, is posted.
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

  /** The claimed batch moved to a buffer of its own, to post (the slot is left for the next batch). */
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

/**
 * Batches a buffer no snapshot holds any more waits before it is reused (about half a second at 60 batches a
 * second): a consumer may still read what it showed last for a moment.
 */
export const REUSE_AFTER = 32;
/** Free buffers kept per size; more are left to the garbage collector. */
const KEEP_FREE = 32;
/** The smallest buffer made: sizes are powers of two from here, so that buffers fit the next batches too. */
const MIN_BYTES = 4096;

/**
 * The page's buffers the ring's batches are copied into: fresh memory for every batch cost the page more than the
 * copy (bench/post). Each is lent ({@link BatchLease}) to the snapshots it holds and reused {@link REUSE_AFTER}
 * batches after the last let go, detached first (transferred to a new owner of the same memory), so that a snapshot
 * still held somewhere reads as empty rather than as another batch's numbers.
 */
export class PageBuffers {
  private readonly free = new Map<number, ArrayBuffer[]>();
  private readonly cooling: { buffer: ArrayBuffer; after: number }[] = [];
  private taken = 0;

  /** A buffer of at least `bytes`, lent once to the batch it is for. */
  take(bytes: number): BatchLease {
    this.taken++;
    this.thaw();
    let size = MIN_BYTES;
    while (size < bytes) size *= 2;
    return new BatchLease(this.free.get(size)?.pop() ?? new ArrayBuffer(size), this);
  }

  /** A buffer no lease holds any more. */
  returned(buffer: ArrayBuffer): void {
    this.cooling.push({ buffer, after: this.taken + REUSE_AFTER });
  }

  private thaw(): void {
    while (this.cooling.length > 0 && (this.cooling[0] as { after: number }).after <= this.taken) {
      const { buffer } = this.cooling.shift() as { buffer: ArrayBuffer };
      const list = this.free.get(buffer.byteLength) ?? [];
      this.free.set(buffer.byteLength, list);
      if (list.length < KEEP_FREE) list.push(detached(buffer));
    }
  }
}

/**
 * The same memory under a new owner, `buffer` detached (its views read as empty): ArrayBuffer.prototype.transfer
 * (ES2024) where there is one, else a structured clone that transfers it.
 */
function detached(buffer: ArrayBuffer): ArrayBuffer {
  const own = buffer as ArrayBuffer & { transfer?: () => ArrayBuffer };
  return own.transfer ? own.transfer() : structuredClone(buffer, { transfer: [buffer] });
}

/** A page buffer lent to the snapshots cut from it: back to its pool once the last lets go. */
export class BatchLease {
  private holds = 1;

  constructor(
    readonly buffer: ArrayBuffer,
    private readonly pool: PageBuffers,
  ) {}

  hold(): void {
    if (this.holds > 0) this.holds++;
  }

  letGo(): void {
    if (this.holds > 0 && --this.holds === 0) this.pool.returned(this.buffer);
  }
}

/**
 * The page's end: each batch the worker publishes, copied out of its slot into one of the page's buffers, goes to
 * `onBuffer` in order with its lease (let go once read; held by what keeps its snapshots).
 */
export class RingReader {
  private readonly head: Int32Array;
  private read = 0;
  private stopped = false;

  constructor(
    private readonly memory: SharedArrayBuffer,
    private readonly onBuffer: (lease: BatchLease) => void,
    private readonly buffers = new PageBuffers(),
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
    const out: BatchLease[] = [];
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
    for (const lease of out) this.onBuffer(lease);
  };

  private copy(at: number): BatchLease {
    const bytes = packedBytes(new Int32Array(this.memory, at, 4));
    const lease = this.buffers.take(bytes);
    new Uint8Array(lease.buffer, 0, bytes).set(new Uint8Array(this.memory, at, bytes));
    return lease;
  }
}
