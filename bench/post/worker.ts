/**
 * The worker side of bench/post, served with the page (cross-origin isolated) to Chromium: loads one book from the
 * stream's snapshot, then on each request extracts and hands over `count` snapshots in one of its shapes and reports
 * the time it spent.
 */
import type { DepthDiffFrame, DepthSnapshotFrame } from '../../common/protocol.ts';
import type { SnapshotBatch } from '../../workers/api.ts';
import { DepthBook, LEVEL_STRIDE } from '../../workers/book/index.ts';
import { decodeFrame } from '../../workers/feed/index.ts';
import { unpackFrames } from '../../workers/hub/index.ts';
import { after, BEFORE, packBatch } from '../../workers/packed/index.ts';
import { RING_HEAD, RingWriter } from '../../workers/ring/index.ts';
import { READ, RING_HEAD_BYTES, RING_SLOTS, WRITTEN } from './ring.ts';

export type Shape =
  | 'extract'
  | 'transfer'
  | 'clone'
  | 'buffers'
  | 'batch'
  | 'ring'
  | 'hub'
  | 'plane'
  | 'planePacked'
  | 'planePooled'
  | 'planeRing'
  | 'objects';
export interface Request {
  shape: Shape;
  /** Snapshots to post (markets × messages for `batched`). */
  count: number;
  markets: number;
  depth: number;
}

/** What this file uses of a worker's global scope (bench/ compiles with Node's types only). */
declare const self: {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  onmessage: ((event: { data: Setup | Request | HubControl }) => void) | null;
};

/** A port the page links to the hub (bench/post/hub.ts), and the page's word before and after a hub pass. */
type HubControl =
  | { hub: { onmessage: ((event: { data: ArrayBuffer }) => void) | null } }
  | { hubReset: { depth: number } }
  | { hubReport: true }
  | { returned: ArrayBuffer[] };

interface Setup {
  snapshot: DepthSnapshotFrame;
  grid: { priceScale: number; amountScale: number };
  /** The ring's memory, shared with the page (null when the page is not cross-origin isolated). */
  ring: SharedArrayBuffer | null;
  /** The product's ring (workers/ring), likewise. */
  productRing: SharedArrayBuffer | null;
}

let book: DepthBook | null = null;
let ring: SharedArrayBuffer | null = null;
let setup: Setup | null = null;

/** A fresh book from the stream's snapshot. */
function loadBook({ grid, snapshot }: Setup): ReturnType<DepthBook['apply']> {
  book = new DepthBook(grid);
  return book.apply(snapshot);
}

/** The hub pass under way: batches written, the depth asked for, and the ms spent on the hub's messages. */
const hubPass = { batches: 0, depth: 50, ms: 0 };

/** Publishes batch `i` of `markets` snapshots into the ring once its slot is free; `fill` writes slot `at`. */
function publish(memory: SharedArrayBuffer, i: number, size: number, fill: (data: Float64Array, at: number) => void) {
  const head = new Int32Array(memory, 0, 2);
  for (let read = Atomics.load(head, READ); i - read >= RING_SLOTS; read = Atomics.load(head, READ)) {
    Atomics.wait(head, READ, read);
  }
  const data = new Float64Array(memory, RING_HEAD_BYTES, RING_SLOTS * size);
  fill(data, (i % RING_SLOTS) * size);
  Atomics.store(head, WRITTEN, i + 1);
  Atomics.notify(head, WRITTEN);
}

/**
 * One message of the hub: each market's raw frame decoded and merged (here all into the one book, in order), then
 * every market's snapshot extracted into the next slot of the ring — a tab's data worker behind a shared socket.
 */
function takeFrames(buffer: ArrayBuffer): void {
  const start = performance.now();
  const b = book as DepthBook;
  const frames = unpackFrames(buffer);
  const markets = frames.length;
  for (const bytes of frames) {
    const frame = decodeFrame(bytes);
    if (!frame || b.apply(frame as DepthDiffFrame) !== 'applied') throw new Error('a hub frame did not apply');
  }
  const size = 2 * hubPass.depth * LEVEL_STRIDE;
  publish(ring as SharedArrayBuffer, hubPass.batches++, markets * size, (data, at) => {
    for (let m = 0; m < markets; m++) extract(b, hubPass.depth, data, at + m * size);
  });
  hubPass.ms += performance.now() - start;
}

/** `count / markets` batches through the ring: each market's sides extracted straight into the shared slot. */
function writeRing(b: DepthBook, memory: SharedArrayBuffer, { count, markets, depth }: Request): void {
  const size = 2 * depth * LEVEL_STRIDE;
  for (let i = 0; i < count / markets; i++) {
    publish(memory, i, markets * size, (data, at) => {
      for (let m = 0; m < markets; m++) extract(b, depth, data, at + m * size);
    });
  }
}

/**
 * Batch `i` as workers/publish/plane.ts makes it: each market's book snapshot with its health, every side a view into
 * one buffer.
 */
function planeBatch(b: DepthBook, i: number, markets: number, depth: number, room: boolean, into?: Float64Array) {
  const size = 2 * depth * LEVEL_STRIDE;
  // With room around the numbers for the packed head and directory, as the plane's arena has (workers/packed).
  const before = room ? BEFORE : 0;
  const all = into ?? new Float64Array(planeLength(markets, depth, room));
  const out = all.subarray(before, before + markets * size);
  const views: SnapshotBatch['views'] = [];
  for (let m = 0; m < markets; m++) {
    const bids = out.subarray(m * size, m * size + size / 2);
    const asks = out.subarray(m * size + size / 2, (m + 1) * size);
    b.extract(1, depth, bids);
    b.extract(2, depth, asks);
    const none = out.subarray(0, 0);
    const book = { status: 'live' as const, seq: 1000 + i, resyncs: 0, duplicates: 0 };
    const health = { feed: 'live' as const, frameAge: 12, reconnects: 0, malformed: 0, book };
    views.push({ id: m + 1, snapshot: { kind: 'book', bids, asks, ownBids: none, ownAsks: none, health } });
  }
  return { batch: { t: i, seq: i, views } satisfies SnapshotBatch, buffer: all.buffer as ArrayBuffer };
}

/** The numbers of a plane batch of `markets` books, with the packed head's and directory's room or without. */
function planeLength(markets: number, depth: number, room: boolean): number {
  const numbers = markets * 2 * depth * LEVEL_STRIDE;
  return room ? BEFORE + numbers + after(Array(markets).fill('book')) : numbers;
}

/**
 * The product's ring (workers/ring): each batch cut from a free slot and packed there; the page's reader
 * (src/data/client.ts as the product runs it) lends the slot to what it unpacks and frees it once let go. Where the
 * product posts a batch that finds no slot free, this waits for the page to free one, so that every batch goes
 * through the ring.
 */
function writeProductRing(b: DepthBook, memory: SharedArrayBuffer, { count, markets, depth }: Request): void {
  const writer = new RingWriter(memory);
  const head = new Int32Array(memory, 0, 4);
  const length = planeLength(markets, depth, true);
  for (let i = 0; i < count / markets; i++) {
    for (;;) {
      // Read before the claim, so that a slot freed after it wakes the wait.
      const freed = Atomics.load(head, RING_HEAD.freed);
      const slot = writer.claim(length);
      if (slot) {
        const { batch } = planeBatch(b, i, markets, depth, true, slot);
        if (!writer.publish(batch)) throw new Error('a batch did not pack into its slot');
        break;
      }
      Atomics.wait(head, RING_HEAD.freed, freed);
    }
  }
}

/** The product's batches: posted as objects (`plane`), or packed in their one buffer (`planePacked`). */
function postPlane(b: DepthBook, { shape, count, markets, depth }: Request): void {
  for (let i = 0; i < count / markets; i++) {
    const { batch, buffer } = planeBatch(b, i, markets, depth, shape === 'planePacked');
    const packed = shape === 'planePacked' ? packBatch(batch, buffer) : null;
    if (packed) self.postMessage(packed, [packed]);
    else self.postMessage(batch, [buffer]);
  }
}

/** Buffers the page gave back, and the pooled pass under way (it waits for the page when none is free). */
const pool: ArrayBuffer[] = [];
const pooled = { next: 0, batches: 0, ms: 0, inFlight: 0, waiting: false, request: null as Request | null };
const POOL_IN_FLIGHT = 32;

/** The pooled pass: batches packed into buffers the page returns, fresh ones only while fewer than 32 are out. */
function postPooled(b: DepthBook): void {
  const request = pooled.request as Request;
  const start = performance.now();
  pooled.waiting = false;
  for (; pooled.next < pooled.batches; pooled.next++) {
    const reuse = pool.pop();
    if (!reuse && pooled.inFlight >= POOL_IN_FLIGHT) {
      pooled.waiting = true;
      break;
    }
    if (!reuse) pooled.inFlight++;
    const into = reuse && new Float64Array(reuse, 0, planeLength(request.markets, request.depth, true));
    const { batch, buffer } = planeBatch(b, pooled.next, request.markets, request.depth, true, into);
    const packed = packBatch(batch, buffer) as ArrayBuffer;
    self.postMessage(packed, [packed]);
  }
  pooled.ms += performance.now() - start;
  if (!pooled.waiting) self.postMessage({ sent: pooled.ms });
}

function extract(b: DepthBook, depth: number, out: Float64Array, at: number): void {
  b.extract(1, depth, out, 0, at);
  b.extract(2, depth, out, 0, at + depth * LEVEL_STRIDE);
}

function post(b: DepthBook, request: Request): number {
  const { shape, count, markets, depth } = request;
  const size = 2 * depth * LEVEL_STRIDE;
  const scratch = new Float64Array(size);
  const start = performance.now();
  if (shape === 'ring') {
    if (!ring) throw new Error('no shared memory: the page is not cross-origin isolated');
    writeRing(b, ring, request);
  } else if (shape === 'planeRing') {
    if (!setup?.productRing) throw new Error('no shared memory: the page is not cross-origin isolated');
    writeProductRing(b, setup.productRing, request);
  } else if (shape === 'plane' || shape === 'planePacked') {
    postPlane(b, request);
  } else if (shape === 'transfer') {
    for (let i = 0; i < count; i++) {
      const out = new Float64Array(size);
      extract(b, depth, out, 0);
      self.postMessage(out, [out.buffer]);
    }
  } else if (shape === 'extract') {
    for (let i = 0; i < count; i++) extract(b, depth, scratch, 0);
  } else if (shape === 'clone') {
    for (let i = 0; i < count; i++) {
      extract(b, depth, scratch, 0);
      self.postMessage(scratch);
    }
  } else if (shape === 'batch') {
    // What workers/publish/plane.ts sends: every side a view into one buffer, transferred once per batch.
    for (let i = 0; i < count / markets; i++) {
      const out = new Float64Array(markets * size);
      const views: Float64Array[] = [];
      for (let m = 0; m < markets; m++) {
        const bids = out.subarray(m * size, m * size + size / 2);
        const asks = out.subarray(m * size + size / 2, (m + 1) * size);
        b.extract(1, depth, bids);
        b.extract(2, depth, asks);
        views.push(bids, asks);
      }
      self.postMessage(views, [out.buffer]);
    }
  } else if (shape === 'buffers') {
    // Each market's own buffer in one message, for comparison: every transferred buffer has its own cost.
    for (let i = 0; i < count / markets; i++) {
      const views: Float64Array<ArrayBuffer>[] = [];
      for (let m = 0; m < markets; m++) {
        const out = new Float64Array(size);
        extract(b, depth, out, 0);
        views.push(out);
      }
      self.postMessage(
        views,
        views.map((v) => v.buffer as ArrayBuffer),
      );
    }
  } else {
    for (let i = 0; i < count; i++) {
      extract(b, depth, scratch, 0);
      const levels: { side: number; price: number; volume: number; cumVolume: number; value: number }[] = [];
      for (let l = 0; l < 2 * depth; l++) {
        const o = l * LEVEL_STRIDE;
        levels.push({
          side: l < depth ? 1 : 2,
          price: scratch[o] as number,
          volume: scratch[o + 1] as number,
          cumVolume: scratch[o + 2] as number,
          value: scratch[o + 3] as number,
        });
      }
      self.postMessage(levels);
    }
  }
  return performance.now() - start;
}

self.onmessage = (event) => {
  const data = event.data;
  if ('snapshot' in data) {
    setup = data;
    ring = data.ring;
    self.postMessage({ loaded: loadBook(data) });
    return;
  }
  if ('hub' in data) {
    data.hub.onmessage = (message) => takeFrames(message.data);
    return;
  }
  if ('hubReset' in data) {
    // Each pass merges the hub's diffs from the snapshot on.
    if (!setup) throw new Error('no book');
    loadBook(setup);
    Object.assign(hubPass, { batches: 0, depth: data.hubReset.depth, ms: 0 });
    self.postMessage({ reset: true });
    return;
  }
  if ('hubReport' in data) {
    self.postMessage({ sent: hubPass.ms });
    return;
  }
  if ('returned' in data) {
    pool.push(...data.returned);
    if (pooled.waiting && book) postPooled(book);
    return;
  }
  if (book === null) throw new Error('no book');
  if (data.shape === 'planePooled') {
    Object.assign(pooled, { next: 0, batches: data.count / data.markets, ms: 0, request: data });
    postPooled(book);
    return;
  }
  const sent = post(book, data);
  self.postMessage({ sent });
};
