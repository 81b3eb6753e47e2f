/** Byte totals of the compressible files, raw and as their brotli and gzip copies. */
export interface PrecompressTotals {
  files: number;
  raw: number;
  br: number;
  gz: number;
}

export function precompress(dir: string): PrecompressTotals;
