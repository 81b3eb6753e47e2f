/**
 * The shared ring: a head of two counters (batches written, batches read) and RING_SLOTS slots of one batch each.
 * The writer fills a slot in place and publishes it by bumping `written`; it waits while every slot is unread.
 */
export const RING_SLOTS = 8;
export const RING_HEAD_BYTES = 64;
export const WRITTEN = 0;
export const READ = 1;
