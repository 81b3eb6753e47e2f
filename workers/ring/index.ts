// A page's batches through memory shared with its data worker: the worker writes, the page reads (src/data may import this).
export {
  BatchLease,
  REUSE_AFTER,
  RING_BYTES,
  RING_HEAD,
  RING_SLOTS,
  RingReader,
  RingWriter,
  ringMemory,
  SLOT_BYTES,
} from './ring.ts';
