/**
 * The page's script of bench/post: the product's batch unpacker (workers/packed), for the `plane_packed` row, and its
 * ring reader (workers/ring), for `plane_ring`, on the page's global scope where the bench's evaluated code finds them.
 */
import { unpackBatch } from '../../workers/packed/index.ts';
import { RING_BYTES, RingReader } from '../../workers/ring/index.ts';

Object.assign(globalThis, { benchProduct: { unpackBatch, RingReader, RING_BYTES } });
