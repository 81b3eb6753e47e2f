/**
 * The page's script of bench/post: the product's ring reader (workers/ring), for the `plane_ring` row, on the page's
 * global scope where the bench's evaluated code finds it.
 */
import { InOrder, RingReader, ringBuffer } from '../../workers/ring/index.ts';

Object.assign(globalThis, { benchProduct: { InOrder, RingReader, ringBuffer } });
