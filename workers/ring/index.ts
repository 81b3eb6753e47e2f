/** The page's batches over shared memory: the worker's writer, the page's reader (src/data may import this). */
export { InOrder, type Overflow, RING_SLOTS, RingReader, RingWriter, ringBuffer, SLOT_BYTES } from './ring.ts';
