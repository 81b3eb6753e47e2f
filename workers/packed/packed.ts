/**
 * A page's batch as one transferred buffer (issue 22 item 5). Posted as objects, a 16-book batch cost the page about
 * 2.6 µs a market in Chromium to deserialise (the snapshot objects, their health, 64 typed-array views: bench/post
 * `plane_message`); packed, the page reads it in about 0.4 µs a market (`plane_packed`), the views made in JS.
 *
 * The buffer is the batch's arena (workers/publish/arena.ts) with room around its numbers: before them a head of
 * int32s (the numbers, the views, the extras' bytes and where they start), after them the directory (the batch's
 * time and sequence, then per view its id, kind, health and the place of each of its kind's arrays), and, for the few snapshots
 * that hold strings or objects (a ticker list's symbols, the user's state), those as JSON at the end.
 */
import type { BookStatus, FeedState, Health, HistoryStatus, Snapshot, SnapshotBatch, UserStatus } from '../api.ts';

/** The head's bytes (int32s, padded for the float64s after it); the arena's numbers start after {@link BEFORE}. */
const HEAD_BYTES = 32;
/** Numbers an arena keeps free before its own for the head. */
export const BEFORE = HEAD_BYTES / 8;

const KINDS: readonly Snapshot['kind'][] = ['book', 'trades', 'tickers', 'candles', 'mark', 'user'];
/** Each kind's arrays, in the order their places are written. */
const ARRAYS: Record<Snapshot['kind'], readonly string[]> = {
  book: ['bids', 'asks', 'ownBids', 'ownAsks'],
  trades: ['trades'],
  tickers: ['values'],
  candles: ['candles'],
  mark: ['values'],
  user: [],
};
/** The keys each kind's snapshots hold besides their extras. */
const KNOWN_KEYS = Object.fromEntries(
  KINDS.map((kind) => [kind, new Set(['kind', 'health', ...ARRAYS[kind]])]),
) as unknown as Record<Snapshot['kind'], ReadonlySet<string>>;
const FEEDS: readonly FeedState[] = ['connecting', 'live', 'stale', 'closed'];
const BOOKS: readonly BookStatus[] = ['live', 'stale', 'resyncing'];
const HISTORIES: readonly HistoryStatus[] = ['loading', 'loaded', 'retrying'];
const USERS: readonly UserStatus[] = ['stale', 'live'];
/** feed, frameAge, reconnects, malformed; book (present, status, seq, resyncs, duplicates); history (3); user (5). */
const HEALTH_NUMBERS = 17;
/** The one empty array every empty column shares (a book side with no own orders): one view fewer to make. */
const EMPTY = new Float64Array(0);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Numbers an arena keeps free after its own for the directory of views of these kinds. */
export function after(kinds: readonly Snapshot['kind'][]): number {
  let size = 2;
  for (const kind of kinds) size += 2 + HEALTH_NUMBERS + 2 * ARRAYS[kind].length;
  return size;
}

/**
 * Packs `batch` into `buffer`, its arena made with room {@link BEFORE} and {@link after} its numbers; a batch with
 * extras gets a longer copy. Null when an array is not among the arena's numbers (the caller posts the batch as
 * objects).
 */
export function packBatch(batch: SnapshotBatch, buffer: ArrayBuffer): ArrayBuffer | null {
  if (buffer.byteLength % 8 !== 0) return null;
  const all = new Float64Array(buffer);
  const packed = directory(batch, all);
  if (!packed) return null;
  const { count, text } = packed;
  const out = text ? withText(buffer, text) : buffer;
  writeHead(new Int32Array(out, 0, HEAD_BYTES / 4), count, batch, text, all.byteLength);
  return out;
}

/**
 * Packs `batch` in place into `all`, its arena's numbers in a larger block of `room` bytes (a shared ring's slot,
 * workers/ring), the extras after them: the bytes used, or null when it cannot be packed or its extras do not fit.
 */
export function packInto(batch: SnapshotBatch, all: Float64Array, room: number): number | null {
  const packed = directory(batch, all);
  if (!packed) return null;
  const { count, text } = packed;
  const used = all.byteLength + (text?.length ?? 0);
  if (used > room) return null;
  if (text) new Uint8Array(all.buffer, all.byteOffset + all.byteLength, text.length).set(text);
  writeHead(new Int32Array(all.buffer, all.byteOffset, HEAD_BYTES / 4), count, batch, text, all.byteLength);
  return used;
}

/** The numbers' count, the views', the extras' bytes and where they start (after the numbers and directory). */
function writeHead(head: Int32Array, count: number, batch: SnapshotBatch, text: Uint8Array | null, textAt: number) {
  head[0] = count;
  head[1] = batch.views.length;
  head[2] = text?.length ?? 0;
  head[3] = textAt;
}

/**
 * The batch's directory written after its numbers in `all`: how many numbers there are and the extras as text (null
 * without any); null when the batch cannot be packed (an array outside the numbers, or no room).
 */
function directory(batch: SnapshotBatch, all: Float64Array): { count: number; text: Uint8Array | null } | null {
  const count = all.length - BEFORE - after(batch.views.map((v) => v.snapshot.kind));
  if (count < 0) return null;
  const extras = writeDirectory(batch, all, count);
  if (extras === false) return null;
  return { count, text: extras ? encoder.encode(JSON.stringify(extras)) : null };
}

/**
 * Writes the batch's time, sequence and each view's entry after its `count` numbers: the snapshots' extras, null
 * without any, false when an array is not among the numbers.
 */
function writeDirectory(
  batch: SnapshotBatch,
  all: Float64Array,
  count: number,
): Record<number, Record<string, unknown>> | null | false {
  let at = BEFORE + count;
  all[at++] = batch.t;
  all[at++] = batch.seq;
  let extras: Record<number, Record<string, unknown>> | null = null;
  // An indexed loop and the arena's buffer and offset read once: a 16-book batch packed in 0.24 µs a market, not 0.35.
  const { buffer, byteOffset } = all;
  const { views } = batch;
  for (let i = 0; i < views.length; i++) {
    const { id, snapshot } = views[i] as SnapshotBatch['views'][number];
    all[at++] = id;
    all[at++] = KINDS.indexOf(snapshot.kind);
    at = writeHealth(snapshot.health, all, at);
    for (const key of ARRAYS[snapshot.kind]) {
      const array = (snapshot as unknown as Record<string, unknown>)[key];
      if (!(array instanceof Float64Array) || array.buffer !== buffer) return false;
      const offset = (array.byteOffset - byteOffset) / 8 - BEFORE;
      if (offset < 0 || offset + array.length > count) return false;
      all[at++] = offset;
      all[at++] = array.length;
    }
    const own = extrasOf(snapshot);
    if (own === false) return false;
    if (own) {
      extras ??= {};
      extras[i] = own;
    }
  }
  return extras;
}

/**
 * A snapshot's fields beyond its kind, health and arrays (a ticker list's symbols, the user's objects), null when it
 * has none; false when one is a typed array outside the arena (the batch cannot be packed). A `for...in` rather than
 * Object.entries: a 16-book batch packed twice as fast without an array per snapshot.
 */
function extrasOf(snapshot: Snapshot): Record<string, unknown> | null | false {
  const known = KNOWN_KEYS[snapshot.kind];
  let own: Record<string, unknown> | null = null;
  for (const key in snapshot) {
    if (known.has(key)) continue;
    const value = (snapshot as unknown as Record<string, unknown>)[key];
    if (ArrayBuffer.isView(value)) return false;
    own ??= {};
    own[key] = value;
  }
  return own;
}

function withText(buffer: ArrayBuffer, text: Uint8Array): ArrayBuffer {
  const out = new ArrayBuffer(buffer.byteLength + text.length);
  const bytes = new Uint8Array(out);
  bytes.set(new Uint8Array(buffer));
  bytes.set(text, buffer.byteLength);
  return out;
}

/**
 * The batch of a {@link packBatch} buffer, or of one packed in place from byte `from` of a ring's memory
 * ({@link packInto}), its arrays views into it.
 */
export function unpackBatch(buffer: ArrayBufferLike, from = 0): SnapshotBatch {
  const head = new Int32Array(buffer, from, 4);
  const [count, views, textBytes, textAt] = [head[0], head[1], head[2], head[3]] as [number, number, number, number];
  const all = new Float64Array(buffer, from, textAt / 8);
  let at = BEFORE + count;
  const t = all[at++] as number;
  const seq = all[at++] as number;
  const extras = textBytes > 0 ? readExtras(new Uint8Array(buffer, from + textAt, textBytes)) : null;
  const out: SnapshotBatch['views'] = [];
  for (let i = 0; i < views; i++) {
    const id = all[at++] as number;
    const kind = KINDS[all[at++] as number] as Snapshot['kind'];
    const health = readHealth(all, at);
    at += HEALTH_NUMBERS;
    const snapshot: Record<string, unknown> = { kind, health };
    for (const key of ARRAYS[kind]) {
      const offset = all[at++] as number;
      const length = all[at++] as number;
      snapshot[key] = length === 0 ? EMPTY : new Float64Array(buffer, from + (BEFORE + offset) * 8, length);
    }
    if (extras?.[i]) Object.assign(snapshot, extras[i]);
    out.push({ id, snapshot: snapshot as unknown as Snapshot });
  }
  return { t, seq, views: out };
}

/** The extras' JSON; a browser's TextDecoder reads no shared memory, so a ring slot's text is copied first. */
function readExtras(text: Uint8Array): Record<number, object> {
  return JSON.parse(decoder.decode(text.buffer instanceof ArrayBuffer ? text : text.slice())) as Record<number, object>;
}

function writeHealth(health: Health, out: Float64Array, at: number): number {
  const { book, history, user } = health;
  out[at] = FEEDS.indexOf(health.feed);
  out[at + 1] = health.frameAge;
  out[at + 2] = health.reconnects;
  out[at + 3] = health.malformed;
  out[at + 4] = book ? 1 : 0;
  out[at + 5] = book ? BOOKS.indexOf(book.status) : 0;
  out[at + 6] = book?.seq ?? 0;
  out[at + 7] = book?.resyncs ?? 0;
  out[at + 8] = book?.duplicates ?? 0;
  out[at + 9] = history ? 1 : 0;
  out[at + 10] = history ? HISTORIES.indexOf(history.status) : 0;
  out[at + 11] = history?.failures ?? 0;
  out[at + 12] = user ? 1 : 0;
  out[at + 13] = user ? USERS.indexOf(user.status) : 0;
  out[at + 14] = user?.seq ?? 0;
  out[at + 15] = user?.resyncs ?? 0;
  out[at + 16] = user?.duplicates ?? 0;
  return at + HEALTH_NUMBERS;
}

function readHealth(d: Float64Array, at: number): Health {
  const get = (i: number) => d[at + i] as number;
  const health: Health = { feed: FEEDS[get(0)] as FeedState, frameAge: get(1), reconnects: get(2), malformed: get(3) };
  if (get(4)) health.book = { status: BOOKS[get(5)] as BookStatus, seq: get(6), resyncs: get(7), duplicates: get(8) };
  if (get(9)) health.history = { status: HISTORIES[get(10)] as HistoryStatus, failures: get(11) };
  if (get(12)) {
    health.user = { status: USERS[get(13)] as UserStatus, seq: get(14), resyncs: get(15), duplicates: get(16) };
  }
  return health;
}
