import { pack } from 'msgpackr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type AckFrame, CANDLE_INTERVALS, type ErrorFrame, WS_LIMITS } from '../../../common/protocol.ts';
import type { MarketMeta } from '../../../server/gateway/index.ts';
import { FakeSource } from './fake-source.ts';
import { startServer, TestClient, type TestServer } from './harness.ts';

/** 16 markets × (depth, trades, 12 candle intervals): more channels than one connection may hold. */
const MARKETS: MarketMeta[] = Array.from({ length: 16 }, (_, i) => ({
  symbol: `C${i}/USDT`,
  priceScale: 2,
  amountScale: 2,
}));
const CHANNELS = MARKETS.flatMap(({ symbol }) => [
  `depth:${symbol}`,
  `trades:${symbol}`,
  ...CANDLE_INTERVALS.map((interval) => `candles:${symbol}:${interval}`),
]);

let pings = 0;
/** Proves the connection still serves frames after a refusal. */
async function stillWorks(client: TestClient): Promise<void> {
  const t = 1e6 + pings++;
  client.send({ op: 'ping', t });
  await client.next((f) => f.kind === 'pong' && f.t === t, 'pong');
}

describe('refused client frames', () => {
  let source: FakeSource;
  let server: TestServer;
  const clients: TestClient[] = [];
  const open = async (query = '') => {
    const client = await TestClient.open(server.url + query);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    source = new FakeSource(MARKETS);
    server = await startServer(source);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.close());

  it.each([
    ['garbage bytes', Buffer.from([0xc1, 0xff, 0x00, 0x13])],
    ['truncated msgpack', pack({ op: 'sub', ch: ['ticker'] }).subarray(0, 6)],
    ['a text frame', JSON.stringify({ op: 'ping', t: 1 })],
    ['an unknown op', pack({ op: 'subscribe', ch: ['ticker'] })],
    ['a non-string channel', pack({ op: 'sub', ch: ['ticker', 42] })],
    ['a channel list that is not a list', pack({ op: 'sub', ch: 'ticker' })],
    ['more channels than a connection may hold', pack({ op: 'sub', ch: CHANNELS.slice(0, 201) })],
    ['a ping without a time', pack({ op: 'ping' })],
    ['a non-string token', pack({ op: 'auth', token: 7 })],
    ['an array', pack(['sub', 'ticker'])],
  ])('answers %s with bad_frame and changes nothing', async (_, payload) => {
    const client = await open();
    client.ws.send(payload);
    expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'bad_frame' });
    await stillWorks(client);
    expect(client.received.some((f) => f.kind === 'subscribed' || f.kind === 'snapshot')).toBe(false);
  });

  it('refuses channel names and ops that are keys of Object.prototype as unknown', async () => {
    const client = await open('?lang=__proto__');
    const names = ['__proto__', 'constructor', 'depth:__proto__', 'trades:constructor', 'candles:C1/USDT:toString'];
    client.send({ op: 'sub', ch: names });
    for (const name of names) {
      expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'unknown_channel', ch: name });
    }
    expect(await client.expect<AckFrame>('subscribed')).toMatchObject({ ch: [] });
    client.send({ op: 'constructor', ch: ['ticker'] });
    expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'bad_frame' });
    // A map whose key is literally "__proto__" must not become the frame's prototype.
    client.ws.send(
      pack(
        new Map<string, unknown>([
          ['__proto__', { op: 'sub' }],
          ['ch', ['ticker']],
        ]),
      ),
    );
    expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'bad_frame' });
    await stillWorks(client);
  });

  it('answers an oversize frame with message_too_large and keeps the connection', async () => {
    const client = await open();
    client.ws.send(pack({ op: 'auth', token: 'x'.repeat(WS_LIMITS.maxMessageBytes) }));
    expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'message_too_large' });
    await stillWorks(client);
  });

  it('cuts a huge frame at the socket', async () => {
    const client = await open();
    client.ws.send(Buffer.alloc(WS_LIMITS.maxMessageBytes * 8));
    expect((await client.closed).code).toBe(1009);
  });

  it('names an unknown channel and still serves the other channels of the same sub', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: ['depth:NOPE/USDT', 'depth:C1/USDT', 'candles:C1/USDT:M7', 'kline:C1/USDT'] });
    const errors = [await client.expect<ErrorFrame>('error'), await client.expect<ErrorFrame>('error')];
    errors.push(await client.expect<ErrorFrame>('error'));
    expect(errors.map((e) => [e.code, e.ch])).toEqual([
      ['unknown_channel', 'depth:NOPE/USDT'],
      ['unknown_channel', 'candles:C1/USDT:M7'],
      ['unknown_channel', 'kline:C1/USDT'],
    ]);
    expect(await client.expect<AckFrame>('subscribed')).toMatchObject({ ch: ['depth:C1/USDT'] });
    await client.expect('snapshot', 'depth:C1/USDT');
  });

  it('adds channels up to the limit and refuses the rest with too_many_subscriptions', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: CHANNELS.slice(0, 150) });
    expect((await client.expect<AckFrame>('subscribed')).ch).toHaveLength(150);
    client.send({ op: 'sub', ch: CHANNELS.slice(140, 220) });
    const error = await client.expect<ErrorFrame>('error');
    expect(error).toMatchObject({ code: 'too_many_subscriptions', ch: CHANNELS[200] });
    // The ten already held are resubscribed; of the new ones, only 50 fit.
    const ack = await client.expect<AckFrame>('subscribed');
    expect(ack.ch).toEqual(CHANNELS.slice(140, 200));
    expect(client.received.some((f) => f.kind === 'snapshot' && f.ch === CHANNELS[200])).toBe(false);
    // Dropping one makes room for one.
    client.send({ op: 'unsub', ch: [CHANNELS[0]] });
    await client.expect('unsubscribed');
    client.send({ op: 'sub', ch: [CHANNELS[200]] });
    expect((await client.expect<AckFrame>('subscribed')).ch).toEqual([CHANNELS[200]]);
  });

  it('writes messages in the language of ?lang=, zh_CN by default', async () => {
    const english = await open('?lang=en_US');
    const chinese = await open();
    const korean = await open('?lang=ko-KR');
    for (const client of [english, chinese, korean]) client.send({ op: 'sub', ch: ['depth:NOPE/USDT'] });
    expect((await english.expect<ErrorFrame>('error')).message).toBe('Unknown channel: depth:NOPE/USDT');
    expect((await chinese.expect<ErrorFrame>('error')).message).toBe('未知的频道：depth:NOPE/USDT');
    expect((await korean.expect<ErrorFrame>('error')).message).toBe('알 수 없는 채널: depth:NOPE/USDT');
    english.ws.send('hello');
    expect((await english.expect<ErrorFrame>('error')).message).toBe('The message is malformed');
  });

  it('stops listening and sending when the app closes', async () => {
    const own = new FakeSource(MARKETS);
    const other = await startServer(own);
    const client = await TestClient.open(other.url);
    expect(own.listeners.size).toBe(1);
    await other.close();
    expect(own.listeners.size).toBe(0);
    await client.closed;
  });
});

describe('rate limit', () => {
  // A clock that moves only when told, so the sliding window is exact whatever the machine's load.
  let now = Date.UTC(2026, 10, 22, 12);
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(new FakeSource(MARKETS), { clock: () => now });
  });
  afterAll(() => server.close());

  it('refuses frames beyond the rate with rate_limited, and accepts again once the window has moved', async () => {
    const client = await TestClient.open(server.url);
    for (let i = 0; i <= WS_LIMITS.maxMessagesPerSecond; i++) client.send({ op: 'ping', t: i });
    expect(await client.expect<ErrorFrame>('error')).toMatchObject({ code: 'rate_limited' });
    expect(client.received.filter((f) => f.kind === 'pong')).toHaveLength(WS_LIMITS.maxMessagesPerSecond);
    now += 1000;
    await stillWorks(client);
    await client.close();
  });

  it('closes the connection with 1008 after maxViolations refusals in a row', async () => {
    const client = await TestClient.open(server.url);
    const total = WS_LIMITS.maxMessagesPerSecond + WS_LIMITS.maxViolations;
    for (let i = 0; i < total; i++) client.send({ op: 'ping', t: i });
    expect((await client.closed).code).toBe(1008);
    expect(client.received.filter((f) => f.kind === 'error')).toHaveLength(WS_LIMITS.maxViolations);
  });
});

describe('origin check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(new FakeSource(MARKETS), {
      allowedOrigins: (origin) => origin === 'https://app.example',
    });
  });
  afterAll(() => server.close());

  it('refuses a browser page of another origin before the upgrade', async () => {
    const refused = new WebSocket(server.url, { headers: { Origin: 'https://evil.example' } });
    // Aborting a refused handshake reports an error; it is the expected outcome here.
    refused.on('error', () => {});
    const status = await new Promise<number | undefined>((resolve) => {
      refused.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode);
        res.destroy();
      });
      refused.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
    refused.terminate();
  });

  it('accepts its own origin, an allowed origin and clients without Origin', async () => {
    for (const headers of [{ Origin: `http://127.0.0.1:${server.port}` }, { Origin: 'https://app.example' }, {}]) {
      const client = await TestClient.open(server.url, headers);
      await stillWorks(client);
      await client.close();
    }
  });
});

describe('backpressure', () => {
  it('closes a connection that stops reading with 1013 instead of buffering without bound', async () => {
    const source = new FakeSource(MARKETS);
    source.tokens.set('token', 1);
    const server = await startServer(source, { maxBufferedBytes: 256 * 1024 });
    const client = await TestClient.open(server.url);
    client.send({ op: 'auth', token: 'token' });
    await client.expect('authenticated');
    client.send({ op: 'sub', ch: ['user'] });
    await client.expect('subscribed');
    client.ws.pause();
    const blob = 'x'.repeat(512 * 1024);
    // Enough to fill the kernel buffers on both ends, after which the gateway's queue grows.
    for (let i = 0; i < 64; i++) source.user(1, 'balance', { blob });
    client.ws.resume();
    expect((await client.closed).code).toBe(1013);
    await server.close();
  });
});

describe('snapshot budget', () => {
  // A clock that moves only when told, so the budget refills exactly as the test says.
  let now = Date.UTC(2026, 10, 22, 12);
  let server: TestServer;
  let source: FakeSource;
  const depth = MARKETS.map((m) => `depth:${m.symbol}`);
  beforeAll(async () => {
    source = new FakeSource(MARKETS);
    // Deep books, so that each snapshot weighs tens of kilobytes, as BTC/USDT's does.
    for (const { symbol } of MARKETS) {
      for (let i = 1; i <= 1000; i++) {
        source.setLevel(symbol, 1, 1_000_000 - i * 7, 123_456 + i);
        source.setLevel(symbol, 2, 1_000_000 + i * 7, 654_321 + i);
      }
    }
    server = await startServer(source, { clock: () => now });
  });
  afterAll(() => server.close());

  const snapshotBytes = (client: TestClient) =>
    client.raw.filter((r) => r.kind === 'snapshot').reduce((sum, r) => sum + r.bytes, 0);

  it('bounds the snapshot bytes one connection can cause, refusing the rest with an error and changing nothing', async () => {
    const client = await TestClient.open(server.url);
    // Re-subscribing is how a client resyncs: looped, it would draw a snapshot of every book each time.
    for (let i = 0; i < 40; i++) client.send({ op: 'sub', ch: depth });
    const refusal = await client.next<ErrorFrame>((f) => f.kind === 'error' && f.code === 'snapshot_limited');
    expect(refusal.ch).toMatch(/^depth:/);
    client.send({ op: 'ping', t: 1 });
    await client.expect('pong');
    const drawn = snapshotBytes(client);
    // One snapshot may overdraw the budget, never more.
    expect(drawn).toBeLessThan(WS_LIMITS.snapshotBurstBytes + 100_000);
    expect(drawn).toBeGreaterThan(WS_LIMITS.snapshotBurstBytes / 2);
    // Time refills the budget: a second later one more second's worth is served.
    now += 1000;
    client.send({ op: 'sub', ch: [depth[0] as string] });
    await client.expect('snapshot', depth[0]);
    expect(snapshotBytes(client) - drawn).toBeLessThan(WS_LIMITS.snapshotBytesPerSecond + 100_000);
    await client.close();
  });

  it('keeps a held channel when its resync is refused: its diffs still come', async () => {
    const client = await TestClient.open(server.url);
    for (let i = 0; i < 40; i++) client.send({ op: 'sub', ch: depth });
    await client.next<ErrorFrame>((f) => f.kind === 'error' && f.code === 'snapshot_limited');
    client.send({ op: 'ping', t: 2 });
    await client.expect('pong');
    expect(client.received.some((f) => f.kind === 'subscribed' && f.ch.includes(depth[0] as string))).toBe(true);
    source.setLevel(MARKETS[0]?.symbol as string, 1, 1_000_001, 5);
    await client.expect('diff', depth[0]);
    await client.close();
  });
});
