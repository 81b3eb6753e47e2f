// Its type augmentation declares `app.websocketServer`, used to drop client sockets server-side.
import type {} from '@fastify/websocket';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../../common/protocol.ts';
import type { MarketMeta } from '../../../server/gateway/index.ts';
import type { WebSocketClass } from '../../../workers/feed/index.ts';
import { type HubPort, portSockets, SocketHub } from '../../../workers/hub/index.ts';
import { FakeSource } from '../../server/gateway/fake-source.ts';
import { startServer, type TestServer } from '../../server/gateway/harness.ts';
import { HandlerFeed } from '../feed/handler-feed.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';
import { until } from '../feed/until.ts';

const MARKETS: MarketMeta[] = [{ symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 }];

/** The `ws` WebSocket, counting the connections the hub opens. */
function countingSocket(made: WebSocket[]): WebSocketClass {
  return class extends WebSocket {
    constructor(url: string) {
      super(url);
      made.push(this);
    }
  };
}

let server: TestServer | null = null;
const feeds: HandlerFeed[] = [];
const ports: MessagePort[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.close();
  for (const port of ports.splice(0)) port.close();
  for (const stop of stops.splice(0)) stop();
  await server?.close();
  server = null;
});

/** A tab's feed whose socket is a virtual one on `hub`, over a real MessageChannel. */
function tabFeed(hub: SocketHub): HandlerFeed {
  const channel = new MessageChannel();
  ports.push(channel.port1, channel.port2);
  hub.connect(channel.port1 as unknown as HubPort);
  const sockets = portSockets(channel.port2 as unknown as HubPort);
  stops.push(sockets.stop);
  const feed = new HandlerFeed({ url: (server as TestServer).url, WebSocket: sockets.Socket });
  feeds.push(feed);
  return feed;
}

describe('feeds over the socket hub', () => {
  it('give two tabs their own live book on one connection, and both come back after the connection drops', async () => {
    const source = new FakeSource(MARKETS);
    source.setLevel('BTC/USDT', 1, 6_499_000, 20_000);
    source.setLevel('BTC/USDT', 2, 6_501_000, 30_000);
    const running = await startServer(source);
    server = running;
    const made: WebSocket[] = [];
    const hub = new SocketHub(running.url, countingSocket(made));
    stops.push(() => hub.close());
    const [a, b] = [tabFeed(hub), tabFeed(hub)];
    const framesA: ServerFrame[] = [];
    const framesB: ServerFrame[] = [];
    a.subscribe('depth:BTC/USDT', (f) => framesA.push(f));
    await until(() => framesA.some((f) => f.kind === 'snapshot'), 'the first tab’s snapshot');
    b.subscribe('depth:BTC/USDT', (f) => framesB.push(f));
    await until(() => framesB.some((f) => f.kind === 'snapshot'), 'the second tab’s snapshot');
    source.setLevel('BTC/USDT', 1, 6_498_000, 10_000);
    await until(() => framesA.some((f) => f.kind === 'diff') && framesB.some((f) => f.kind === 'diff'), 'diffs');
    expect(made).toHaveLength(1);
    // The later tab's snapshot went to it alone: the first book went on from its diffs.
    expect(framesA.filter((f) => f.kind === 'snapshot')).toHaveLength(1);
    expect(a.health().state).toBe('live');

    for (const client of running.app.websocketServer.clients) client.terminate();
    await until(() => a.health().reconnects === 1 && b.health().reconnects === 1, 'both feeds reconnected');
    await until(() => framesB.filter((f) => f.kind === 'snapshot').length === 2, 'a fresh snapshot');
    expect(made).toHaveLength(2);
  });

  it('stops telling the hub lives when it goes quiet', () => {
    const scheduler = new ManualScheduler();
    const quiet: HubPort = { postMessage: () => {}, onmessage: null };
    const sockets = portSockets(quiet, scheduler);
    expect(sockets.alive()).toBe(true);
    scheduler.advance(3000);
    expect(sockets.alive()).toBe(false);
    quiet.onmessage?.({ data: { op: 'alive' } } as MessageEvent);
    expect(sockets.alive()).toBe(true);
  });
});
