import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import { linkTo } from '../../src/data/client.ts';
import type { BatchMemory, DataPlaneApi, SnapshotBatch, SnapshotSink, WorkerApi } from '../../workers/api.ts';
import { MarketLists } from '../../workers/market-lists.ts';
import { after, BEFORE } from '../../workers/packed/index.ts';
import { type BatchLease, REUSE_AFTER, RING_BYTES, RING_SLOTS } from '../../workers/ring/index.ts';
import { overPort } from '../../workers/worker-main.ts';

/**
 * The page's link and the worker's api joined as comlink joins them, with the batch sink the worker registered and
 * the memory it was given (with `ring`, the page's shared ring).
 */
function joined(ring: SharedArrayBuffer | null = null) {
  let sink: SnapshotSink | null = null;
  let memory: BatchMemory | null = null;
  const plane = {
    attach: (s: SnapshotSink, m?: BatchMemory) => {
      sink = s;
      memory = m ?? null;
    },
  } as unknown as DataPlaneApi;
  const worker = overPort(plane, new MarketLists(async () => []));
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
  // The ring's leases, kept: a slot is held until a test lets it go.
  const leases: BatchLease[] = [];
  link.listen((batch, lease) => {
    batches.push(batch);
    if (lease) leases.push(lease);
  });
  return {
    link,
    batches,
    leases,
    post: (b: SnapshotBatch, t: ArrayBuffer[]) => sink?.(b, t),
    memory: () => memory,
    stopped: () => stopped,
  };
}

const arrived = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('batches over a port of their own (no reply per batch)', () => {
  it('reach the page in order, their buffer transferred rather than copied', async () => {
    const { batches, post } = joined();
    const buffer = new ArrayBuffer(16);
    const first: SnapshotBatch = { t: 1, seq: 1, views: [] };
    post(first, [buffer]);
    post({ t: 2, seq: 2, views: [] }, []);
    // Transferred: the worker's buffer is gone from its side at once.
    expect(buffer.byteLength).toBe(0);
    await arrived();
    expect(batches.map((b) => b.t)).toEqual([1, 2]);
  });

  it('stop closes the page end: a later batch is dropped, the worker is let go', async () => {
    const { link, batches, post, stopped } = joined();
    link.stop();
    post({ t: 3, seq: 3, views: [] }, []);
    await arrived();
    expect(batches).toEqual([]);
    expect(stopped()).toBe(true);
  });
});

describe('batches packed in their one buffer (workers/packed)', () => {
  it('reach the page as the batch the plane made, their buffer transferred', async () => {
    const { batches, post } = joined();
    // An arena as the plane makes it: room for the head before the numbers and the directory after them.
    const buffer = new ArrayBuffer(8 * (BEFORE + 4 + after(['trades'])));
    const trades = new Float64Array(buffer, 8 * BEFORE, 4).fill(7);
    const health = { feed: 'live' as const, frameAge: 1, reconnects: 0, malformed: 0 };
    post({ t: 5, seq: 5, views: [{ id: 2, snapshot: { kind: 'trades', trades, health } }] }, [buffer]);
    expect(buffer.byteLength).toBe(0);
    await arrived();
    expect(batches).toHaveLength(1);
    const [view] = batches[0]?.views ?? [];
    expect(view?.id).toBe(2);
    expect(view?.snapshot).toEqual({ kind: 'trades', trades: new Float64Array([7, 7, 7, 7]), health });
  });
});

describe("batches through the page's shared ring (workers/ring)", () => {
  const health = { feed: 'live' as const, frameAge: 1, reconnects: 0, malformed: 0 };
  /** Batch `seq` of one trades view cut from the memory the plane was given, or a fresh buffer without a slot. */
  function cut(memory: BatchMemory, seq: number) {
    const numbers = BEFORE + 4 + after(['trades']);
    const slot = memory(numbers);
    const all = slot ?? new Float64Array(numbers);
    const trades = all.subarray(BEFORE, BEFORE + 4).fill(seq);
    const batch: SnapshotBatch = { t: seq, seq, views: [{ id: 1, snapshot: { kind: 'trades', trades, health } }] };
    return { batch, transfer: slot ? [] : [all.buffer as ArrayBuffer] };
  }

  it('reach the page through the ring while a slot is free, then over the port, all in order', async () => {
    const { batches, post, memory } = joined(new SharedArrayBuffer(RING_BYTES));
    const given = memory() as BatchMemory;
    expect(given).not.toBeNull();
    for (let seq = 0; seq <= RING_SLOTS; seq++) {
      const { batch, transfer } = cut(given, seq);
      post(batch, transfer);
    }
    await arrived();
    expect(batches.map((b) => b.seq)).toEqual([...Array(RING_SLOTS + 1).keys()]);
    const last = batches.at(-1)?.views[0]?.snapshot as { trades: Float64Array };
    expect([...last.trades]).toEqual(Array(4).fill(RING_SLOTS));
  });

  it('free their slots by the batches posted too, once every slot was let go', async () => {
    const { batches, leases, post, memory } = joined(new SharedArrayBuffer(RING_BYTES));
    const given = memory() as BatchMemory;
    const send = (seq: number) => {
      const { batch, transfer } = cut(given, seq);
      post(batch, transfer);
      return transfer.length === 0;
    };
    for (let seq = 0; seq < RING_SLOTS; seq++) send(seq);
    await arrived();
    for (const lease of leases) lease.letGo();
    // Every slot is cooling: the next REUSE_AFTER batches are posted, and they are what frees the slots.
    const ringed: boolean[] = [];
    for (let seq = RING_SLOTS; seq < RING_SLOTS + REUSE_AFTER; seq++) ringed.push(send(seq));
    await arrived();
    expect(ringed.every((r) => !r)).toBe(true);
    expect(send(RING_SLOTS + REUSE_AFTER)).toBe(true);
    await arrived();
    expect(batches.map((b) => b.seq)).toEqual([...Array(RING_SLOTS + REUSE_AFTER + 1).keys()]);
  });

  it('are not offered shared memory by a page that has none', () => {
    expect(joined().memory()).toBeNull();
  });
});
