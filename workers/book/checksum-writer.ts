/**
 * The depth checksum of common/checksum.ts computed straight from ticks and lots: each number's decimal digits are
 * written into reused byte buffers (and reused from the previous frame where the level did not change), which a
 * slicing-by-8 CRC-32 then hashes, so no string is built. Equal to
 * `depthChecksum` because an integer `n` on a grid of `s` decimals is written by `(n / 10 ** s).toFixed(s)` as exactly
 * the digits of `n` with a point before the last `s` (the division is correctly rounded and |n| < 2^51, so toFixed rounds
 * back to n). Property-tested against it.
 */
import { CHECKSUM_LEVELS } from '../../common/protocol.ts';
import type { BookSide } from './book-side.ts';

/** Slicing-by-8 tables: TABLES[k * 256 + b] is the CRC of byte b followed by k zero bytes. */
const TABLES = (() => {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n] as number;
    for (let k = 1; k < 8; k++) {
      c = (t[c & 0xff] as number) ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
})();

const COLON = 0x3a;
const DOT = 0x2e;
const MINUS = 0x2d;
const ZERO = 0x30;
/** Two ASCII digits per value 0–99, so a number is cut up with half as many divisions. */
const PAIRS = (() => {
  const pairs = new Uint8Array(200);
  for (let i = 0; i < 100; i++) {
    pairs[2 * i] = ZERO + Math.floor(i / 10);
    pairs[2 * i + 1] = ZERO + (i % 10);
  }
  return pairs;
})();
const INT32_LIMIT = 2 ** 31;

/** Bytes one number may take: a sign, 16 digits of 2^53 or its scale's digits and one more, a point. */
function numberBytes(scale: number): number {
  return 2 + Math.max(17, scale + 1);
}

/** The CRC register before any byte (CRC-32 starts from all ones). */
export const CRC_START = -1;

/** The checksum from a CRC register: final XOR, unsigned. */
export function crcFinish(crc: number): number {
  return (crc ^ -1) >>> 0;
}

/** CRC register after feeding bytes [from, to) of `bytes` to `crc`. */
export function crcBytes(crc: number, bytes: Uint8Array, to: number, from = 0): number {
  const t = TABLES;
  const length = to;
  let c = crc;
  let i = from;
  // Eight bytes per step: eight independent table lookups instead of a chain of eight.
  for (; i + 8 <= length; i += 8) {
    c ^=
      (bytes[i] as number) |
      ((bytes[i + 1] as number) << 8) |
      ((bytes[i + 2] as number) << 16) |
      ((bytes[i + 3] as number) << 24);
    c =
      (t[1792 + (c & 0xff)] as number) ^
      (t[1536 + ((c >>> 8) & 0xff)] as number) ^
      (t[1280 + ((c >>> 16) & 0xff)] as number) ^
      (t[1024 + (c >>> 24)] as number) ^
      (t[768 + (bytes[i + 4] as number)] as number) ^
      (t[512 + (bytes[i + 5] as number)] as number) ^
      (t[256 + (bytes[i + 6] as number)] as number) ^
      (t[bytes[i + 7] as number] as number);
  }
  for (; i < length; i++) c = (c >>> 8) ^ (t[(c ^ (bytes[i] as number)) & 0xff] as number);
  return c;
}

/** Where one generation of a side's checksum text put each level, in the side's shared buffer. */
class Generation {
  readonly keys = new Float64Array(CHECKSUM_LEVELS);
  readonly lots = new Float64Array(CHECKSUM_LEVELS);
  /** Level e: price at [starts[e], mids[e]), `:` at mids[e], volume at (mids[e], ends[e]). */
  readonly starts = new Int32Array(CHECKSUM_LEVELS);
  readonly mids = new Int32Array(CHECKSUM_LEVELS);
  readonly ends = new Int32Array(CHECKSUM_LEVELS);
  count = 0;
}

/** Runs shorter than this are copied by a loop rather than copyWithin. */
const SHORT_COPY = 24;

/**
 * The checksum text of one side: its top {@link CHECKSUM_LEVELS} live levels, best first, as `price:volume` parts
 * joined by `:`. Most levels are the same from one frame to the next, or differ only in volume, so the text is rebuilt
 * from the previous one: runs of unchanged levels are copied in one move, a changed volume reuses its price's bytes,
 * and only the rest is formatted. The two generations live in the two halves of one buffer and swap per call.
 */
export class SideText {
  private readonly bytes: Uint8Array;
  private readonly half: number;
  private previous = new Generation();
  private next = new Generation();
  /** Which half of `bytes` the next text goes to. */
  private current = 0;

  constructor(
    private readonly priceScale: number,
    private readonly amountScale: number,
    /** Turns keys back into ticks: bids +1, asks −1. */
    private readonly sign: number,
  ) {
    this.half = CHECKSUM_LEVELS * (2 + numberBytes(priceScale) + numberBytes(amountScale));
    this.bytes = new Uint8Array(2 * this.half);
  }

  /** Feeds this side's text to a CRC register; `lead` puts a `:` first (the bids came before and were not empty). */
  feed(crc: number, side: BookSide, lead: boolean): number {
    const previous = this.next;
    const next = this.previous;
    this.previous = previous;
    this.next = next;
    this.current ^= 1;
    const { keys, lots } = side;
    const out = this.bytes;
    const begin = this.current * this.half;
    let o = begin;
    let e = 0;
    // Both texts run best first, i.e. by falling key, so one pointer walks the previous levels alongside.
    let p = 0;
    // A pending run of unchanged levels: previous bytes [runFrom, runTo) go to `runAt`; `last` is its last level.
    let runFrom = -1;
    let runTo = -1;
    let runAt = -1;
    let last = -2;
    for (let i = side.count - 1; i >= 0 && e < CHECKSUM_LEVELS; i--) {
      const volume = lots[i] as number;
      if (volume === 0) continue; // a hole
      const key = keys[i] as number;
      while (p < previous.count && (previous.keys[p] as number) > key) p++;
      next.keys[e] = key;
      next.lots[e] = volume;
      const known = p < previous.count && previous.keys[p] === key;
      if (known && previous.lots[p] === volume) {
        if (runFrom < 0 || p !== last + 1) {
          if (runFrom >= 0) o = move(out, runFrom, runTo, o);
          if (e > 0) out[o++] = COLON;
          runFrom = previous.starts[p] as number;
          runAt = o;
        }
        // The level is where the run puts it; the separators between consecutive levels come along.
        runTo = previous.ends[p] as number;
        const shift = runAt - runFrom;
        next.starts[e] = (previous.starts[p] as number) + shift;
        next.mids[e] = (previous.mids[p] as number) + shift;
        next.ends[e] = runTo + shift;
        last = p;
        e++;
        continue;
      }
      if (runFrom >= 0) {
        o = move(out, runFrom, runTo, o);
        runFrom = -1;
      }
      last = -2;
      if (e > 0) out[o++] = COLON;
      next.starts[e] = o;
      if (known) {
        // Same price, new volume.
        o = move(out, previous.starts[p] as number, previous.mids[p] as number, o);
      } else o = writeNumber(out, o, this.sign * key, this.priceScale);
      next.mids[e] = o;
      out[o++] = COLON;
      o = writeNumber(out, o, volume, this.amountScale);
      next.ends[e] = o;
      e++;
    }
    if (runFrom >= 0) o = move(out, runFrom, runTo, o);
    next.count = e;
    const c = lead && e > 0 ? (crc >>> 8) ^ (TABLES[(crc ^ COLON) & 0xff] as number) : crc;
    return crcBytes(c, out, o, begin);
  }
}

/** Copies bytes [from, to) of `bytes` to `at` (the other half of the buffer); returns the end. */
function move(bytes: Uint8Array, from: number, to: number, at: number): number {
  if (to - from >= SHORT_COPY) {
    bytes.copyWithin(at, from, to);
    return at + to - from;
  }
  let o = at;
  for (let i = from; i < to; i++) bytes[o++] = bytes[i] as number;
  return o;
}

/** Writes an integer as toFixed(scale) writes `value / 10 ** scale`, at `at`; returns the end. */
function writeNumber(text: Uint8Array, at: number, value: number, scale: number): number {
  let o = at;
  let v = value;
  if (v < 0) {
    text[o++] = MINUS;
    v = -v;
  }
  const unit = POW10[scale] as number;
  let whole = Math.floor(v / unit);
  let fraction = v - whole * unit;
  // v / unit is rounded once, so the floor can be one off near a multiple.
  if (fraction < 0) {
    whole -= 1;
    fraction += unit;
  } else if (fraction >= unit) {
    whole += 1;
    fraction -= unit;
  }
  // Digits are written backwards from the end, so they need counting first (at least one: "0.05").
  let length = 1;
  while (length < 16 && whole >= (POW10[length] as number)) length++;
  const point = o + length;
  writeDigits(text, point, whole, length);
  if (scale === 0) return point;
  text[point] = DOT;
  writeDigits(text, point + 1 + scale, fraction, scale);
  return point + 1 + scale;
}

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Writes exactly `count` digits of x (< 10^count, zero-padded) so that the last one lands just before `end`. */
function writeDigits(text: Uint8Array, end: number, x: number, count: number): void {
  let o = end;
  let left = count;
  let v = x;
  // Above int32 the divisions stay in doubles (exact below 2^53) until what is left fits.
  while (v >= INT32_LIMIT) {
    const q = Math.floor(v / 10);
    text[--o] = ZERO + (v - q * 10);
    v = q;
    left--;
  }
  let n = v | 0;
  // Int32 arithmetic, two digits per division by a constant (which compiles to a multiply).
  while (left >= 2) {
    const q = (n / 100) | 0;
    const r = (n - q * 100) << 1;
    text[--o] = PAIRS[r + 1] as number;
    text[--o] = PAIRS[r] as number;
    n = q;
    left -= 2;
  }
  if (left === 1) text[--o] = ZERO + n;
}
