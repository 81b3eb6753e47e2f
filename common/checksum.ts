/**
 * Depth checksum of DESIGN §4: CRC-32 (IEEE) of the UTF-8 string joining, with `:`, the top 25 bid levels best first as
 * `price:volume`, then the top 25 ask levels best first, each written with the market's price and amount decimals.
 * Server and worker compute it from the same code, so a mismatch means the book really differs.
 */
import { CHECKSUM_LEVELS } from './protocol.ts';

const TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3) of a string's UTF-8 bytes, unsigned. */
export function crc32(text: string): number {
  let crc = -1;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    // Levels are ASCII; the rest is encoded to UTF-8 on the fly so any string hashes as its bytes.
    if (code < 0x80) {
      crc = (crc >>> 8) ^ (TABLE[(crc ^ code) & 0xff] as number);
      continue;
    }
    if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    const bytes =
      code < 0x800
        ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
        : code < 0x10000
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
          : [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
    for (const b of bytes) crc = (crc >>> 8) ^ (TABLE[(crc ^ b) & 0xff] as number);
  }
  return (crc ^ -1) >>> 0;
}

/** The string the checksum covers; flat `[price, volume, …]` sides, best first. */
export function checksumText(
  bids: ArrayLike<number>,
  asks: ArrayLike<number>,
  priceScale: number,
  amountScale: number,
): string {
  const parts: string[] = [];
  for (const side of [bids, asks]) {
    const n = Math.min(side.length, CHECKSUM_LEVELS * 2);
    for (let i = 0; i + 1 < n; i += 2) {
      parts.push((side[i] as number).toFixed(priceScale), (side[i + 1] as number).toFixed(amountScale));
    }
  }
  return parts.join(':');
}

export function depthChecksum(
  bids: ArrayLike<number>,
  asks: ArrayLike<number>,
  priceScale: number,
  amountScale: number,
): number {
  return crc32(checksumText(bids, asks, priceScale, amountScale));
}
