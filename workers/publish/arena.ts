import type { SnapshotWriter } from '../sources/index.ts';

/**
 * One batch's numbers: the views' snapshots are cut from one buffer in order, so the batch transfers a single
 * ArrayBuffer (in Chromium each transferred buffer costs about as much as the whole extract, bench/post).
 */
export class Arena implements SnapshotWriter {
  private readonly numbers: Float64Array;
  private readonly start: number;
  private readonly size: number;
  private used: number;

  /**
   * `before` and `after`: numbers kept free around the `size` it hands out (a packed batch's, workers/packed);
   * `memory`, that many numbers to cut them from (a shared ring's slot) instead of a fresh buffer.
   */
  constructor(size: number, before = 0, after = 0, memory: Float64Array | null = null) {
    this.numbers = memory ?? new Float64Array(before + size + after);
    this.size = size;
    this.start = this.used = before;
  }

  /** Numbers it hands out. */
  get capacity(): number {
    return this.size;
  }

  /** Writes from the start again (a painter's buffer, used for each tick's snapshot). */
  rewind(): this {
    this.used = this.start;
    return this;
  }

  /** The fresh buffer it cuts from; null when it cuts from shared memory (nothing to transfer). */
  get buffer(): ArrayBuffer | null {
    return this.numbers.buffer instanceof ArrayBuffer ? this.numbers.buffer : null;
  }

  peek(size: number): Float64Array {
    return this.numbers.subarray(this.used, this.used + size);
  }

  take(size: number): Float64Array {
    const out = this.numbers.subarray(this.used, this.used + size);
    this.used += size;
    return out;
  }
}
