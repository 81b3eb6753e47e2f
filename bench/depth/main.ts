/**
 * bench/depth — the worker's depth pipeline (DESIGN §7), side by side in one run:
 * - depth-merge: level updates per second merged by our DepthBook (merge alone, then merge + sequence + crossing +
 *   checksum verification per frame through `apply`), by ccxt's own order book (`exchange.orderBook()`, fed with
 *   `bids.store(price, amount)` as its websocket clients do, minus their string parsing) and by a naive Map book that
 *   sorts its top once per frame; ccxt runs in the same pass as ours and vs_ccxt is the median of the per-pass ratios;
 * - depth-decode (decode.ts): diff frames per second decoded by our decoder (workers/feed/msgpack.ts, alone and with
 *   the feed's shape checks), by msgpackr and from JSON, all packed as the gateway packs them;
 * - snapshot-post: µs per snapshot to extract the top 50 levels a side and post them through a real MessageChannel,
 *   as one transferred Float64Array, as 16 markets' arrays over one transferred buffer (the worker's per-frame batch),
 *   or as 100 cloned objects, until the receiver has them; bench/post measures the same in Chromium.
 * The stream is precomputed (bench/depth/stream.ts); every figure is the median of several passes after a warm-up.
 * Run: npm run bench -- depth [--updates 2000000] [--passes 7] [--json]
 */
import { MessageChannel } from 'node:worker_threads';
import { Exchange } from 'ccxt';
import type { DepthDiffFrame } from '../../common/protocol.ts';
import { DepthBook, LEVEL_STRIDE } from '../../workers/book/index.ts';
import { median, option, type Row, report, seconds } from '../report.ts';
import { decodeRows } from './decode.ts';
import { NaiveBook } from './naive.ts';
import { type DepthStream, depthStream, GRID } from './stream.ts';

const UPDATES = option('updates', 2_000_000);
const PASSES = option('passes', 7);
const PER_FRAME = 20;
/** Levels per side in a posted snapshot. */
const SNAPSHOT_DEPTH = 50;

/** Updates in the first `frames` diffs. */
function updatesIn(s: DepthStream, frames: number): number {
  return ((s.offsets[2 * frames] as number) - (s.offsets[0] as number)) / 2;
}

/** Top levels of a DepthBook as `[price, volume]` pairs, best first, for the cross-checks. */
function topOf(book: DepthBook, side: 1 | 2, depth: number): number[] {
  const out = new Float64Array(depth * LEVEL_STRIDE);
  const n = book.extract(side, depth, out);
  const pairs: number[] = [];
  for (let i = 0; i < n; i++) pairs.push(out[i * LEVEL_STRIDE] as number, out[i * LEVEL_STRIDE + 1] as number);
  return pairs;
}

function same(a: number[], b: number[], what: string): void {
  if (a.length !== b.length || a.some((x, i) => x !== b[i])) throw new Error(`${what} disagrees with tickstream`);
}

// ─── depth-merge ────────────────────────────────────────────────────────────────────────────────────────────────────

function loaded(s: DepthStream): DepthBook {
  const book = new DepthBook(GRID);
  if (book.apply(s.snapshot) !== 'applied') throw new Error('the stream snapshot does not load');
  return book;
}

/** One pass of merging alone (no checks), reading the same flat buffer as the others. */
function tickstreamMerge(s: DepthStream, frames: number): { seconds: number; book: DepthBook } {
  const book = loaded(s);
  const { flat, offsets } = s;
  const time = seconds(() => {
    for (let k = 0; k < frames; k++) {
      book.merge(1, flat, offsets[2 * k] as number, offsets[2 * k + 1] as number);
      book.merge(2, flat, offsets[2 * k + 1] as number, offsets[2 * k + 2] as number);
    }
  });
  if (book.checksum() !== (s.diffs[frames - 1] as DepthDiffFrame).checksum) throw new Error('merge went wrong');
  return { seconds: time, book };
}

/** One pass through `apply`: sequence check, merge, crossing check and checksum verification of every frame. */
function tickstreamApply(s: DepthStream, frames: number): number {
  const book = loaded(s);
  const diffs = s.diffs;
  let refused = 0;
  const time = seconds(() => {
    for (let k = 0; k < frames; k++) if (book.apply(diffs[k] as DepthDiffFrame) !== 'applied') refused++;
  });
  if (refused > 0) throw new Error(`${refused} frames refused`);
  return time;
}

function pairs(flat: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] as number, flat[i + 1] as number]);
  return out;
}

const exchange = new Exchange();

function ccxtMerge(s: DepthStream, frames: number): { seconds: number; top: number[] } {
  const book = exchange.orderBook({ bids: pairs(s.snapshot.bids), asks: pairs(s.snapshot.asks) });
  const { flat, offsets } = s;
  const time = seconds(() => {
    for (let k = 0; k < frames; k++) {
      const a = offsets[2 * k] as number;
      const b = offsets[2 * k + 1] as number;
      const c = offsets[2 * k + 2] as number;
      for (let i = a; i < b; i += 2) book.bids.store(flat[i], flat[i + 1]);
      for (let i = b; i < c; i += 2) book.asks.store(flat[i], flat[i + 1]);
    }
  });
  const top = (book.bids as unknown as [number, number][]).slice(0, 25).flat();
  return { seconds: time, top };
}

function naiveMerge(s: DepthStream, frames: number): { seconds: number; book: NaiveBook } {
  const book = new NaiveBook();
  book.merge(book.bids, s.snapshot.bids, 0, s.snapshot.bids.length);
  book.merge(book.asks, s.snapshot.asks, 0, s.snapshot.asks.length);
  const { flat, offsets } = s;
  let sink = 0;
  const time = seconds(() => {
    for (let k = 0; k < frames; k++) {
      book.merge(book.bids, flat, offsets[2 * k] as number, offsets[2 * k + 1] as number);
      book.merge(book.asks, flat, offsets[2 * k + 1] as number, offsets[2 * k + 2] as number);
      sink += book.top(SNAPSHOT_DEPTH);
    }
  });
  if (!(sink > 0)) throw new Error('naive book is empty');
  return { seconds: time, book };
}

function mergeRows(s: DepthStream): Row[] {
  const frames = s.diffs.length;
  const all = s.updates;
  const merge: number[] = [];
  const checked: number[] = [];
  const peer: number[] = [];
  // ccxt runs right after ours in every pass and the ratio is taken per pass: load from other processes on a shared
  // machine then slows both sides of a ratio alike instead of skewing one median.
  const ratios: number[] = [];
  let ours: DepthBook | null = null;
  for (let p = 0; p < PASSES; p++) {
    const run = tickstreamMerge(s, frames);
    merge.push(all / run.seconds);
    ours = run.book;
    const theirs = ccxtMerge(s, frames);
    same(theirs.top, topOf(ours, 1, 25), 'ccxt');
    peer.push(all / theirs.seconds);
    ratios.push(theirs.seconds / run.seconds);
    checked.push(all / tickstreamApply(s, frames));
  }
  const naiveFrames = Math.min(frames, 5000);
  const naive: number[] = [];
  for (let p = 0; p < Math.min(PASSES, 3); p++) {
    const run = naiveMerge(s, naiveFrames);
    const reference = tickstreamMerge(s, naiveFrames).book;
    same(
      pairs(topOf(reference, 2, 25)).flat(),
      [...run.book.asks]
        .sort((a, b) => a[0] - b[0])
        .slice(0, 25)
        .flat(),
      'naive',
    );
    naive.push(updatesIn(s, naiveFrames) / run.seconds);
  }
  const ccxtRate = median(peer);
  const row = (impl: string, metric: string, rates: number[], updates: number, vsCcxt: number): Row => ({
    bench: 'depth-merge',
    metric,
    impl,
    value: Math.round(median(rates)),
    unit: '1/s',
    best: Math.round(Math.max(...rates)),
    vs_ccxt: Number(vsCcxt.toFixed(2)),
    updates,
    per_frame: PER_FRAME,
  });
  const vs = (rates: number[]) => median(rates) / ccxtRate;
  return [
    row('tickstream', 'updates_per_s', merge, all, median(ratios)),
    row('tickstream', 'updates_per_s_checksummed', checked, all, vs(checked)),
    row('ccxt', 'updates_per_s', peer, all, 1),
    row('naive', 'updates_per_s', naive, updatesIn(s, naiveFrames), vs(naive)),
  ];
}

// ─── snapshot-post ──────────────────────────────────────────────────────────────────────────────────────────────────

type Make = (book: DepthBook, scratch: Float64Array) => { message: unknown; transfer: ArrayBuffer[] };

/** Both sides' top levels in one Float64Array, bids from 0 and asks from SNAPSHOT_DEPTH × LEVEL_STRIDE; transferred. */
const transferred: Make = (book) => {
  const out = new Float64Array(2 * SNAPSHOT_DEPTH * LEVEL_STRIDE);
  book.extract(1, SNAPSHOT_DEPTH, out);
  book.extract(2, SNAPSHOT_DEPTH, out, 0, SNAPSHOT_DEPTH * LEVEL_STRIDE);
  return { message: out, transfer: [out.buffer] };
};

/** Markets per batch: the worker posts one batch per page per frame with every market that changed (plane.ts). */
const BATCH_MARKETS = 16;

/**
 * {@link BATCH_MARKETS} markets' snapshots in one message, each side a view into one buffer transferred once, as
 * workers/publish/plane.ts sends a batch.
 */
const batched: Make = (book) => {
  const size = 2 * SNAPSHOT_DEPTH * LEVEL_STRIDE;
  const out = new Float64Array(BATCH_MARKETS * size);
  const views: Float64Array[] = [];
  for (let m = 0; m < BATCH_MARKETS; m++) {
    const bids = out.subarray(m * size, m * size + size / 2);
    const asks = out.subarray(m * size + size / 2, (m + 1) * size);
    book.extract(1, SNAPSHOT_DEPTH, bids);
    book.extract(2, SNAPSHOT_DEPTH, asks);
    views.push(bids, asks);
  }
  return { message: views, transfer: [out.buffer] };
};

/** The same levels as an array of 100 objects, cloned by postMessage. */
const objects: Make = (book, scratch) => {
  const levels: { side: number; price: number; volume: number; cumVolume: number; value: number }[] = [];
  for (const side of [1, 2] as const) {
    const n = book.extract(side, SNAPSHOT_DEPTH, scratch);
    for (let i = 0; i < n; i++) {
      const o = i * LEVEL_STRIDE;
      levels.push({
        side,
        price: scratch[o] as number,
        volume: scratch[o + 1] as number,
        cumVolume: scratch[o + 2] as number,
        value: scratch[o + 3] as number,
      });
    }
  }
  return { message: levels, transfer: [] };
};

/** Posts `count` snapshots in batches and waits for each batch to arrive; seconds in all and spent sending. */
async function postAll(book: DepthBook, make: Make, count: number): Promise<{ total: number; send: number }> {
  const { port1, port2 } = new MessageChannel();
  const scratch = new Float64Array(SNAPSHOT_DEPTH * LEVEL_STRIDE);
  let received = 0;
  let waiting: { target: number; done: () => void } | null = null;
  port2.on('message', () => {
    received++;
    if (waiting && received >= waiting.target) waiting.done();
  });
  const batch = 200;
  let send = 0n;
  const start = process.hrtime.bigint();
  for (let sent = 0; sent < count; ) {
    const t = process.hrtime.bigint();
    for (let j = 0; j < batch && sent < count; j++, sent++) {
      const { message, transfer } = make(book, scratch);
      port1.postMessage(message, transfer);
    }
    send += process.hrtime.bigint() - t;
    const target = sent;
    await new Promise<void>((done) => {
      waiting = { target, done };
      if (received >= target) done();
    });
  }
  const total = Number(process.hrtime.bigint() - start) / 1e9;
  port1.close();
  port2.close();
  return { total, send: Number(send) / 1e9 };
}

async function postRows(s: DepthStream): Promise<Row[]> {
  const book = loaded(s);
  const count = 20_000;
  await postAll(book, transferred, 2000);
  await postAll(book, objects, 2000);
  await postAll(book, batched, 200);
  const runs = {
    transfer: [] as { total: number; send: number }[],
    objects: [] as { total: number; send: number }[],
    batched: [] as { total: number; send: number }[],
  };
  for (let p = 0; p < Math.min(PASSES, 5); p++) {
    runs.transfer.push(await postAll(book, transferred, count));
    runs.objects.push(await postAll(book, objects, count));
    runs.batched.push(await postAll(book, batched, count / BATCH_MARKETS));
  }
  // Our part alone: both sides' top 50 written into a Float64Array (what `transferred` does before posting).
  const out = new Float64Array(2 * SNAPSHOT_DEPTH * LEVEL_STRIDE);
  const extracts: number[] = [];
  for (let p = 0; p < PASSES; p++) {
    extracts.push(
      seconds(() => {
        for (let i = 0; i < count; i++) {
          book.extract(1, SNAPSHOT_DEPTH, out);
          book.extract(2, SNAPSHOT_DEPTH, out, 0, SNAPSHOT_DEPTH * LEVEL_STRIDE);
        }
      }),
    );
  }
  const row = (impl: 'transfer' | 'objects' | 'batched'): Row => ({
    bench: 'snapshot-post',
    metric: 'us_per_snapshot',
    impl: impl === 'batched' ? 'transfer_batched' : impl,
    value: Number(((median(runs[impl].map((r) => r.total)) / count) * 1e6).toFixed(2)),
    unit: 'us',
    send_us: Number(((median(runs[impl].map((r) => r.send)) / count) * 1e6).toFixed(2)),
    levels: 2 * SNAPSHOT_DEPTH,
    markets_per_post: impl === 'batched' ? BATCH_MARKETS : 1,
  });
  return [
    {
      bench: 'snapshot-post',
      metric: 'us_per_extract',
      impl: 'tickstream',
      value: Number(((median(extracts) / count) * 1e6).toFixed(2)),
      unit: 'us',
      levels: 2 * SNAPSHOT_DEPTH,
    },
    row('transfer'),
    row('batched'),
    row('objects'),
  ];
}

// ─── run ────────────────────────────────────────────────────────────────────────────────────────────────────────────

// A warm-up on a separate small stream, so the JIT has seen every path before anything is timed.
const warm = depthStream(100_000, PER_FRAME, 7);
for (let i = 0; i < 3; i++) {
  tickstreamMerge(warm, warm.diffs.length);
  tickstreamApply(warm, warm.diffs.length);
}
ccxtMerge(warm, warm.diffs.length);
naiveMerge(warm, 1000);

const stream = depthStream(UPDATES, PER_FRAME);
report(mergeRows(stream));
report(decodeRows(stream, PASSES));
report(await postRows(stream));
