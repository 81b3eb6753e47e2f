/**
 * One side of a depth book: price keys and volumes in lots, in two parallel preallocated Float64Arrays sorted ascending
 * by key with the best level at the END, so the levels that change most (near the top) move little on insert or delete.
 * Bids key on +ticks and asks on −ticks, so both sides share one ascending order (best = last = largest key).
 * Float64 rather than Int32: ticks of a price with many decimals pass 2^31 (100000.00000 is 1e10 ticks); the book keeps
 * counts below 2^51 (units.ts MAX_STEPS), where wire numbers round exactly.
 *
 * Three things keep a merge to a few loads and stores:
 * - Hints: a direct-mapped table `key mod 4096 → index` finds the level of an update without a search. A hint is only
 *   a guess, proved by `keys[index] === key` (keys are unique), so a stale or clashing hint costs a search, never a
 *   wrong merge. Whatever moves a level re-points its hint.
 * - Holes: a delete zeroes the level's volume in place instead of shifting the levels above it; an insert next to a hole
 *   takes the hole, and one between two live levels shifts only up to the nearest hole. The top slot is never a hole
 *   (deletes there trim). Holes are not counted as they come and go: keeping a count (reading each level's old volume,
 *   or just counting deletes) cost 15–20 % of the merge. Instead, after every {@link HOLE_CHECK} levels merged the side
 *   counts them and compacts when there are more than {@link MAX_HOLES}.
 * - Short moves are plain loops; copyWithin only pays off for long ones.
 */

import { MAX_STEPS, ROUND_SHIFT, steps } from './units.ts';

const HINTS = 4096;
const HINT_MASK = HINTS - 1;
/** Levels scanned one by one from the top before a binary search takes over: most inserts land in the first few. */
const SCAN = 16;
/** Moves shorter than this are done by a loop: copyWithin's call costs more than moving a few numbers by hand. */
const SHORT_SHIFT = 24;
/** How far an insert looks for a hole to shift into before it shifts up to the top. */
const HOLE_REACH = 32;
/**
 * Holes a side may hold at a count before it is compacted. Each costs readers a skipped slot, but keeps its price's
 * place: when the price comes back, the fast path revives it. Compacting at 64 sent enough of those returns through
 * the slow path to cost 7 % of the merge.
 */
export const MAX_HOLES = 256;
/** Levels merged between two hole counts: often enough to bound the holes, rarely enough that counting costs nothing. */
export const HOLE_CHECK = 4096;

export class BookSide {
  /** Sort keys: ticks for bids, −ticks for asks; [0, count) strictly ascending, best last. */
  keys: Float64Array;
  /** Volume in lots of the slot with the same index; 0 marks a hole (a deleted level whose key still holds order). */
  lots: Float64Array;
  /** Slots in use, holes included; `lots[count − 1] > 0` whenever count > 0. */
  count = 0;
  /** Levels merged since the holes were last counted. */
  private merged = 0;
  /** `key & HINT_MASK` → the index the level had when last placed; checked before use. */
  private readonly hints = new Int32Array(HINTS);

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.lots = new Float64Array(capacity);
  }

  /** Slots in [0, count) with zero volume (counted: for checks and tests). */
  get holes(): number {
    const lots = this.lots;
    let holes = 0;
    for (let i = 0; i < this.count; i++) holes += +(lots[i] === 0);
    return holes;
  }

  /** Live levels. */
  get size(): number {
    return this.count - this.holes;
  }

  /**
   * Merges flat wire levels `[price, volume, …]` from `from` to `to`: each becomes key `steps(price, keyUnit)` (keyUnit
   * is +10^priceScale for bids, −10^priceScale for asks) with `steps(volume, lotUnit)` lots, 0 deleting. Levels that are
   * not finite numbers or have a negative volume are skipped (see {@link set}). (Tracking whether the checksummed top was
   * touched cost 15 % of the merge; the caller re-hashes a side that got any level instead.)
   */
  merge(levels: ArrayLike<number>, from: number, to: number, keyUnit: number, lotUnit: number): void {
    let i = from;
    while (i + 1 < to) {
      i = this.mergeFound(levels, i, to, keyUnit, lotUnit);
      if (i + 1 >= to) break;
      this.set(steps(levels[i] as number, keyUnit), steps(levels[i + 1] as number, lotUnit));
      i += 2;
    }
    this.merged += (to - from) >> 1;
    if (this.merged >= HOLE_CHECK) {
      this.merged = 0;
      if (this.holes > MAX_HOLES) this.compact();
    }
  }

  /**
   * The fast path of {@link merge}: levels whose hint finds them and that leave the top slot live (nearly every update,
   * and revivals of holes), merged in a loop without calls so V8 keeps it tight. Returns where it stopped: the first
   * level that needs {@link set}, or `to`.
   */
  private mergeFound(levels: ArrayLike<number>, from: number, to: number, keyUnit: number, lotUnit: number): number {
    const hints = this.hints;
    const keys = this.keys;
    const lots = this.lots;
    const top = this.count - 1;
    // Module constants through locals, and units.ts steps() written out: a bundler turns module bindings into
    // variables V8 reloads and re-checks every turn (an imported function's identity included).
    const mask = HINT_MASK;
    const max = MAX_STEPS;
    const shift = ROUND_SHIFT;
    let i = from;
    for (; i + 1 < to; i += 2) {
      const key = (levels[i] as number) * keyUnit + shift - shift;
      const volume = (levels[i + 1] as number) * lotUnit + shift - shift;
      const at = hints[key & mask] as number;
      // Stored keys are valid, so a match proves the key; NaN matches nothing and fails every volume test.
      if (!(at <= top && keys[at] === key && volume < max && (volume > 0 || (volume === 0 && at < top)))) break;
      lots[at] = volume;
    }
    return i;
  }

  /**
   * Sets one level by key (0 deletes) after a search: the slow path of {@link merge} and of snapshot loading. Skips what
   * is not an exact integer grid number: NaN, infinities, magnitudes of {@link MAX_STEPS} or more, negative volumes.
   */
  set(key: number, volume: number): void {
    if (!(volume >= 0 && volume < MAX_STEPS && key > -MAX_STEPS && key < MAX_STEPS)) return;
    const keys = this.keys;
    const lots = this.lots;
    const j = this.lastAtMost(key);
    if (j >= 0 && keys[j] === key) {
      this.hints[key & HINT_MASK] = j;
      lots[j] = volume;
      if (volume === 0) this.trim();
    } else if (volume > 0) this.insertAfter(j, key, volume);
  }

  /** Makes room for `capacity` slots (snapshot loading writes the arrays directly). */
  reserve(capacity: number): void {
    while (this.keys.length < capacity) this.grow();
  }

  clear(): void {
    this.count = 0;
    this.merged = 0;
  }

  /** Points the hints of slots [from, to) at their indexes: after a long move, or after loading a snapshot. */
  rehint(from: number, to: number): void {
    const keys = this.keys;
    const hints = this.hints;
    for (let i = from; i < to; i++) hints[(keys[i] as number) & HINT_MASK] = i;
  }

  /**
   * The last index whose key is ≤ key, −1 when none. Near the top, books are dense: the level one or two ticks worse is
   * usually there and its hint gives the place at once. Otherwise scan down from the top, then binary search.
   */
  private lastAtMost(key: number): number {
    const keys = this.keys;
    const n = this.count;
    for (let d = 1; d <= 2; d++) {
      const p = this.hints[(key - d) & HINT_MASK] as number;
      if (p < n && keys[p] === key - d) {
        // Nothing may lie between key − d and key but key itself.
        if (p + 1 === n || (keys[p + 1] as number) > key) return p;
        if (keys[p + 1] === key) return p + 1;
        break;
      }
    }
    let j = n - 1;
    const stop = n > SCAN ? n - SCAN : 0;
    while (j >= stop && (keys[j] as number) > key) j--;
    if (j >= stop || stop === 0) return j;
    let a = 0;
    let b = stop;
    while (a < b) {
      const m = (a + b) >>> 1;
      if ((keys[m] as number) <= key) a = m + 1;
      else b = m;
    }
    return a - 1;
  }

  /** Inserts a new key between slots j and j + 1 (j = −1: below everything). */
  private insertAfter(j: number, key: number, volume: number): void {
    const keys = this.keys;
    const lots = this.lots;
    const n = this.count;
    // A hole on either side takes the key as it is: order holds, nothing moves.
    let at = -1;
    if (j >= 0 && lots[j] === 0) at = j;
    else if (j + 1 < n && lots[j + 1] === 0) at = j + 1;
    if (at >= 0) {
      keys[at] = key;
      lots[at] = volume;
      this.hints[key & HINT_MASK] = at;
      return;
    }
    // Otherwise shift the levels between here and the nearest hole above (if one is close) up by one slot.
    let hole = -1;
    const reach = Math.min(n, j + 1 + HOLE_REACH);
    for (let h = j + 2; h < reach; h++) {
      if (lots[h] === 0) {
        hole = h;
        break;
      }
    }
    if (hole >= 0) this.moveUp(j + 1, hole);
    else {
      if (n === this.keys.length) this.grow();
      this.moveUp(j + 1, n);
      this.count = n + 1;
    }
    this.keys[j + 1] = key;
    this.lots[j + 1] = volume;
    this.hints[key & HINT_MASK] = j + 1;
  }

  /** Moves slots [from, to) one up to [from + 1, to + 1), re-pointing their hints. */
  private moveUp(from: number, to: number): void {
    const keys = this.keys;
    const lots = this.lots;
    const hints = this.hints;
    if (to - from < SHORT_SHIFT) {
      for (let i = to; i > from; i--) {
        const k = keys[i - 1] as number;
        keys[i] = k;
        lots[i] = lots[i - 1] as number;
        hints[k & HINT_MASK] = i;
      }
      return;
    }
    keys.copyWithin(from + 1, from, to);
    lots.copyWithin(from + 1, from, to);
    this.rehint(from + 1, to + 1);
  }

  /** Drops holes from the top so the best slot is live. */
  private trim(): void {
    const lots = this.lots;
    while (this.count > 0 && lots[this.count - 1] === 0) this.count--;
  }

  /** Squeezes every hole out in one pass. */
  private compact(): void {
    const keys = this.keys;
    const lots = this.lots;
    const hints = this.hints;
    let w = 0;
    for (let r = 0; r < this.count; r++) {
      const volume = lots[r] as number;
      if (volume === 0) continue;
      const k = keys[r] as number;
      keys[w] = k;
      lots[w] = volume;
      hints[k & HINT_MASK] = w;
      w++;
    }
    this.count = w;
  }

  /** Doubling keeps growth amortised O(1); a book that grew stays grown (no churn when it shrinks and regrows). */
  private grow(): void {
    const capacity = Math.max(16, this.keys.length * 2);
    const keys = new Float64Array(capacity);
    const lots = new Float64Array(capacity);
    keys.set(this.keys.subarray(0, this.count));
    lots.set(this.lots.subarray(0, this.count));
    this.keys = keys;
    this.lots = lots;
  }
}
