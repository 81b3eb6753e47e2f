import fc from 'fast-check';
import { Packr, Unpackr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame, TickerValues } from '../../../common/protocol.ts';
import { packError, packFrame } from '../../../server/gateway/frames.ts';
import { decodeFrame, decodeMsgpack, FRAME_KEYS, MAX_DEPTH, MsgpackError } from '../../../workers/feed/index.ts';
import { FakeSource } from '../../server/gateway/fake-source.ts';
import { startServer } from '../../server/gateway/harness.ts';

// As the gateway packs (server/gateway/frames.ts), and msgpackr's reading of the same bytes as the reference.
const packr = new Packr({ useRecords: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true });

const bytes = (...parts: (number | number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const be16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const utf8 = (s: string) => [...new TextEncoder().encode(s)];

/** Decodes what Packr packs and what msgpackr reads back from the same bytes; both must agree. */
function roundTrip(value: unknown): unknown {
  const packed = packr.pack(value);
  const ours = decodeMsgpack(new Uint8Array(packed));
  expect(ours).toStrictEqual(unpackr.unpack(packed));
  return ours;
}

function throws(input: Uint8Array, message?: RegExp): void {
  expect(() => decodeMsgpack(input)).toThrow(MsgpackError);
  if (message) expect(() => decodeMsgpack(input)).toThrow(message);
  expect(decodeFrame(input)).toBeNull();
}

const depthDiff = {
  ch: 'depth:BTC/USDT',
  kind: 'diff',
  seq: 70_001,
  prevSeq: 70_000,
  t: 1_763_812_800_123,
  bids: [65_000.01, 0.5, 64_999.5, 0, 64_990, 12.34567],
  asks: [65_000.02, 1.25, 65_010, 3],
  checksum: 3_735_928_559,
} satisfies ServerFrame;

/** Frames of every kind the gateway sends, with its key orders. */
const gatewayFrames: ServerFrame[] = [
  depthDiff,
  { ch: 'depth:ETH/USDT', kind: 'snapshot', seq: 3, t: 1, bids: [3000.5, 2, 2999, 1], asks: [3001, 4], checksum: 0 },
  { ch: 'trades:BTC/USDT', kind: 'update', t: 1, trades: [65_000.01, 1, 0.002, 1_763_812_800_123] },
  {
    ch: 'ticker',
    kind: 'update',
    t: 2,
    tickers: { 'BTC/USDT': [65_000, 0.1, 64_000, 66_000, 63_000, 1200, 7.8e7, 5] },
  },
  { ch: 'candles:BTC/USDT:M1', kind: 'snapshot', t: 3, candles: [1_763_812_800_000, 1, 2, 0.5, 1.5, 10] },
  { ch: 'user', kind: 'fill', seq: 1, t: 4, data: { orderId: '123', price: '65000.01', 数量: 1 } },
  { kind: 'heartbeat', t: 5 },
  { kind: 'pong', t: 6, server: 7 },
  { kind: 'subscribed', ch: ['depth:BTC/USDT', 'ticker'], t: 8 },
];

describe('decodeMsgpack', () => {
  it('reads every integer width at its edges', () => {
    const edges = [
      0,
      1,
      127,
      128,
      255,
      256,
      65_535,
      65_536,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32 - 1,
      2 ** 32,
      Number.MAX_SAFE_INTEGER,
      -1,
      -31,
      -32,
      -33,
      -127,
      -128,
      -129,
      -32_767,
      -32_768,
      -32_769,
      -(2 ** 31),
      -(2 ** 31) - 1,
      Number.MIN_SAFE_INTEGER,
    ];
    for (const n of edges) expect(roundTrip(n)).toBe(n);
    // Forms Packr does not choose for these numbers, written by hand.
    expect(decodeMsgpack(bytes(0xcc, 5))).toBe(5);
    expect(decodeMsgpack(bytes(0xd0, 5))).toBe(5);
    expect(decodeMsgpack(bytes(0xd0, 0x80))).toBe(-128);
    expect(decodeMsgpack(bytes(0xd1, 0xff, 0xff))).toBe(-1);
    expect(decodeMsgpack(bytes(0xd2, 0, 0, 0, 7))).toBe(7);
    expect(decodeMsgpack(bytes(0xcf, 0, 0, 0, 0, 0, 0, 0, 9))).toBe(9);
  });

  it('reads uint64 and int64 while they are safe integers and refuses them beyond', () => {
    for (const n of [0n, 1n, 2n ** 32n, 2n ** 53n - 1n, -1n, -(2n ** 32n), -(2n ** 53n) + 1n]) {
      expect(decodeMsgpack(new Uint8Array(packr.pack(n)))).toBe(Number(n));
    }
    throws(bytes(0xcf, 0, 0x20, 0, 0, 0, 0, 0, 0), /uint64/); // 2^53
    throws(bytes(0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), /uint64/);
    throws(bytes(0xd3, 0xff, 0xe0, 0, 0, 0, 0, 0, 0), /int64/); // −2^53
    throws(bytes(0xd3, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), /int64/);
  });

  it('reads float64 and float32, including −0, NaN and the infinities', () => {
    for (const x of [0.5, -1.25, 65_000.01, 1e308, 5e-324, -1e-300, Number.NaN, Infinity, -Infinity]) {
      expect(roundTrip(x)).toBe(x);
    }
    expect(Object.is(decodeMsgpack(bytes(0xcb, 0x80, 0, 0, 0, 0, 0, 0, 0)), -0)).toBe(true);
    const f32 = new DataView(new ArrayBuffer(4));
    f32.setFloat32(0, 1.5);
    expect(decodeMsgpack(bytes(0xca, new Uint8Array(f32.buffer)))).toBe(1.5);
    f32.setFloat32(0, 0.1);
    expect(decodeMsgpack(bytes(0xca, new Uint8Array(f32.buffer)))).toBe(Math.fround(0.1));
  });

  it('reads nil and booleans', () => {
    expect(roundTrip(null)).toBeNull();
    expect(roundTrip(true)).toBe(true);
    expect(roundTrip(false)).toBe(false);
  });

  it('reads strings of every length form, ASCII or not, around the cache and fixstr limits', () => {
    for (const n of [0, 1, 4, 15, 16, 17, 31, 32, 255, 256, 65_535, 65_536]) {
      expect(roundTrip('x'.repeat(n))).toBe('x'.repeat(n));
    }
    for (const s of [
      'é',
      '日本語',
      '价格',
      '🚀 to the moon',
      'a🚀b',
      '\u0000',
      '\ufeffBOM',
      'ç'.repeat(8),
      'ç'.repeat(9),
    ]) {
      expect(roundTrip(s)).toBe(s);
    }
    expect(decodeMsgpack(bytes(0xd9, 2, utf8('hi')))).toBe('hi');
    expect(decodeMsgpack(bytes(0xda, 0, 2, utf8('hi')))).toBe('hi');
    expect(decodeMsgpack(bytes(0xdb, 0, 0, 0, 2, utf8('hi')))).toBe('hi');
  });

  it('tells apart short strings that share a cache slot, length or prefix', () => {
    // Far more distinct short strings than cache slots, decoded twice: every answer must be its own string.
    const words = Array.from({ length: 20_000 }, (_, i) => `k${i.toString(36)}`);
    words.push('a', 'a\u0000', 'ab', 'abcd', 'abcde', 'abcdefgh', 'abcdefghi', 'abcdefghijklmnop', 'abcdefghijklmnoq');
    const packed = words.map((w) => new Uint8Array(packr.pack(w)));
    for (let pass = 0; pass < 2; pass++) expect(packed.map((b) => decodeMsgpack(b))).toEqual(words);
    expect(roundTrip(words)).toEqual(words);
  });

  it('reads invalid UTF-8 as U+FFFD, short or long, as TextDecoder does', () => {
    expect(decodeMsgpack(bytes(0xa2, 0xc3, 0x28))).toBe('\ufffd(');
    expect(decodeMsgpack(bytes(0xa1, 0xff))).toBe('\ufffd');
    expect(decodeMsgpack(bytes(0xd9, 40, Array(39).fill(0x61), 0xff))).toBe(`${'a'.repeat(39)}\ufffd`);
    // A lone surrogate as a JS server may pack it (CESU-8).
    expect(decodeMsgpack(bytes(0xa4, 0xed, 0xa0, 0x80, 0x61))).toBe('\ufffd\ufffd\ufffda');
  });

  it('copies bin into a Uint8Array of its own', () => {
    for (const n of [0, 1, 255, 256, 65_536]) {
      const data = new Uint8Array(n).map((_, i) => i * 7);
      const input = new Uint8Array(packr.pack(data));
      const out = decodeMsgpack(input) as Uint8Array;
      expect(out).toBeInstanceOf(Uint8Array);
      expect([...out]).toEqual([...data]);
      input.fill(0);
      expect([...out]).toEqual([...data]);
    }
    expect(decodeMsgpack(bytes(0xc5, 0, 2, 1, 2))).toEqual(new Uint8Array([1, 2]));
    expect(decodeMsgpack(bytes(0xc6, 0, 0, 0, 1, 9))).toEqual(new Uint8Array([9]));
  });

  it('reads arrays and maps of every length form, nested', () => {
    for (const n of [0, 1, 15, 16, 65_535, 65_536]) {
      const array = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? i + 0.5 : i % 3 === 1 ? -i : `s${i}`));
      expect(roundTrip(array)).toEqual(array);
    }
    for (const n of [0, 1, 15, 16, 300]) {
      const map = Object.fromEntries(Array.from({ length: n }, (_, i) => [`key${i}`, i % 2 ? [i, { i }] : null]));
      expect(roundTrip(map)).toEqual(map);
    }
    // map32 and array32 of a few items (Packr only uses them from 65,536 on).
    expect(decodeMsgpack(bytes(0xdf, be32(2), 0xa1, 0x61, 0x01, 0xa1, 0x62, 0xdd, be32(2), 0xc3, 0xc2))).toEqual({
      a: 1,
      b: [true, false],
    });
    expect(decodeMsgpack(bytes(0xde, be16(1), 0xa1, 0x61, 0xdc, be16(1), 0x80))).toEqual({ a: [{}] });
    expect(roundTrip({ a: { b: { c: [[], {}, [[1]]] } }, '': 'empty key' })).toEqual({
      a: { b: { c: [[], {}, [[1]]] } },
      '': 'empty key',
    });
  });

  it('gives number lists as plain arrays of numbers', () => {
    const out = decodeMsgpack(new Uint8Array(packr.pack(depthDiff))) as typeof depthDiff;
    expect(Array.isArray(out.bids)).toBe(true);
    expect(out.bids).toEqual(depthDiff.bids);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(Object.keys(depthDiff));
  });

  it('agrees with msgpackr on any JSON-like value', () => {
    const key = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((k) => k !== '__proto__');
    const leaf = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
      fc.maxSafeInteger(),
      fc.boolean(),
      fc.constant(null),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 25 }),
      object: fc.dictionary(key, tie('node'), { maxKeys: 12 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        roundTrip(v);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.array(fc.double(), { minLength: 16, maxLength: 3000 }), (numbers) => {
        roundTrip(numbers);
      }),
      { numRuns: 200 },
    );
  });

  it('reads the frames of the gateway as they were sent, through its own packer', () => {
    for (const frame of gatewayFrames) {
      expect(decodeMsgpack(new Uint8Array(packFrame(frame)))).toStrictEqual(frame);
      expect(decodeFrame(new Uint8Array(packFrame(frame)).buffer)).toStrictEqual(frame);
    }
    const error = new Uint8Array(packError('unknown_channel', 'zh_CN', 9, 'depth:NOPE/USDT'));
    expect(decodeMsgpack(error)).toStrictEqual(unpackr.unpack(error));
    expect(decodeFrame(error)).toMatchObject({ kind: 'error', code: 'unknown_channel', ch: 'depth:NOPE/USDT', t: 9 });
  });

  it('reads what a live gateway sends, every frame with a key order of the fast path', async () => {
    const source = new FakeSource([{ symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 }]);
    source.setLevel('BTC/USDT', 1, 6_500_000, 12_345);
    source.setLevel('BTC/USDT', 2, 6_500_001, 5);
    const server = await startServer(source, { heartbeatMs: 20 });
    const ws = new WebSocket(server.url);
    const messages: Buffer[] = [];
    ws.on('message', (data: Buffer) => messages.push(data));
    try {
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(packr.pack({ op: 'sub', ch: ['depth:BTC/USDT', 'trades:BTC/USDT', 'ticker', 'candles:BTC/USDT:M1'] }));
      ws.send(packr.pack({ op: 'ping', t: 1 }));
      const seen = () => new Set(messages.map((m) => `${(unpackr.unpack(m) as ServerFrame).kind}`));
      const wanted = ['subscribed', 'pong', 'snapshot', 'diff', 'update', 'heartbeat'];
      const deadline = Date.now() + 5000;
      while (!wanted.every((kind) => seen().has(kind)) && Date.now() < deadline) {
        source.setLevel('BTC/USDT', 1, 6_499_999, 1 + (Date.now() % 1000));
        source.trade('BTC/USDT', { price: 6_500_000, volume: 3, side: 1, time: Date.now() });
        source.ticker('BTC/USDT', [65_000.5, 0.1, 64_000, 66_000, 63_000, 1200, 7.8e7, Date.now()]);
        source.candle('BTC/USDT', 'M1', [Date.now(), 65_000, 65_001.5, 64_999, 65_000.25, 12.5]);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      expect([...seen()]).toEqual(expect.arrayContaining(wanted));
    } finally {
      ws.close();
      await server.close();
    }
    for (const message of messages) {
      const frame = decodeMsgpack(new Uint8Array(message)) as ServerFrame;
      expect(frame).toStrictEqual(unpackr.unpack(message));
      expect(decodeFrame(new Uint8Array(message))).toStrictEqual(frame);
      // A gateway frame that left these orders would still decode, only slower (and DESIGN §7's target with it).
      expect(FRAME_KEYS).toContainEqual(Object.keys(frame));
    }
  });

  it('reads frames with keys in any other order or set', () => {
    for (const frame of gatewayFrames) expect(FRAME_KEYS).toContainEqual(Object.keys(frame));
    const { kind, ch, ...rest } = depthDiff;
    for (const other of [
      { kind, ch, ...rest },
      { ...depthDiff, extra: [1, 'two'] },
      { ...rest, ch, kind },
    ]) {
      expect(decodeFrame(new Uint8Array(packr.pack(other)))).toStrictEqual(other);
    }
    // After a diff, a map of as many keys that differs from it only late, by a byte or in length.
    const { checksum, ...early } = depthDiff;
    for (const last of ['checksuM', 'checksum2', 'checksu', 'c']) {
      decodeMsgpack(new Uint8Array(packFrame(depthDiff)));
      const other = { ...early, [last]: checksum };
      expect(decodeMsgpack(new Uint8Array(packr.pack(other)))).toStrictEqual(other);
    }
    // Names of a shape, not in its order or number.
    for (const other of [
      { t: 1, kind: 'heartbeat' },
      { kind: 'x', t: 1, ch: [] },
      { ch: 'x', kind: 'y', t: 2 },
    ]) {
      expect(decodeMsgpack(new Uint8Array(packr.pack(other)))).toStrictEqual(other);
    }
  });

  it('reads a frame larger than its reused buffer, and the next small one after it', () => {
    const tickers: Record<string, TickerValues> = {};
    for (let i = 0; i < 5000; i++) tickers[`M${i}/USDT`] = [i + 0.5, 1, 2, 3, 4, 5, 6, 7];
    const big: ServerFrame = { ch: 'ticker', kind: 'snapshot', t: 1, tickers };
    const packed = new Uint8Array(packFrame(big));
    expect(packed.length).toBeGreaterThan(64 * 1024);
    expect(decodeFrame(packed)).toStrictEqual(big);
    expect(decodeFrame(new Uint8Array(packFrame(depthDiff)))).toStrictEqual(depthDiff);
  });

  it('reads a message from an offset view of a larger buffer', () => {
    const packed = packFrame(depthDiff);
    const host = new Uint8Array(packed.length + 10);
    host.set(packed, 7);
    host.fill(0xc1, 0, 7);
    expect(decodeMsgpack(host.subarray(7, 7 + packed.length))).toStrictEqual(depthDiff);
  });
});

describe('decodeMsgpack against hostile bytes', () => {
  it('refuses extension types, 0xc1 and non-string keys', () => {
    for (const type of [0xc1, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]) throws(bytes(type, Array(17).fill(0)), /unsupported/);
    throws(bytes(0xc7, 1, 1, 0), /unsupported/);
    throws(bytes(0xc8, 0, 1, 1, 0), /unsupported/);
    throws(bytes(0xc9, 0, 0, 0, 1, 1, 0), /unsupported/);
    throws(bytes(0x81, 0x01, 0x02), /not a string/);
    throws(bytes(0x81, 0xc0, 0x02), /not a string/);
    throws(bytes(0x81, 0x91, 0xa1, 0x61, 0x02), /not a string/);
  });

  it('refuses __proto__ keys and duplicate keys, and leaves prototypes alone', () => {
    const proto = bytes(
      0x82,
      0xa1,
      0x74,
      0x01,
      0xa9,
      utf8('__proto__'),
      0x81,
      0xa4,
      utf8('kind'),
      0xa9,
      utf8('heartbeat'),
    );
    throws(proto, /__proto__/);
    throws(bytes(0x81, 0xa1, 0x78, proto), /__proto__/);
    throws(bytes(0x81, 0xd9, 9, utf8('__proto__'), 0x80), /__proto__/);
    expect(({} as Record<string, unknown>).kind).toBeUndefined();
    throws(bytes(0x82, 0xa1, 0x74, 0x01, 0xa1, 0x74, 0x02), /duplicate/);
    throws(bytes(0x91, 0x83, 0xa1, 0x61, 0x01, 0xa1, 0x62, 0x80, 0xa1, 0x61, 0x02), /duplicate/);
    // Names that exist on Object.prototype are plain own keys.
    expect(decodeMsgpack(bytes(0x82, 0xa8, utf8('toString'), 0x01, 0xab, utf8('constructor'), 0x02))).toEqual({
      toString: 1,
      constructor: 2,
    });
  });

  it('refuses lengths beyond the bytes at once, without allocating them', () => {
    throws(bytes(0xdd, 0xff, 0xff, 0xff, 0xff, 0x01), /truncated/);
    throws(bytes(0xdf, 0xff, 0xff, 0xff, 0xff, 0xa1, 0x61, 0x01), /truncated/);
    throws(bytes(0xdb, 0xff, 0xff, 0xff, 0xff, 0x61), /truncated/);
    throws(bytes(0xc6, 0xff, 0xff, 0xff, 0xff, 0x61), /truncated/);
    throws(bytes(0xdc, be16(3), 1, 2), /truncated/);
    throws(bytes(0xde, be16(1), 0xa1, 0x61), /truncated/);
    throws(bytes(0xdb, be32(3), 0x61, 0x62), /truncated/);
  });

  it(`refuses nesting deeper than ${MAX_DEPTH}, however deep`, () => {
    const nested = (n: number, open: number) => bytes(Array(n).fill(open), 0xc0);
    expect(() => decodeMsgpack(nested(MAX_DEPTH, 0x91))).not.toThrow();
    throws(nested(MAX_DEPTH + 1, 0x91), /deep/);
    throws(nested(1_000_000, 0x91), /deep/);
    const maps = (n: number) => bytes(Array(n).fill([0x81, 0xa1, 0x61]).flat(), 0xc0);
    expect(() => decodeMsgpack(maps(MAX_DEPTH))).not.toThrow();
    throws(maps(MAX_DEPTH + 1), /deep/);
  });

  it('refuses bytes after the value and an empty message', () => {
    throws(bytes(0xc0, 0xc0), /after/);
    throws(bytes(new Uint8Array(packFrame(depthDiff)), 0x00), /after/);
    throws(bytes(), /truncated/);
  });

  it('refuses every truncation of every gateway frame, and then reads the whole one', () => {
    for (const frame of gatewayFrames) {
      const packed = new Uint8Array(packFrame(frame));
      for (let n = 0; n < packed.length; n++) throws(packed.slice(0, n));
      expect(decodeFrame(packed)).toStrictEqual(frame);
    }
  });

  it('never throws from decodeFrame on random or mutated bytes, and stays right afterwards', () => {
    const valid = gatewayFrames.map((f) => new Uint8Array(packFrame(f)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (input) => {
        decodeFrame(input);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.nat({ max: valid.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 4 }),
        (which, flips) => {
          const input = (valid[which] as Uint8Array).slice();
          for (const [at, value] of flips) input[at % input.length] = value;
          decodeFrame(input);
          // Whatever the bad message did to the decoder's state, the next good one decodes whole.
          expect(decodeFrame(valid[which] as Uint8Array)).toStrictEqual(gatewayFrames[which]);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
