import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { CANDLE_INTERVALS, type ServerFrame, USER_SPOT_KINDS, USER_SWAP_KINDS } from '../../../common/protocol.ts';
import { backoffDelay, DEFAULT_BACKOFF, decodeFrame, validateFrame } from '../../../workers/feed/index.ts';

// As the gateway packs (server/gateway/frames.ts).
const packr = new Packr({ useRecords: false, variableMapSize: true });

// `+ 0`: msgpack writes −0 as the integer 0.
const num = fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
const positive = fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
const time = fc.integer({ min: 0, max: 4_102_444_800_000 });
const seq = fc.nat();
const symbol = fc.stringMatching(/^[A-Z]{2,5}\/[A-Z]{3,4}(:[A-Z]{3,4})?$/);
const perpetual = fc.stringMatching(/^[A-Z]{2,5}\/[A-Z]{3,4}:[A-Z]{3,4}$/);
const levels = fc.array(fc.tuple(num, positive), { maxLength: 20 }).map((pairs) => pairs.flat());
const trades = fc
  .array(fc.tuple(num, fc.constantFrom(1, 2), positive, time), { maxLength: 20 })
  .map((groups) => groups.flat());
const candles = fc
  .array(fc.tuple(time, num, num, num, num, positive), { maxLength: 10 })
  .map((groups) => groups.flat());
const tickerValues = fc.array(num, { minLength: 8, maxLength: 11 });

const validFrame: fc.Arbitrary<ServerFrame> = fc.oneof(
  fc.record({
    ch: symbol.map((s) => `depth:${s}` as const),
    kind: fc.constant('snapshot' as const),
    seq,
    t: time,
    bids: levels,
    asks: levels,
    checksum: fc.nat({ max: 0xffff_ffff }),
  }),
  fc.record({
    ch: symbol.map((s) => `depth:${s}` as const),
    kind: fc.constant('diff' as const),
    seq,
    prevSeq: seq,
    t: time,
    bids: levels,
    asks: levels,
    checksum: fc.nat({ max: 0xffff_ffff }),
  }),
  fc.record({
    ch: symbol.map((s) => `trades:${s}` as const),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    trades,
  }),
  fc.record({
    ch: fc.constant('ticker' as const),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    tickers: fc.dictionary(symbol, tickerValues) as fc.Arbitrary<Record<string, never>>,
  }),
  fc.record({
    ch: fc
      .tuple(symbol, fc.constantFrom(...CANDLE_INTERVALS))
      .map(([s, i]) => `candles:${s}:${i}` as `candles:${string}:${(typeof CANDLE_INTERVALS)[number]}`),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    candles,
  }),
  fc.record({
    ch: fc.constant('user' as const),
    kind: fc.constantFrom(...USER_SPOT_KINDS, ...USER_SWAP_KINDS),
    seq: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    t: time,
    // The decoder refuses a `__proto__` key (workers/feed/msgpack.ts), which no server frame carries.
    data: fc.dictionary(
      fc.string({ minLength: 1 }).filter((key) => key !== '__proto__'),
      fc.oneof(fc.string(), fc.integer()),
    ),
  }),
  fc.record({
    ch: perpetual.map((s) => `mark:${s}` as const),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    index: positive,
    mark: positive,
    fundingRate: num,
    nextFundingTime: time,
  }),
  fc.record({
    ch: perpetual.map((s) => `funding:${s}` as const),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    settlements: fc.array(fc.tuple(num, time), { maxLength: 10 }).map((pairs) => pairs.flat()),
  }),
  fc.record({
    ch: perpetual.map((s) => `liquidations:${s}` as const),
    kind: fc.constantFrom('snapshot' as const, 'update' as const),
    t: time,
    liquidations: trades,
  }),
  fc.record({ kind: fc.constant('heartbeat' as const), t: time }),
  fc.record({ kind: fc.constant('pong' as const), t: time, server: time }),
  fc.record({
    kind: fc.constantFrom('subscribed' as const, 'unsubscribed' as const, 'authenticated' as const),
    ch: fc.array(fc.string()),
    t: time,
  }),
  fc.record(
    {
      kind: fc.constant('error' as const),
      code: fc.constantFrom('bad_frame' as const, 'unknown_channel' as const, 'rate_limited' as const),
      message: fc.string(),
      ch: fc.string(),
      t: time,
    },
    { requiredKeys: ['kind', 'code', 'message', 't'] },
  ),
);

describe('validateFrame', () => {
  it('never throws on any value and returns null or the value itself', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withTypedArray: true, withSparseArray: true }), (value) => {
        const frame = validateFrame(value);
        expect(frame === null || frame === value).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on random bytes or random messages', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        decodeFrame(bytes);
        decodeFrame(bytes.buffer);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        decodeFrame(value);
      }),
    );
  });

  it('passes every valid server frame after a msgpack round trip', () => {
    fc.assert(
      fc.property(validFrame, (frame) => {
        const bytes = packr.pack(frame);
        const decoded = decodeFrame(new Uint8Array(bytes).buffer);
        expect(decoded).toEqual(frame);
      }),
      { numRuns: 1000 },
    );
  });

  it('drops any valid frame with a field broken', () => {
    const breakings: [string, (f: Record<string, unknown>) => void][] = [
      ['t missing', (f) => void delete f.t],
      [
        't not a number',
        (f) => {
          f.t = '1';
        },
      ],
      [
        'kind unknown',
        (f) => {
          f.kind = 'other';
        },
      ],
    ];
    fc.assert(
      fc.property(validFrame, fc.nat({ max: breakings.length - 1 }), (frame, which) => {
        const broken: Record<string, unknown> = structuredClone(frame) as unknown as Record<string, unknown>;
        (breakings[which] as (typeof breakings)[number])[1](broken);
        expect(validateFrame(broken)).toBeNull();
      }),
    );
  });

  const depth = {
    ch: 'depth:BTC/USDT',
    kind: 'diff',
    seq: 5,
    prevSeq: 4,
    t: 1,
    bids: [100, 1],
    asks: [101, 0],
    checksum: 123,
  };
  it.each<[string, Record<string, unknown>]>([
    ['odd depth side', { ...depth, bids: [100, 1, 99] }],
    ['negative volume', { ...depth, asks: [101, -1] }],
    ['NaN price', { ...depth, bids: [Number.NaN, 1] }],
    ['a string in a side', { ...depth, bids: ['100', 1] }],
    ['seq not an integer', { ...depth, seq: 5.5 }],
    ['negative prevSeq', { ...depth, prevSeq: -1 }],
    ['diff without prevSeq', { ...depth, prevSeq: undefined }],
    ['checksum out of uint32', { ...depth, checksum: 2 ** 32 }],
    ['diff on a trades channel', { ...depth, ch: 'trades:BTC/USDT' }],
    ['depth without a market', { ...depth, ch: 'depth:' }],
    ['trades not in fours', { ch: 'trades:BTC/USDT', kind: 'update', t: 1, trades: [1, 1, 1] }],
    ['trade side 3', { ch: 'trades:BTC/USDT', kind: 'update', t: 1, trades: [1, 3, 1, 1] }],
    ['candles not in sixes', { ch: 'candles:BTC/USDT:M1', kind: 'update', t: 1, candles: [1, 2, 3, 4, 5] }],
    ['candles of an unknown interval', { ch: 'candles:BTC/USDT:M2', kind: 'update', t: 1, candles: [] }],
    ['ticker of 7 values', { ch: 'ticker', kind: 'update', t: 1, tickers: { 'BTC/USDT': [1, 2, 3, 4, 5, 6, 7] } }],
    ['ticker of 12 values', { ch: 'ticker', kind: 'update', t: 1, tickers: { X: Array(12).fill(1) } }],
    ['tickers as an array', { ch: 'ticker', kind: 'snapshot', t: 1, tickers: [[1, 2, 3, 4, 5, 6, 7, 8]] }],
    ['user data not an object', { ch: 'user', kind: 'fill', seq: 1, t: 1, data: [1] }],
    ['user kind on another channel', { ch: 'ticker', kind: 'fill', seq: 1, t: 1, data: {} }],
    ['user frame without seq', { ch: 'user', kind: 'fill', t: 1, data: {} }],
    ['user seq 0', { ch: 'user', kind: 'fill', seq: 0, t: 1, data: {} }],
    [
      'mark without its index',
      { ch: 'mark:BTC/USDT:USDT', kind: 'update', t: 1, mark: 1, fundingRate: 0, nextFundingTime: 1 },
    ],
    ['funding settlements not in pairs', { ch: 'funding:BTC/USDT:USDT', kind: 'update', t: 1, settlements: [0.0001] }],
    ['liquidation side 0', { ch: 'liquidations:BTC/USDT:USDT', kind: 'update', t: 1, liquidations: [1, 0, 1, 1] }],
    ['a user kind nobody declared', { ch: 'user', kind: 'gift', seq: 1, t: 1, data: {} }],
    ['ack with a number channel', { kind: 'subscribed', ch: [1], t: 1 }],
    ['error without message', { kind: 'error', code: 'bad_frame', t: 1 }],
    ['pong without server time', { kind: 'pong', t: 1 }],
    ['an array', [{ kind: 'heartbeat', t: 1 }] as unknown as Record<string, unknown>],
  ])('drops a frame with %s', (_, value) => {
    expect(validateFrame(value)).toBeNull();
  });

  it('keeps a stock ticker of 11 values and an error code it does not know', () => {
    const stock = { ch: 'ticker', kind: 'update', t: 1, tickers: { AAPL: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] } };
    expect(validateFrame(stock)).toBe(stock);
    const error = { kind: 'error', code: 'maintenance', message: 'later', t: 1 };
    expect(validateFrame(error)).toBe(error);
  });
});

describe('backoffDelay', () => {
  it('grows by the factor from minMs, is capped at maxMs, and jitters down by at most the jitter share', () => {
    const b = DEFAULT_BACKOFF;
    expect([0, 1, 2, 3, 6, 20].map((n) => backoffDelay(n, b, () => 0))).toEqual([250, 500, 1000, 2000, 10_000, 10_000]);
    expect(backoffDelay(0, b, () => 0.999_999)).toBeCloseTo(125, 3);
    fc.assert(
      fc.property(fc.nat({ max: 40 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, r) => {
        const delay = backoffDelay(n, b, () => r);
        const base = Math.min(b.maxMs, b.minMs * 2 ** n);
        expect(delay).toBeGreaterThan(base * (1 - b.jitter) - 1e-9);
        expect(delay).toBeLessThanOrEqual(base);
      }),
    );
  });

  it('spreads clients that dropped together', () => {
    let seed = 1;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return (seed - 1) / 2_147_483_646;
    };
    const delays = new Set(Array.from({ length: 50 }, () => Math.round(backoffDelay(3, DEFAULT_BACKOFF, random))));
    expect(delays.size).toBeGreaterThan(40);
  });
});
