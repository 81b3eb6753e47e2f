// A page's batch as one transferred buffer: the data worker packs, the page unpacks (src/data may import this).
export { after, BEFORE, packBatch, packInto, unpackBatch } from './packed.ts';
