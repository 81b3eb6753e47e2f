import type { SnapshotWriter } from '../sources/index.ts';

/**
 * One batch's numbers: the views' snapshots are cut from one buffer in order, so the batch transfers a single
 * ArrayBuffer (in Chromium each transferred buffer costs about as much as the whole extract, bench/post).
 */
export class Arena implements SnapshotWriter {
  private readonly numbers: Float64Array<ArrayBuffer>;
  private used = 0;

  constructor(size: number) {
    this.numbers = new Float64Array(size);
  }

  /** Numbers it holds. */
  get capacity(): number {
    return this.numbers.length;
  }

  /** Writes from the start again (a painter's buffer, used for each tick's snapshot). */
  rewind(): this {
    this.used = 0;
    return this;
  }

  get buffer(): ArrayBuffer {
    return this.numbers.buffer;
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
