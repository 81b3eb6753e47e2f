/**
 * The depth checksum of common/checksum.ts computed straight from ticks and lots: each number's decimal digits are fed
 * into a table CRC-32 as they are produced, so no string is built. Equal to `depthChecksum` because an integer `n` on a
 * grid of `s` decimals is written by `(n / 10 ** s).toFixed(s)` as exactly the digits of `n` with a point before the last
 * `s` (the division is correctly rounded and |n| < 2^52, so toFixed rounds back to n). Property-tested against it.
 */
import { CHECKSUM_LEVELS } from '../../common/protocol.ts';
import type { BookSide } from './book-side.ts';

const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

const COLON = 0x3a;
const DOT = 0x2e;
const MINUS = 0x2d;
const ZERO = 0x30;

/** The CRC register before any byte (CRC-32 starts from all ones). */
export const CRC_START = -1;

/** The checksum from a CRC register: final XOR, unsigned. */
export function crcFinish(crc: number): number {
  return (crc ^ -1) >>> 0;
}

export class ChecksumWriter {
  /** Digits of one number, least significant first (2^53 has 16 digits; scales pad it to at most 16 + scale). */
  private readonly digits = new Uint8Array(64);

  constructor(
    private readonly priceScale: number,
    private readonly amountScale: number,
  ) {}

  /**
   * Feeds the top {@link CHECKSUM_LEVELS} levels of one side, best first, as `price:volume` parts. `sign` turns keys back
   * into ticks (bids +1, asks −1); `lead` says whether a `:` separates these parts from earlier ones.
   */
  side(crc: number, side: BookSide, sign: number, lead: boolean): number {
    const { keys, lots } = side;
    let c = crc;
    let first = !lead;
    let left = CHECKSUM_LEVELS;
    for (let i = side.count - 1; i >= 0 && left > 0; i--) {
      const volume = lots[i] as number;
      if (volume === 0) continue; // a hole
      if (!first) c = (c >>> 8) ^ (TABLE[(c ^ COLON) & 0xff] as number);
      first = false;
      c = this.number(c, sign * (keys[i] as number), this.priceScale);
      c = (c >>> 8) ^ (TABLE[(c ^ COLON) & 0xff] as number);
      c = this.number(c, volume, this.amountScale);
      left--;
    }
    return c;
  }

  /** Feeds an integer written with `scale` decimals, as toFixed(scale) writes `value / 10 ** scale`. */
  private number(crc: number, value: number, scale: number): number {
    const digits = this.digits;
    let c = crc;
    let v = value;
    if (v < 0) {
      c = (c >>> 8) ^ (TABLE[(c ^ MINUS) & 0xff] as number);
      v = -v;
    }
    let length = 0;
    // Exact below 2^53: v / 10 is correctly rounded and never rounds up to the next integer at these magnitudes.
    do {
      const q = Math.floor(v / 10);
      digits[length++] = v - q * 10;
      v = q;
    } while (v > 0);
    // At least one digit before the point: 5 ticks at scale 2 is "0.05".
    while (length <= scale) digits[length++] = 0;
    for (let i = length - 1; i >= 0; i--) {
      if (i === scale - 1) c = (c >>> 8) ^ (TABLE[(c ^ DOT) & 0xff] as number);
      c = (c >>> 8) ^ (TABLE[(c ^ (ZERO + (digits[i] as number))) & 0xff] as number);
    }
    return c;
  }
}
