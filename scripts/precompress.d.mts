/** Writes brotli and gzip copies beside each compressible file of the built client in `dir`. */
export function precompress(dir: string): void;
