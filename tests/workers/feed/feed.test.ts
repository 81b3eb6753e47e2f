// Its type augmentation declares `app.websocketServer`, used to drop client sockets server-side.
import type {} from '@fastify/websocket';
import Fastify from 'fastify';
import { pack, unpack } from 'msgpackr';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { type RawData, WebSocketServer } from 'ws';
import {
  type ClientFrame,
  type DepthSnapshotFrame,
  type ErrorFrame,
  type ServerFrame,
  WS_PATH,
} from '../../../common/protocol.ts';
import { type MarketMeta, registerGateway } from '../../../server/gateway/index.ts';
import {
  type FeedOptions,
  type FeedState,
  SNAPSHOT_RETRY_MS,
  type WebSocketClass,
} from '../../../workers/feed/index.ts';
import { FakeSource } from '../../server/gateway/fake-source.ts';
import { startServer, type TestServer } from '../../server/gateway/harness.ts';
import { HandlerFeed } from './handler-feed.ts';
import { ManualScheduler } from './manual-scheduler.ts';
import { until } from './until.ts';

const MARKETS: MarketMeta[] = [{ symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 }];
const T0 = Date.UTC(2026, 10, 22, 12);

/** Lets queued microtasks (the feed's batched subscriptions) and pending socket writes run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** The `ws` WebSocket, recording the client frames each socket sends (one log per socket, in order of creation). */
function spyWebSocket(logs: ClientFrame[][]): WebSocketClass {
  return class SpyWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      const log: ClientFrame[] = [];
      logs.push(log);
      const send = this.send.bind(this);
      this.send = ((data: Uint8Array) => {
        log.push(unpack(data) as ClientFrame);
        send(data);
      }) as WebSocket['send'];
    }
  };
}

const feeds: HandlerFeed[] = [];
function openFeed(options: FeedOptions): HandlerFeed {
  const feed = new HandlerFeed(options);
  feeds.push(feed);
  return feed;
}

afterEach(() => {
  for (const feed of feeds.splice(0)) feed.close();
});

describe('Feed against the gateway', () => {
  let source: FakeSource;
  let server: TestServer;
  let logs: ClientFrame[][];

  const start = async () => {
    source = new FakeSource(MARKETS);
    source.trade('BTC/USDT', { price: 6_500_012, volume: 1500, side: 1, time: T0 });
    source.ticker('BTC/USDT', [65_000.12, 0.15, 64_000, 66_000, 63_000, 12, 780_000, T0]);
    source.setLevel('BTC/USDT', 1, 6_499_000, 20_000);
    source.setLevel('BTC/USDT', 2, 6_501_000, 30_000);
    source.tokens.set('token-7', 7);
    server = await startServer(source);
    logs = [];
  };
  afterEach(async () => {
    for (const feed of feeds.splice(0)) feed.close();
    await server.close();
  });

  it('sends one sub for the channels of one turn, attaches later handlers without one, unsubscribes on the last detach', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: spyWebSocket(logs) });
    const a: ServerFrame[] = [];
    const b: ServerFrame[] = [];
    const ticker: ServerFrame[] = [];
    const offA = feed.subscribe('trades:BTC/USDT', (f) => a.push(f));
    const offB = feed.subscribe('trades:BTC/USDT', (f) => b.push(f));
    feed.subscribe('ticker', (f) => ticker.push(f));
    await until(() => a.length > 0 && b.length > 0 && ticker.length > 0, 'snapshots');

    expect(logs).toHaveLength(1);
    expect(logs[0]).toEqual([{ op: 'sub', ch: ['trades:BTC/USDT', 'ticker'] }]);
    expect(a[0]).toMatchObject({ ch: 'trades:BTC/USDT', kind: 'snapshot', trades: [65_000.12, 1, 0.15, T0] });
    expect(b[0]).toBe(a[0]);
    expect(feed.health()).toMatchObject({ state: 'live', reconnects: 0, malformed: 0, errors: 0 });

    // A later handler only attaches: the owner of the channel's state serves it, the server sends nothing again.
    const c: ServerFrame[] = [];
    const offC = feed.subscribe('trades:BTC/USDT', (f) => c.push(f));
    await settle();
    expect(logs[0]).toHaveLength(1);
    source.trade('BTC/USDT', { price: 6_500_100, volume: 10, side: 2, time: T0 + 1 });
    await until(() => c.length > 0, 'an update on the late handler');
    expect(c[0]).toMatchObject({ kind: 'update', trades: [65_001, 2, 0.001, T0 + 1] });
    await until(() => a.length === 2 && b.length === 2, 'the update on the first handlers');

    offA();
    offA();
    offC();
    await settle();
    expect(logs[0]).toHaveLength(1);
    offB();
    await settle();
    expect(logs[0]).toEqual([
      { op: 'sub', ch: ['trades:BTC/USDT', 'ticker'] },
      { op: 'unsub', ch: ['trades:BTC/USDT'] },
    ]);
    expect(feed.channels()).toEqual(['ticker']);
  });

  it('on a live socket: batches the channels of one turn, and sends nothing for a subscribe undone in the same turn', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: spyWebSocket(logs) });
    const seen: ServerFrame[] = [];
    feed.subscribe('ticker', (f) => seen.push(f));
    await until(() => seen.length > 0, 'the ticker snapshot');
    const off = feed.subscribe('trades:BTC/USDT', () => {});
    off();
    await settle();
    expect(logs[0]).toEqual([{ op: 'sub', ch: ['ticker'] }]);
    const depth: ServerFrame[] = [];
    const candles: ServerFrame[] = [];
    feed.subscribe('depth:BTC/USDT', (f) => depth.push(f));
    feed.subscribe('candles:BTC/USDT:M1', (f) => candles.push(f));
    await until(() => depth.length > 0 && candles.length > 0, 'both snapshots');
    expect(logs[0]).toEqual([
      { op: 'sub', ch: ['ticker'] },
      { op: 'sub', ch: ['depth:BTC/USDT', 'candles:BTC/USDT:M1'] },
    ]);
  });

  it('resync asks again for a held channel and a fresh snapshot follows', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: spyWebSocket(logs) });
    const frames: ServerFrame[] = [];
    feed.subscribe('depth:BTC/USDT', (f) => frames.push(f));
    await until(() => frames.some((f) => f.kind === 'snapshot'), 'the depth snapshot');
    expect(feed.resync('depth:ETH/USDT')).toBe(false);
    source.setLevel('BTC/USDT', 1, 6_499_500, 1000);
    expect(feed.resync('depth:BTC/USDT')).toBe(true);
    await until(() => frames.filter((f) => f.kind === 'snapshot').length === 2, 'a second snapshot');
    const last = frames.filter((f) => f.kind === 'snapshot').at(-1) as DepthSnapshotFrame;
    expect(last.bids).toEqual([64_995, 0.1, 64_990, 2]);
    expect(logs[0]).toEqual([
      { op: 'sub', ch: ['depth:BTC/USDT'] },
      { op: 'sub', ch: ['depth:BTC/USDT'] },
    ]);
  });

  it('after the server drops the socket: reconnects, sends auth then one sub of every channel, snapshots follow', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: spyWebSocket(logs), backoff: { minMs: 5, maxMs: 20 } });
    const states: FeedState[] = [];
    feed.onHealth((h) => states.push(h.state));
    let reconnected = 0;
    feed.onReconnect(() => reconnected++);
    feed.auth('token-7');
    const trades: ServerFrame[] = [];
    const depth: ServerFrame[] = [];
    const user: ServerFrame[] = [];
    feed.subscribe('trades:BTC/USDT', (f) => trades.push(f));
    feed.subscribe('depth:BTC/USDT', (f) => depth.push(f));
    feed.subscribe('user', (f) => user.push(f));
    await until(() => trades.length > 0 && depth.length > 0, 'the first snapshots');
    // The user channel is live once the auth has settled; the fake source pushes until the event gets through.
    const userEvent = async (n: number) => {
      const before = user.length;
      await until(() => {
        source.user(7, 'balance', { n });
        return user.length > before;
      }, 'a user event');
    };
    await userEvent(1);
    expect(logs[0]?.slice(0, 2)).toEqual([
      { op: 'auth', token: 'token-7' },
      { op: 'sub', ch: ['trades:BTC/USDT', 'depth:BTC/USDT', 'user'] },
    ]);

    for (const client of server.app.websocketServer.clients) client.terminate();
    await until(() => reconnected === 1, 'the reconnect');
    await until(() => trades.length === 2 && depth.length === 2, 'the snapshots again');
    expect(trades[1]).toMatchObject({ kind: 'snapshot' });
    expect(depth[1]).toMatchObject({ kind: 'snapshot' });
    expect(logs).toHaveLength(2);
    expect(logs[1]).toEqual([
      { op: 'auth', token: 'token-7' },
      { op: 'sub', ch: ['trades:BTC/USDT', 'depth:BTC/USDT', 'user'] },
    ]);
    await userEvent(2);
    expect(feed.health()).toMatchObject({ state: 'live', reconnects: 1 });
    expect(states).toEqual(['live', 'connecting', 'live']);
  });

  it('backs off while the server is down and comes back when it restarts on the same port', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: WebSocket, backoff: { minMs: 5, maxMs: 40 } });
    const snapshots: ServerFrame[] = [];
    feed.subscribe('ticker', (f) => {
      if (f.kind === 'snapshot') snapshots.push(f);
    });
    await until(() => snapshots.length === 1, 'the ticker snapshot');
    const { port } = server;
    await server.close();
    await until(() => feed.health().state === 'connecting', 'the drop');
    // Refused attempts meanwhile; none of them counts as a reconnect.
    await settle();
    expect(feed.health().reconnects).toBe(0);

    const app = Fastify();
    await registerGateway(app, source, { flushMs: 5 });
    await app.listen({ port, host: '127.0.0.1' });
    server = { app, port, url: `ws://127.0.0.1:${port}${WS_PATH}`, close: () => app.close() };
    await until(() => snapshots.length === 2, 'the snapshot after the restart');
    expect(feed.health()).toMatchObject({ state: 'live', reconnects: 1 });
  });

  it('counts error frames, passes them to onError and to the handlers of the channel they name', async () => {
    await start();
    const feed = openFeed({ url: server.url, WebSocket: WebSocket });
    const errors: ErrorFrame[] = [];
    feed.onError((f) => errors.push(f));
    const frames: ServerFrame[] = [];
    feed.subscribe('depth:NOPE/USDT', (f) => frames.push(f));
    await until(() => errors.length === 1 && frames.length === 1, 'the error');
    expect(errors[0]).toMatchObject({ kind: 'error', code: 'unknown_channel', ch: 'depth:NOPE/USDT' });
    expect(frames[0]).toBe(errors[0]);
    expect(feed.health().errors).toBe(1);
  });

  it('reports an exception of the router and goes on delivering: a bad consumer costs a frame, not the socket', async () => {
    await start();
    const reported: unknown[] = [];
    const feed = openFeed({ url: server.url, WebSocket: WebSocket, report: (e) => reported.push(e) });
    const seen: ServerFrame[] = [];
    feed.subscribe('ticker', (f) => {
      if (f.kind === 'snapshot') throw new Error('bad consumer');
      seen.push(f);
    });
    await until(() => reported.length === 1, 'the report');
    source.ticker('BTC/USDT', [65_001, 0.15, 64_000, 66_000, 63_000, 12, 780_000, T0 + 1]);
    await until(() => seen.length === 1, 'the next frame');
    expect(reported).toEqual([new Error('bad consumer')]);
    expect(feed.health()).toMatchObject({ state: 'live', reconnects: 0 });
  });
});

/** A WebSocket server whose every frame the test writes by hand. */
async function rawServer(): Promise<{
  wss: WebSocketServer;
  url: string;
  sockets: WebSocket[];
  received: ClientFrame[][];
  closes: number[];
  close(): Promise<void>;
}> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const address = wss.address();
  if (typeof address === 'string' || address === null) throw new Error('no port');
  const sockets: WebSocket[] = [];
  const received: ClientFrame[][] = [];
  const closes: number[] = [];
  wss.on('connection', (socket) => {
    const log: ClientFrame[] = [];
    sockets.push(socket);
    received.push(log);
    socket.on('message', (data: RawData) => log.push(unpack(data as Buffer) as ClientFrame));
    socket.on('close', (code) => closes.push(code));
  });
  return {
    wss,
    url: `ws://127.0.0.1:${address.port}`,
    sockets,
    received,
    closes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
}

describe('Feed with a hand-written server', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const feed of feeds.splice(0)) feed.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('counts and drops frames that do not decode or are not server frames, and delivers the rest', async () => {
    const raw = await rawServer();
    servers.push(raw);
    const feed = openFeed({ url: raw.url, WebSocket: WebSocket });
    const frames: ServerFrame[] = [];
    feed.subscribe('trades:BTC/USDT', (f) => frames.push(f));
    await until(() => (raw.received[0]?.length ?? 0) > 0, 'the sub');
    const socket = raw.sockets[0] as WebSocket;
    const junk: (Buffer | string)[] = [
      Buffer.from([0xc1, 0xff, 0x00, 0x13]),
      Buffer.alloc(0),
      'not binary',
      pack({ kind: 'nope', t: 1 }),
      pack({ ch: 'trades:BTC/USDT', kind: 'update', t: 1, trades: [65_000, 1, 0.1] }),
      pack({ ch: 'trades:BTC/USDT', kind: 'update', t: 1, trades: [65_000, 3, 0.1, T0] }),
      pack({ kind: 'heartbeat' }),
      pack([1, 2, 3]),
    ];
    for (const data of junk) socket.send(data);
    const good = { ch: 'trades:BTC/USDT', kind: 'update', t: 2, trades: [65_000, 1, 0.1, T0] };
    socket.send(pack(good));
    await until(() => frames.length === 1, 'the valid frame');
    expect(frames).toEqual([good]);
    expect(feed.health()).toMatchObject({ state: 'live', malformed: junk.length });
  });

  it('asks again a moment later for a channel whose snapshot the server refused (snapshot_limited)', async () => {
    const raw = await rawServer();
    servers.push(raw);
    const scheduler = new ManualScheduler();
    const feed = openFeed({ url: raw.url, WebSocket: WebSocket, scheduler, random: () => 0 });
    feed.subscribe('depth:BTC/USDT', () => {});
    await until(() => (raw.received[0]?.length ?? 0) > 0, 'the sub');
    const socket = raw.sockets[0] as WebSocket;
    const refusal = { kind: 'error', code: 'snapshot_limited', message: 'later', ch: 'depth:BTC/USDT', t: 1 };
    socket.send(pack(refusal));
    await settle();
    expect(raw.received[0]).toHaveLength(1);
    // Twice refused before the retry fires: still one retry.
    socket.send(pack(refusal));
    await settle();
    scheduler.advance(SNAPSHOT_RETRY_MS);
    await until(() => (raw.received[0]?.length ?? 0) > 1, 'the retry');
    await settle();
    expect(raw.received[0]).toEqual([
      { op: 'sub', ch: ['depth:BTC/USDT'] },
      { op: 'sub', ch: ['depth:BTC/USDT'] },
    ]);
  });

  it('turns stale after silence, live again on a frame, and replaces a half-open socket', async () => {
    const raw = await rawServer();
    servers.push(raw);
    const scheduler = new ManualScheduler();
    const feed = openFeed({
      url: raw.url,
      WebSocket: WebSocket,
      scheduler,
      staleAfterMs: 100,
      halfOpenAfterMs: 100,
      backoff: { minMs: 0 },
    });
    const states: FeedState[] = [];
    feed.onHealth((h) => states.push(h.state));
    let reconnected = 0;
    feed.onReconnect(() => reconnected++);
    feed.subscribe('ticker', () => {});
    await until(() => (raw.received[0]?.length ?? 0) > 0, 'the sub');
    expect(feed.health().state).toBe('live');

    scheduler.advance(100);
    expect(feed.health().state).toBe('stale');
    // Stale sends a ping, which a live server answers with a pong.
    await until(() => (raw.received[0]?.length ?? 0) === 2, 'the ping');
    expect(raw.received[0]?.[1]).toEqual({ op: 'ping', t: 100 });
    raw.sockets[0]?.send(pack({ kind: 'heartbeat', t: 1 }));
    await until(() => feed.health().state === 'live', 'live again');
    expect(feed.health().lastFrameAt).toBe(100);

    // Silence for stale + grace: the socket is taken as half-open, closed and replaced.
    scheduler.advance(200);
    await until(() => reconnected === 1, 'the replacement socket');
    await until(() => (raw.received[1]?.length ?? 0) > 0 && raw.closes.length === 1, 'the resubscription');
    expect(raw.closes).toEqual([4000]);
    expect(raw.received[1]).toEqual([{ op: 'sub', ch: ['ticker'] }]);
    expect(feed.health()).toMatchObject({ state: 'live', reconnects: 1 });
    expect(states).toEqual(['live', 'stale', 'live', 'stale', 'connecting', 'live']);
  });

  it('close() stops the socket and leaves no timers', async () => {
    const raw = await rawServer();
    servers.push(raw);
    const scheduler = new ManualScheduler();
    const feed = openFeed({ url: raw.url, WebSocket: WebSocket, scheduler });
    feed.subscribe('ticker', () => {});
    await until(() => (raw.received[0]?.length ?? 0) > 0, 'the sub');
    expect(scheduler.pending()).toBeGreaterThan(0);
    feed.close();
    expect(scheduler.pending()).toBe(0);
    expect(feed.health().state).toBe('closed');
    await until(() => raw.closes.length === 1, 'the close');
    expect(raw.closes).toEqual([1000]);
    // Nothing comes back to life: no subscription, no timer.
    expect(feed.subscribe('ticker', () => {})).toBeTypeOf('function');
    scheduler.advance(60_000);
    expect(scheduler.pending()).toBe(0);
    expect(raw.sockets).toHaveLength(1);
  });

  it('close() while waiting out a backoff cancels the wait', async () => {
    const raw = await rawServer();
    servers.push(raw);
    const scheduler = new ManualScheduler();
    const feed = openFeed({ url: raw.url, WebSocket: WebSocket, scheduler, backoff: { minMs: 1000 } });
    await until(() => raw.sockets.length === 1 && feed.health().state === 'live', 'the socket');
    raw.sockets[0]?.terminate();
    // The watchdog plus the backoff wait of the next attempt.
    await until(() => scheduler.pending() === 2, 'the backoff wait');
    feed.close();
    expect(scheduler.pending()).toBe(0);
    await settle();
    expect(raw.sockets).toHaveLength(1);
  });
});
