/**
 * A msgpack decoder for what the gateway sends (server/gateway/frames.ts: plain maps with string keys, arrays, ints,
 * floats, strings, bools, nil), about three times as fast as msgpackr's general one on a depth diff (bench/depth).
 *
 * - Every type of the spec but extensions decodes; ext, fixext and the unused 0xc1 are errors.
 * - uint64 and int64 become numbers while they are safe integers and are errors beyond ±(2^53 − 1): a value that
 *   cannot be held exactly makes a broken frame, not a rounded one (msgpackr packs such numbers as float64 anyway).
 * - Maps become plain objects. A key that is not a string, a duplicate key, or `__proto__` (whose assignment would
 *   swap the object's prototype) is an error.
 * - Arrays are packed JS arrays; one of numbers only is a packed array of doubles.
 * - Strings are UTF-8; an invalid sequence becomes U+FFFD, as TextDecoder decodes it.
 * - bin becomes a copy, so nothing decoded holds on to the message's buffer.
 * - Hostile input: every length is checked against the bytes left before anything is read or allocated, nesting stops
 *   at {@link MAX_DEPTH}, and bytes after the value are an error.
 * Errors are thrown as {@link MsgpackError}; `decodeFrame` turns them into null.
 *
 * What keeps it fast, each measured on depth diffs (~425 bytes: 8 keys, ~40 numbers) in bench/depth:
 * - The message is copied into one reused buffer with one DataView over it: a DataView per message costs more than
 *   the copy (V8 builds DataViews in C++).
 * - A top-level map with the keys of a gateway frame ({@link FRAME_KEYS}) is built by an object literal: one
 *   allocation and a fixed hidden class, where assigning keys one by one goes through V8's megamorphic stores. Its keys
 *   are expected to be those of the last such frame and checked on their bytes, without decoding them.
 * - Other short strings come from a cache keyed by their bytes: repeated keys, channels and kinds cost no decoding
 *   and no allocation.
 * - Number arrays are cut from packed templates of their exact length instead of grown by push.
 * - Runs of float64 and small ints in an array are read in the array's loop, without a call per item.
 * - State lives in module variables, not in closures or an object made per call.
 */

export class MsgpackError extends Error {}

/** Containers nested deeper than this are refused: frames nest three deep, and the limit keeps recursion bounded. */
export const MAX_DEPTH = 64;
/** Strings up to this many bytes go through the cache. */
const SHORT_STRING = 16;
/** Slots of the direct-mapped string cache (a power of two). */
const CACHE_SIZE = 4096;
const CACHE_MASK = CACHE_SIZE - 1;
/** Messages up to this size are copied into the reused buffer; a larger one gets a buffer of its own. */
const REUSED_BYTES = 64 * 1024;
/** Room after a message, so that a short string is always read as four whole 32-bit words (masked to its length). */
const SLACK = SHORT_STRING;
const TWO_32 = 2 ** 32;

// Not fatal: a broken character in a user's text becomes U+FFFD, as browsers show text, rather than costing the frame.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

// ─── Frame shapes ───────────────────────────────────────────────────────────────────────────────────────────────────

type Build = (v: unknown[]) => Record<string, unknown>;

/**
 * Key orders of the gateway's frames (object literals in server/gateway/, packed in insertion order) with a literal
 * that builds each. A frame with other keys, or these in another order, still decodes, through the general path.
 */
const SHAPES: readonly (readonly [keys: readonly string[], build: Build])[] = [
  [
    ['ch', 'kind', 'seq', 'prevSeq', 't', 'bids', 'asks', 'checksum'],
    (v) => ({ ch: v[0], kind: v[1], seq: v[2], prevSeq: v[3], t: v[4], bids: v[5], asks: v[6], checksum: v[7] }),
  ],
  [
    ['ch', 'kind', 'seq', 't', 'bids', 'asks', 'checksum'],
    (v) => ({ ch: v[0], kind: v[1], seq: v[2], t: v[3], bids: v[4], asks: v[5], checksum: v[6] }),
  ],
  [['ch', 'kind', 't', 'trades'], (v) => ({ ch: v[0], kind: v[1], t: v[2], trades: v[3] })],
  [['ch', 'kind', 't', 'tickers'], (v) => ({ ch: v[0], kind: v[1], t: v[2], tickers: v[3] })],
  [['ch', 'kind', 't', 'candles'], (v) => ({ ch: v[0], kind: v[1], t: v[2], candles: v[3] })],
  [['ch', 'kind', 'seq', 't', 'data'], (v) => ({ ch: v[0], kind: v[1], seq: v[2], t: v[3], data: v[4] })],
  [['kind', 't'], (v) => ({ kind: v[0], t: v[1] })],
  [['kind', 't', 'server'], (v) => ({ kind: v[0], t: v[1], server: v[2] })],
  [['kind', 'ch', 't'], (v) => ({ kind: v[0], ch: v[1], t: v[2] })],
];
/** The key orders built by a literal, for tests that hold the gateway to them. */
export const FRAME_KEYS: readonly (readonly string[])[] = SHAPES.map(([keys]) => keys);
const MAX_SHAPE_KEYS = Math.max(...FRAME_KEYS.map((keys) => keys.length));
/** Indexes into {@link SHAPES} by key count. */
const SHAPES_BY_SIZE = Array.from({ length: MAX_SHAPE_KEYS + 1 }, (_, n) =>
  SHAPES.flatMap(([keys], index) => (keys.length === n ? [index] : [])),
);
/** Per key count: the shape of the last top-level map with that many keys, or −1. */
const lastShape = new Int8Array(MAX_SHAPE_KEYS + 1).fill(-1);
/** Keys and values of the top-level map while it is read. */
const frameKeys: string[] = new Array<string>(MAX_SHAPE_KEYS).fill('');
const frameValues: unknown[] = new Array<unknown>(MAX_SHAPE_KEYS).fill(null);

/**
 * Shape s, key i at `s × MAX_SHAPE_KEYS + i`: the key as packed (fixstr header, then its bytes) in three big-endian
 * words with the masks of its bytes, its packed length and the key itself.
 */
const KEY_SLOTS = SHAPES.length * MAX_SHAPE_KEYS;
const keyWords = new Int32Array(KEY_SLOTS * 3);
const keyMasks = new Int32Array(KEY_SLOTS * 3);
const keyLengths = new Uint8Array(KEY_SLOTS);
const keyNames: string[] = new Array<string>(KEY_SLOTS).fill('');
{
  const encoder = new TextEncoder();
  SHAPES.forEach(([keys], s) => {
    keys.forEach((key, i) => {
      const packed = [0xa0 | key.length, ...encoder.encode(key)];
      if (packed.length > 12) throw new Error(`frame key ${key} is longer than three words`);
      const at = s * MAX_SHAPE_KEYS + i;
      keyLengths[at] = packed.length;
      keyNames[at] = key;
      for (let w = 0; w < 3; w++) {
        let word = 0;
        let mask = 0;
        for (let j = 4 * w; j < 4 * w + 4; j++) {
          word = (word << 8) | (packed[j] ?? 0);
          mask = (mask << 8) | (j < packed.length ? 0xff : 0);
        }
        keyWords[at * 3 + w] = word;
        keyMasks[at * 3 + w] = mask;
      }
    });
  });
}

// ─── String cache ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Slot → its string, the string's bytes as four big-endian words (zero past its end) and their count. */
const cacheStrings: string[] = new Array<string>(CACHE_SIZE).fill('');
const cacheWords = new Int32Array(CACHE_SIZE * 4);
const cacheLengths = new Uint8Array(CACHE_SIZE);
/** `WORD_MASKS[n × 4 + k]` keeps the bytes of an n-byte string in its k-th word. */
const WORD_MASKS = new Int32Array((SHORT_STRING + 1) * 4);
for (let n = 0; n <= SHORT_STRING; n++) {
  for (let k = 0; k < 4; k++) {
    const bytes = Math.max(0, Math.min(4, n - 4 * k));
    WORD_MASKS[n * 4 + k] = bytes === 0 ? 0 : -1 << (8 * (4 - bytes));
  }
}
/** Seeded into the cache besides the keys: values that arrive in most frames. */
const KNOWN_VALUES = ['diff', 'snapshot', 'update', 'heartbeat', 'pong', 'ticker', 'user', 'subscribed'];

// ─── Arrays ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Packed double arrays of every length up to {@link TEMPLATE_LENGTH}: `slice()` of one is a packed array of numbers of
 * that length in one inlined allocation, where push reallocates as the array grows (measured: about half the cost).
 * A cut array carries no allocation-site feedback, so an array of strings seen once never makes later number arrays
 * arrays of boxed numbers.
 */
const TEMPLATE_LENGTH = 64;
const NUMBER_TEMPLATES: number[][] = [];
for (let n = 0; n <= TEMPLATE_LENGTH; n++) {
  const template: number[] = [];
  for (let i = 0; i < n; i++) template.push(0.5);
  NUMBER_TEMPLATES.push(template);
}

// ─── Decoding ───────────────────────────────────────────────────────────────────────────────────────────────────────

const reused = new Uint8Array(REUSED_BYTES + SLACK);
const reusedView = new DataView(reused.buffer);

let src = reused;
let view = reusedView;
let pos = 0;
let end = 0;
let depth = 0;
/** Slot of the last string looked up in the cache. */
let lastSlot = 0;

seedCache();

/** The one value that `bytes` holds, exactly (nothing after it). Throws {@link MsgpackError} on anything else. */
export function decodeMsgpack(bytes: Uint8Array): unknown {
  end = bytes.length;
  if (end <= REUSED_BYTES) {
    src = reused;
    view = reusedView;
  } else {
    src = new Uint8Array(end + SLACK);
    view = new DataView(src.buffer);
  }
  src.set(bytes);
  pos = 0;
  depth = 0;
  const value = readValue();
  if (pos !== end) throw new MsgpackError('bytes after the value');
  return value;
}

function truncated(): never {
  throw new MsgpackError('truncated');
}

/** Checks that `n` more bytes are there. */
function need(n: number): void {
  if (n > end - pos) truncated();
}

function readValue(): unknown {
  if (pos >= end) truncated();
  const b = src[pos++] as number;
  if (b < 0x80) return b;
  if (b >= 0xe0) return b - 0x100;
  if (b < 0x90) {
    const n = b & 0x0f;
    return depth === 0 && n <= MAX_SHAPE_KEYS ? readFrame(n) : readMap(n);
  }
  if (b < 0xa0) return readArray(b & 0x0f);
  if (b < 0xc0) return readString(b & 0x1f);
  if (b >= 0xca && b <= 0xd3) return readNumber(b);
  if (b === 0xc0) return null;
  if (b === 0xc2) return false;
  if (b === 0xc3) return true;
  return readSized(b);
}

/** float32/64 and (u)int8–64: type bytes 0xca–0xd3. */
function readNumber(b: number): number {
  let value: number;
  switch (b) {
    case 0xca:
      need(4);
      value = view.getFloat32(pos);
      pos += 4;
      return value;
    case 0xcb:
      need(8);
      value = view.getFloat64(pos);
      pos += 8;
      return value;
    case 0xcc:
      need(1);
      return src[pos++] as number;
    case 0xcd:
      need(2);
      value = view.getUint16(pos);
      pos += 2;
      return value;
    case 0xce:
      need(4);
      value = view.getUint32(pos);
      pos += 4;
      return value;
    case 0xcf:
      need(8);
      value = view.getUint32(pos) * TWO_32 + view.getUint32(pos + 4);
      if (value > Number.MAX_SAFE_INTEGER) throw new MsgpackError('uint64 beyond 2^53');
      pos += 8;
      return value;
    case 0xd0:
      need(1);
      return view.getInt8(pos++);
    case 0xd1:
      need(2);
      value = view.getInt16(pos);
      pos += 2;
      return value;
    case 0xd2:
      need(4);
      value = view.getInt32(pos);
      pos += 4;
      return value;
    default:
      need(8);
      value = view.getInt32(pos) * TWO_32 + view.getUint32(pos + 4);
      if (!Number.isSafeInteger(value)) throw new MsgpackError('int64 beyond 2^53');
      pos += 8;
      return value;
  }
}

/** bin, str, array and map with a length before them (8, 16 or 32 bits): 0xc4–0xc6 and 0xd9–0xdf. */
function readSized(b: number): unknown {
  let n: number;
  switch (b) {
    case 0xc4:
    case 0xd9:
      need(1);
      n = src[pos++] as number;
      break;
    case 0xc5:
    case 0xda:
    case 0xdc:
    case 0xde:
      need(2);
      n = view.getUint16(pos);
      pos += 2;
      break;
    case 0xc6:
    case 0xdb:
    case 0xdd:
    case 0xdf:
      need(4);
      n = view.getUint32(pos);
      pos += 4;
      break;
    default:
      // 0xc1 (never used), ext 8/16/32 and fixext 1–16.
      throw new MsgpackError(`unsupported type 0x${b.toString(16)}`);
  }
  if (b <= 0xc6) return readBin(n);
  if (b <= 0xdb) return readString(n);
  return b <= 0xdd ? readArray(n) : readMap(n);
}

/** Whether a type byte starts a number: fixints, float32/64, (u)int8–64. */
function isNumberType(b: number): boolean {
  return b < 0x80 || b >= 0xe0 || (b >= 0xca && b <= 0xd3);
}

function readArray(n: number): unknown[] {
  // Every item takes at least one byte, so a length beyond the bytes left is refused before anything is allocated.
  need(n);
  if (++depth > MAX_DEPTH) throw new MsgpackError('nested too deep');
  const bytes = src;
  let out: unknown[];
  // Filled in order (a store at the length appends), so it stays packed; a non-number makes only this array generic.
  if (n === 0 || !isNumberType(bytes[pos] as number)) out = [];
  else if (n <= TEMPLATE_LENGTH) out = (NUMBER_TEMPLATES[n] as number[]).slice();
  else out = (NUMBER_TEMPLATES[0] as number[]).slice();
  // Position, end and view in locals: module variables are loaded, checked and stored again on every use.
  const dv = view;
  const last = end;
  let p = pos;
  for (let i = 0; i < n; i++) {
    if (p >= last) truncated();
    const b = bytes[p] as number;
    if (b === 0xcb) {
      if (p + 9 > last) truncated();
      out[i] = dv.getFloat64(p + 1);
      p += 9;
    } else if (b < 0x80) {
      out[i] = b;
      p++;
    } else {
      pos = p;
      out[i] = readValue();
      p = pos;
    }
  }
  pos = p;
  depth--;
  return out;
}

function readMap(n: number): Record<string, unknown> {
  // A key and a value take at least two bytes.
  if (n > (end - pos) / 2) truncated();
  if (++depth > MAX_DEPTH) throw new MsgpackError('nested too deep');
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const key = readKey();
    const value = readValue();
    // Values are never undefined, so only a key already set (or an inherited one, which hasOwn rules out) gets in.
    if (out[key] !== undefined && Object.hasOwn(out, key)) throw new MsgpackError(`duplicate key ${key}`);
    out[key] = value;
  }
  depth--;
  return out;
}

/** A top-level fixmap: built by its shape's literal when its keys are those of a gateway frame, else as any map. */
function readFrame(n: number): Record<string, unknown> {
  if (n > (end - pos) / 2) truncated();
  depth = 1;
  const keys = frameKeys;
  const values = frameValues;
  // Frames of a kind come in runs: expect the keys of the last frame with as many, until one differs.
  let expected = lastShape[n] as number;
  for (let i = 0; i < n; i++) {
    if (expected >= 0 && isKey(expected * MAX_SHAPE_KEYS + i)) {
      keys[i] = keyNames[expected * MAX_SHAPE_KEYS + i] as string;
    } else {
      expected = -1;
      keys[i] = readKey();
    }
    values[i] = readValue();
  }
  depth = 0;
  if (expected >= 0) return (SHAPES[expected] as readonly [readonly string[], Build])[1](values);
  const candidates = SHAPES_BY_SIZE[n] as number[];
  for (let c = 0; c < candidates.length; c++) {
    const s = candidates[c] as number;
    const shape = SHAPES[s] as readonly [readonly string[], Build];
    const names = shape[0];
    let i = 0;
    while (i < n && names[i] === keys[i]) i++;
    if (i === n) {
      lastShape[n] = s;
      return shape[1](values);
    }
  }
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const key = keys[i] as string;
    if (out[key] !== undefined && Object.hasOwn(out, key)) throw new MsgpackError(`duplicate key ${key}`);
    out[key] = values[i];
  }
  return out;
}

/** Whether the next bytes are the packed shape key at `at` (see {@link keyWords}); if so, moves past them. */
function isKey(at: number): boolean {
  const n = keyLengths[at] as number;
  if (n > end - pos) return false;
  const w = at * 3;
  const dv = view;
  if (
    (dv.getInt32(pos) & (keyMasks[w] as number)) !== keyWords[w] ||
    (dv.getInt32(pos + 4) & (keyMasks[w + 1] as number)) !== keyWords[w + 1] ||
    (dv.getInt32(pos + 8) & (keyMasks[w + 2] as number)) !== keyWords[w + 2]
  ) {
    return false;
  }
  pos += n;
  return true;
}

function readKey(): string {
  if (pos >= end) truncated();
  const b = src[pos++] as number;
  let n: number;
  if ((b & 0xe0) === 0xa0) {
    n = b & 0x1f;
  } else if (b === 0xd9) {
    need(1);
    n = src[pos++] as number;
  } else if (b === 0xda) {
    need(2);
    n = view.getUint16(pos);
    pos += 2;
  } else if (b === 0xdb) {
    need(4);
    n = view.getUint32(pos);
    pos += 4;
  } else {
    throw new MsgpackError('map key is not a string');
  }
  const key = readString(n);
  if (n === 9 && key === '__proto__') throw new MsgpackError('__proto__ key');
  return key;
}

function readString(n: number): string {
  need(n);
  const start = pos;
  pos += n;
  if (n > SHORT_STRING) return utf8.decode(src.subarray(start, pos));
  if (n === 0) return '';
  // Four 32-bit words, masked to the string's length, hold any short string: they pick the slot and prove a hit.
  const m = n * 4;
  const w0 = view.getInt32(start) & (WORD_MASKS[m] as number);
  const w1 = view.getInt32(start + 4) & (WORD_MASKS[m + 1] as number);
  const w2 = view.getInt32(start + 8) & (WORD_MASKS[m + 2] as number);
  const w3 = view.getInt32(start + 12) & (WORD_MASKS[m + 3] as number);
  let hash =
    Math.imul(w0 ^ n, 0x9e3779b1) ^ Math.imul(w1, 0x85ebca6b) ^ Math.imul(w2, 0xc2b2ae35) ^ Math.imul(w3, 0x27d4eb2f);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  const slot = (hash ^ (hash >>> 13)) & CACHE_MASK;
  lastSlot = slot;
  const at = slot * 4;
  if (
    cacheLengths[slot] === n &&
    cacheWords[at] === w0 &&
    cacheWords[at + 1] === w1 &&
    cacheWords[at + 2] === w2 &&
    cacheWords[at + 3] === w3
  ) {
    return cacheStrings[slot] as string;
  }
  const s = decodeShort(start, n);
  cacheStrings[slot] = s;
  cacheLengths[slot] = n;
  cacheWords[at] = w0;
  cacheWords[at + 1] = w1;
  cacheWords[at + 2] = w2;
  cacheWords[at + 3] = w3;
  return s;
}

/** A string of at most {@link SHORT_STRING} bytes: by hand when it is ASCII, else by TextDecoder. */
function decodeShort(start: number, n: number): string {
  let s = '';
  for (let i = start; i < start + n; i++) {
    const c = src[i] as number;
    if (c >= 0x80) return utf8.decode(src.subarray(start, start + n));
    s += String.fromCharCode(c);
  }
  return s;
}

function readBin(n: number): Uint8Array {
  need(n);
  const start = pos;
  pos += n;
  return src.slice(start, pos);
}

/** Puts the frame keys and common values in the cache as the literals above, so shapes are found by identity. */
function seedCache(): void {
  const encoder = new TextEncoder();
  for (const s of new Set([...FRAME_KEYS.flat(), ...KNOWN_VALUES])) {
    const bytes = encoder.encode(s);
    reused.set(bytes);
    pos = 0;
    end = bytes.length;
    readString(end);
    cacheStrings[lastSlot] = s;
  }
  pos = 0;
  end = 0;
}
