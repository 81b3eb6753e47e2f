/**
 * A page's batches through memory it shares with its data worker (issue 22 item 5): posted packed, a 16-book batch
 * took 5.0–6.8 µs a market to reach the page, through the ring 1.6–2.5, median 1.77 (bench/post `plane_packed` and
 * `plane_ring`, seven runs; the extract alone 0.9–1.6), Chromium's messaging and fresh memory being most of the gap.
 * The page, cross-origin isolated, makes the ring and hands it over with its port; the worker cuts each batch's arena
 * from a free slot, packs it there (workers/packed), marks the slot held and queues it; the page, woken by
 * Atomics.waitAsync, makes the batch's views on the slot itself. Copying each slot out cost the page more than the
 * rest of its share (2026-12-07: 7–50 µs a 52 KiB batch, the numbers crossing cores), so the page lends the slot to
 * the snapshots it holds instead and frees it {@link REUSE_AFTER} batches after the last let go. A batch that does not
 * fit a slot, or finds none free, is posted.
 */
import type { SnapshotBatch } from '../api.ts';
import { packInto } from '../packed/index.ts';

/** Slots of one batch each: held by the snapshots the page shows, then cooling, then free again. */
export const RING_SLOTS = 24;
/** Room a slot has: a 16-book batch of 50 levels a side and its directory is about 52 KiB. */
export const SLOT_BYTES = 128 * 1024;
/**
 * The head's int32s: batches written (queued), slots the page freed (what a writer that waits, as bench/post's, waits
 * on), then each slot's state (1 from its batch's publishing until the page frees it) and the queue of published
 * slots, batch n's at n % RING_SLOTS (never full: each queued batch holds a slot of its own).
 */
export const RING_HEAD = { written: 0, freed: 1 } as const;
const STATES = 2;
const QUEUE = STATES + RING_SLOTS;
/** Padded to cache lines, so that the slots' numbers do not share one with the counters. */
const HEAD_BYTES = Math.ceil(((QUEUE + RING_SLOTS) * 4) / 64) * 64;
export const RING_BYTES = HEAD_BYTES + RING_SLOTS * SLOT_BYTES;
const { written: WRITTEN, freed: FREED } = RING_HEAD;

const slotAt = (slot: number) => HEAD_BYTES + slot * SLOT_BYTES;

/** The worker's end: one batch at a time is claimed, cut and published (the data plane is single-threaded). */
export class RingWriter {
  private readonly head: Int32Array;
  private written = 0;
  private claimed: { slot: number; all: Float64Array } | null = null;

  constructor(private readonly memory: SharedArrayBuffer) {
    this.head = new Int32Array(memory, 0, HEAD_BYTES / 4);
    Atomics.store(this.head, WRITTEN, 0);
  }

  /** A free slot's first `numbers`, or null when the batch would not fit or no slot is free. */
  claim(numbers: number): Float64Array | null {
    this.claimed = null;
    if (numbers * 8 > SLOT_BYTES) return null;
    // The lowest free slot: the fewer slots in use, the more of them stay in the caches.
    for (let slot = 0; slot < RING_SLOTS; slot++) {
      if (Atomics.load(this.head, STATES + slot) !== 0) continue;
      this.claimed = { slot, all: new Float64Array(this.memory, slotAt(slot), numbers) };
      return this.claimed.all;
    }
    return null;
  }

  /** Whether the batch about to be sunk was cut from a claimed slot. */
  get holding(): boolean {
    return this.claimed !== null;
  }

  /**
   * Packs the batch cut from the claimed slot there, queues the slot and wakes the page; false when it did not pack
   * (its extras too long for the slot): the caller then posts {@link copyOut} of it.
   */
  publish(batch: SnapshotBatch): boolean {
    const claimed = this.claimed;
    if (!claimed || packInto(batch, claimed.all, SLOT_BYTES) === null) return false;
    this.claimed = null;
    Atomics.store(this.head, STATES + claimed.slot, 1);
    Atomics.store(this.head, QUEUE + (this.written % RING_SLOTS), claimed.slot);
    this.written++;
    Atomics.store(this.head, WRITTEN, this.written);
    Atomics.notify(this.head, WRITTEN);
    return true;
  }

  /** The claimed batch moved to a buffer of its own, to post (the slot stays free). */
  copyOut(batch: SnapshotBatch): { batch: SnapshotBatch; buffer: ArrayBuffer } {
    const all = (this.claimed as { all: Float64Array }).all;
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
 * Batches, however they came, a slot no snapshot holds any more waits before the worker may write it again (about
 * 130 ms at 60 batches a second): a consumer may still read what it showed last for a moment.
 */
export const REUSE_AFTER = 8;

/** A ring slot lent to the snapshots cut from it: freed for the worker once the last lets go. */
export class BatchLease {
  private holds = 1;

  constructor(
    /** The ring's memory, and where in it the batch starts. */
    readonly buffer: SharedArrayBuffer,
    readonly at: number,
    private readonly release: () => void,
  ) {}

  hold(): void {
    if (this.holds > 0) this.holds++;
  }

  letGo(): void {
    if (this.holds > 0 && --this.holds === 0) this.release();
  }
}

/**
 * The page's end: each batch the worker publishes goes to `onBuffer` in order with the lease of its slot (let go once
 * read; held by what keeps its snapshots). Its arrays are views on the slot: once freed and written again, a view
 * still held reads the new batch's numbers, so a consumer that keeps arrays past its next snapshot copies them.
 */
export class RingReader {
  private readonly head: Int32Array;
  /** Batches taken from the queue. */
  private read = 0;
  private stopped = false;
  /** Batches the page has had, through the ring or posted: the clock slots cool by. */
  private batches = 0;
  private readonly cooling: { slot: number; after: number }[] = [];

  constructor(
    private readonly memory: SharedArrayBuffer,
    private readonly onBuffer: (lease: BatchLease) => void,
  ) {
    this.head = new Int32Array(memory, 0, HEAD_BYTES / 4);
    for (let slot = 0; slot < RING_SLOTS; slot++) Atomics.store(this.head, STATES + slot, 0);
    this.take();
  }

  /** Stops reading; the pending wait is woken and ends. */
  stop(): void {
    this.stopped = true;
    Atomics.notify(this.head, WRITTEN);
  }

  /** A batch that came another way (posted): slots cool by every batch, or none would free while all are posted. */
  passed(): void {
    this.batches++;
    this.thaw();
  }

  private readonly take = (): void => {
    const slots: number[] = [];
    let written = Atomics.load(this.head, WRITTEN);
    for (;;) {
      if (this.stopped) return;
      for (; this.read < written; this.read++) slots.push(Atomics.load(this.head, QUEUE + (this.read % RING_SLOTS)));
      // Armed before the batches go on, so that a consumer's error does not stop the ring.
      const wait = (waitAsync as WaitAsync)(this.head, WRITTEN, written);
      if (wait.async) {
        void wait.value.then(this.take);
        break;
      }
      written = Atomics.load(this.head, WRITTEN);
    }
    for (const slot of slots) {
      this.passed();
      this.onBuffer(new BatchLease(this.memory, slotAt(slot), () => this.cool(slot)));
    }
  };

  private cool(slot: number): void {
    this.cooling.push({ slot, after: this.batches + REUSE_AFTER });
  }

  private thaw(): void {
    while (this.cooling.length > 0 && (this.cooling[0] as { after: number }).after <= this.batches) {
      const { slot } = this.cooling.shift() as { slot: number };
      Atomics.store(this.head, STATES + slot, 0);
      Atomics.add(this.head, FREED, 1);
      Atomics.notify(this.head, FREED);
    }
  }
}
