import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import { linkTo } from '../../src/data/client.ts';
import type { DataPlaneApi, SnapshotBatch, SnapshotSink, WorkerApi } from '../../workers/api.ts';
import { RING_SLOTS, RingWriter, ringBuffer } from '../../workers/ring/index.ts';
import { overPort } from '../../workers/worker-main.ts';

/**
 * The page's link and the worker's api joined as comlink joins them, with the batch sink the worker registered;
 * with `ring`, the batches go through shared memory.
 */
function joined(ring: SharedArrayBuffer | null = null) {
  let sink: SnapshotSink | null = null;
  const plane = { attach: (s: SnapshotSink) => (sink = s) } as unknown as DataPlaneApi;
  const worker = overPort(plane, ring ? new RingWriter(ring) : null);
  let stopped = false;
  // comlink's `transfer` hands the port itself to the worker's attach.
  const link = linkTo(
    worker as unknown as Remote<WorkerApi>,
    () => {
      stopped = true;
    },
    ring,
  );
  const batches: SnapshotBatch[] = [];
  link.listen((batch) => batches.push(batch));
  return { link, batches, post: (b: SnapshotBatch, t: ArrayBuffer[]) => sink?.(b, t), stopped: () => stopped };
}

const arrived = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('batches over a port of their own (no reply per batch)', () => {
  it('reach the page in order, their buffer transferred rather than copied', async () => {
    const { batches, post } = joined();
    const buffer = new ArrayBuffer(16);
    const first: SnapshotBatch = { t: 1, views: [] };
    post(first, [buffer]);
    post({ t: 2, views: [] }, []);
    // Transferred: the worker's buffer is gone from its side at once.
    expect(buffer.byteLength).toBe(0);
    await arrived();
    expect(batches.map((b) => b.t)).toEqual([1, 2]);
  });

  it('stop closes the page end: a later batch is dropped, the worker is let go', async () => {
    const { link, batches, post, stopped } = joined();
    link.stop();
    post({ t: 3, views: [] }, []);
    await arrived();
    expect(batches).toEqual([]);
    expect(stopped()).toBe(true);
  });
});

describe('batches through a shared ring (a cross-origin-isolated page)', () => {
  it('reach the page in order, by the port only when the ring has no free slot', async () => {
    const { link, batches, post } = joined(ringBuffer());
    const buffers = Array.from({ length: RING_SLOTS + 2 }, () => new ArrayBuffer(8));
    buffers.forEach((buffer, i) => {
      post({ t: i + 1, views: [] }, [buffer]);
    });
    // The ring took the first RING_SLOTS (their buffers stay with the worker); the rest went by message, transferred.
    expect(buffers.map((b) => b.byteLength)).toEqual([...Array(RING_SLOTS).fill(8), 0, 0]);
    await expect.poll(() => batches.length).toBe(RING_SLOTS + 2);
    expect(batches.map((b) => b.t)).toEqual(buffers.map((_, i) => i + 1));
    link.stop();
  });
});
