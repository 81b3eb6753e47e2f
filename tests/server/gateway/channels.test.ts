import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AckFrame,
  CandlesFrame,
  HeartbeatFrame,
  PongFrame,
  TickerFrame,
  TradesFrame,
  UserFrame,
} from '../../../common/protocol.ts';
import type { MarketMeta } from '../../../server/gateway/index.ts';
import { FakeSource } from './fake-source.ts';
import { startServer, TestClient, type TestServer } from './harness.ts';

const MARKETS: MarketMeta[] = [
  { symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 },
  { symbol: 'ETH/BTC', priceScale: 6, amountScale: 3 },
];
const T0 = Date.UTC(2026, 10, 22, 12);

describe('market-data channels', () => {
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
    // More than the trades cap, so the snapshot must keep only the newest 100.
    for (let i = 0; i < 130; i++) {
      source.trade('BTC/USDT', { price: 1_000_000 + i, volume: 10 + i, side: i % 2 ? 2 : 1, time: T0 + i });
    }
    source.ticker('BTC/USDT', [100.5, 0.1, 99, 101, 98, 1200, 120_000, T0]);
    source.ticker('ETH/BTC', [0.05, 2, 0.049, 0.051, 0.048, 300, 15, T0]);
    source.candle('ETH/BTC', 'M1', [T0, 0.05, 0.051, 0.049, 0.0505, 12]);
    source.tokens.set('token-alice', 1);
    source.tokens.set('token-bob', 2);
    server = await startServer(source);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.close());

  it('sends the last 100 trades oldest first, then new trades batched per flush', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: ['trades:BTC/USDT'] });
    expect(await client.expect<AckFrame>('subscribed')).toMatchObject({ ch: ['trades:BTC/USDT'] });
    const snapshot = await client.expect<TradesFrame>('snapshot', 'trades:BTC/USDT');
    expect(snapshot.trades).toHaveLength(400);
    // Groups of four: price, side, volume, time; the oldest kept is trade #30.
    expect(snapshot.trades.slice(0, 4)).toEqual([10_000.3, 1, 0.004, T0 + 30]);
    expect(snapshot.trades.slice(-4)).toEqual([10_001.29, 2, 0.0139, T0 + 129]);

    source.trade('BTC/USDT', { price: 1_000_100, volume: 5, side: 1, time: T0 + 200 });
    source.trade('BTC/USDT', { price: 1_000_050, volume: 70_000, side: 2, time: T0 + 201 });
    const update = await client.expect<TradesFrame>('update', 'trades:BTC/USDT');
    expect(update.trades).toEqual([10_001, 1, 0.0005, T0 + 200, 10_000.5, 2, 7, T0 + 201]);
  });

  it('sends every ticker, then only the tickers that changed with their latest values', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: ['ticker'] });
    const snapshot = await client.expect<TickerFrame>('snapshot', 'ticker');
    expect(snapshot.tickers).toEqual(source.tickers());

    source.ticker('ETH/BTC', [0.0501, 1, 0.049, 0.051, 0.048, 301, 15.05, T0 + 1]);
    source.ticker('ETH/BTC', [0.0502, 1, 0.049, 0.051, 0.048, 302, 15.1, T0 + 2]);
    const update = await client.expect<TickerFrame>('update', 'ticker');
    expect(update.tickers).toEqual({ 'ETH/BTC': [0.0502, 1, 0.049, 0.051, 0.048, 302, 15.1, T0 + 2] });
  });

  it('sends the current candle (or none), then the latest value of each changed candle', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: ['candles:ETH/BTC:M1', 'candles:BTC/USDT:H1'] });
    expect((await client.expect<CandlesFrame>('snapshot', 'candles:ETH/BTC:M1')).candles).toEqual([
      T0,
      0.05,
      0.051,
      0.049,
      0.0505,
      12,
    ]);
    expect((await client.expect<CandlesFrame>('snapshot', 'candles:BTC/USDT:H1')).candles).toEqual([]);

    source.candle('ETH/BTC', 'M1', [T0, 0.05, 0.052, 0.049, 0.052, 13]);
    source.candle('ETH/BTC', 'M1', [T0, 0.05, 0.053, 0.049, 0.053, 14]);
    // Another interval of the same market is not subscribed and must not leak into this channel.
    source.candle('ETH/BTC', 'M5', [T0, 1, 1, 1, 1, 1]);
    expect((await client.expect<CandlesFrame>('update', 'candles:ETH/BTC:M1')).candles).toEqual([
      T0,
      0.05,
      0.053,
      0.049,
      0.053,
      14,
    ]);

    // A candle closes and the next opens within one flush: both arrive, oldest first.
    source.candle('BTC/USDT', 'H1', [T0, 100, 101, 99, 100.5, 3]);
    source.candle('BTC/USDT', 'H1', [T0 + 3_600_000, 100.5, 100.5, 100.5, 100.5, 0.1]);
    expect((await client.expect<CandlesFrame>('update', 'candles:BTC/USDT:H1')).candles).toEqual([
      T0,
      100,
      101,
      99,
      100.5,
      3,
      T0 + 3_600_000,
      100.5,
      100.5,
      100.5,
      100.5,
      0.1,
    ]);
    expect(client.received.some((f) => 'ch' in f && f.ch === 'candles:ETH/BTC:M5')).toBe(false);
  });

  it('stops sending a channel after unsub', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: ['depth:BTC/USDT', 'trades:ETH/BTC'] });
    await client.expect('snapshot', 'depth:BTC/USDT');
    await client.expect('snapshot', 'trades:ETH/BTC');
    source.setLevel('BTC/USDT', 1, 9_000, 10);
    await client.expect('diff', 'depth:BTC/USDT');

    client.send({ op: 'unsub', ch: ['depth:BTC/USDT', 'ticker'] });
    // Only what was held is reported dropped.
    expect(await client.expect<AckFrame>('unsubscribed')).toMatchObject({ ch: ['depth:BTC/USDT'] });
    const before = client.on('depth:BTC/USDT').length;
    // Both changes land in one flush, depth first: had depth still been sent, it would come before this trade.
    source.setLevel('BTC/USDT', 1, 9_001, 10);
    source.trade('ETH/BTC', { price: 50_000, volume: 1_000, side: 1, time: T0 });
    await client.expect('update', 'trades:ETH/BTC');
    expect(client.on('depth:BTC/USDT')).toHaveLength(before);
  });

  it('answers ping with the client time and the server time', async () => {
    const client = await open();
    client.send({ op: 'ping', t: 123.5 });
    const pong = await client.expect<PongFrame>('pong');
    expect(pong.t).toBe(123.5);
    expect(typeof pong.server).toBe('number');
  });

  it('serves user events only after auth, and only the connection user’s own', async () => {
    const alice = await open('?lang=en_US');
    alice.send({ op: 'sub', ch: ['user'] });
    expect(await alice.expect('error')).toMatchObject({ code: 'auth_required', ch: 'user' });
    // Every sub gets one ack listing what it added: here nothing.
    expect(await alice.expect<AckFrame>('subscribed')).toMatchObject({ ch: [] });
    alice.send({ op: 'auth', token: 'no-such-token' });
    expect(await alice.expect('error')).toMatchObject({
      code: 'auth_failed',
      message: 'Your session is invalid, please log in again',
    });
    alice.send({ op: 'auth', token: 'token-alice' });
    expect(await alice.expect<AckFrame>('authenticated')).toMatchObject({ ch: [] });
    alice.send({ op: 'sub', ch: ['user'] });
    expect(await alice.expect<AckFrame>('subscribed')).toMatchObject({ ch: ['user'] });

    // auth and sub in one burst: the sub waits for the auth to settle.
    const bob = await open();
    bob.send({ op: 'auth', token: 'token-bob' });
    bob.send({ op: 'sub', ch: ['user'] });
    await bob.expect('authenticated');
    expect(await bob.expect<AckFrame>('subscribed')).toMatchObject({ ch: ['user'] });

    // An authenticated connection that did not subscribe gets nothing either.
    const idle = await open();
    idle.send({ op: 'auth', token: 'token-alice' });
    await idle.expect('authenticated');

    source.user(2, 'balance', { coin: 'USDT', balance: '5' });
    source.user(3, 'order', { id: 99 });
    source.user(1, 'order', { id: 7, status: 'TRADING' });
    const mine = await alice.expect<UserFrame>('order', 'user');
    expect(mine.data).toEqual({ id: 7, status: 'TRADING' });
    expect((await bob.expect<UserFrame>('balance', 'user')).data).toEqual({ coin: 'USDT', balance: '5' });
    // Events are sent as they happen, in order: anything for another user would have come before alice's own.
    expect(alice.on('user')).toHaveLength(1);
    expect(bob.on('user')).toHaveLength(1);
    idle.send({ op: 'ping', t: 1 });
    await idle.expect('pong');
    expect(idle.on('user')).toHaveLength(0);
  });

  it('numbers the user frames of each connection from 1, and from 1 again after a fresh subscription', async () => {
    const subscribe = async () => {
      const client = await open();
      client.send({ op: 'auth', token: 'token-alice' });
      client.send({ op: 'sub', ch: ['user'] });
      await client.expect('subscribed');
      return client;
    };
    const first = await subscribe();
    source.user(1, 'balance', { coin: 'USDT' });
    source.user(1, 'balance', { coin: 'BTC' });
    expect((await first.expect<UserFrame>('balance', 'user')).seq).toBe(1);
    expect((await first.expect<UserFrame>('balance', 'user')).seq).toBe(2);
    // Another connection of the same user counts its own frames.
    const second = await subscribe();
    source.user(1, 'order', { id: 1 });
    expect((await first.expect<UserFrame>('order', 'user')).seq).toBe(3);
    expect((await second.expect<UserFrame>('order', 'user')).seq).toBe(1);
    // A repeated sub keeps counting; unsub then sub starts again.
    first.send({ op: 'sub', ch: ['user'] });
    await first.expect('subscribed');
    source.user(1, 'order', { id: 2 });
    expect((await first.expect<UserFrame>('order', 'user')).seq).toBe(4);
    first.send({ op: 'unsub', ch: ['user'] });
    await first.expect('unsubscribed');
    first.send({ op: 'sub', ch: ['user'] });
    await first.expect('subscribed');
    source.user(1, 'order', { id: 3 });
    expect(await first.expect<UserFrame>('order', 'user')).toMatchObject({ seq: 1, data: { id: 3 } });
  });
});

describe('heartbeat', () => {
  it('arrives on a connection that has been sent nothing for heartbeatMs', async () => {
    const server = await startServer(new FakeSource(MARKETS), { heartbeatMs: 100 });
    const client = await TestClient.open(server.url);
    const beat = await client.expect<HeartbeatFrame>('heartbeat');
    expect(typeof beat.t).toBe('number');
    await client.close();
    await server.close();
  });
});
