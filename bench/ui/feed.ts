/**
 * The synthetic market-data server of bench/ui, on 127.0.0.1 only: one http server that serves the bench page and its
 * bundles, the market list the worker reads its grids from (`/market/symbol-thumb`), and two sockets with the same
 * frames: `/ws` speaks the gateway's protocol (msgpack maps, server/gateway/frames.ts) for the real worker, `/json`
 * sends the frames as JSON text for the naive page. Every book is a bench/depth/stream.ts stream (1000 levels a side,
 * seq and checksums right, so books stay live), one seed per market, diffs paced at `rate` per second per book by the
 * wall clock. A repeated `sub` (the worker's resync) or a stream that runs out starts the book over from its snapshot.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Packr, Unpackr } from 'msgpackr';
import { type WebSocket, WebSocketServer } from 'ws';
import type { DepthDiffFrame, DepthSnapshotFrame } from '../../common/protocol.ts';
import { depthStream, GRID } from '../depth/stream.ts';

/** Level updates per diff, as in bench/depth. */
const PER_FRAME = 20;
/** Pacing tick of the sender. */
const TICK_MS = 5;

// As the gateway packs: plain maps, no records (server/gateway/frames.ts).
const packr = new Packr({ useRecords: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true });

export const symbolOf = (i: number) => `BK${i}/USDT`;

/** One market's frames, encoded once for both sockets. */
interface Market {
  msgpack: Buffer[];
  json: string[];
  /** Per frame, the book sides it changes (0, 1 or 2; the snapshot counts 0). */
  sides: number[];
}

/** One book being streamed to one socket. */
interface Stream {
  market: Market;
  /** Next frame to send: 0 = the snapshot. */
  next: number;
  start: number;
}

export interface FeedServer {
  url: string;
  /** Diff frames sent since the last call, over every socket, and the book sides they changed (a diff changes 1 or 2). */
  takeSent(): { diffs: number; sides: number };
  close(): Promise<void>;
}

export interface FeedOptions {
  /** Diffs per second per book. */
  rate: number;
  /** Diffs per market before its stream starts over. */
  diffs: number;
  /** Static files by path, e.g. `/` and `/page.js`. */
  files: Map<string, { type: string; body: string }>;
  markets: number;
}

/** Each market's frames, made on its first subscription: null for a symbol that is not one of the bench's. */
function marketFrames(options: FeedOptions): (symbol: string) => Market | null {
  const markets = new Map<number, Market>();
  return (symbol) => {
    const i = Number(/^BK(\d+)\/USDT$/.exec(symbol)?.[1] ?? Number.NaN);
    if (!Number.isInteger(i) || i < 0 || i >= options.markets) return null;
    let market = markets.get(i);
    if (!market) {
      const stream = depthStream(options.diffs * PER_FRAME, PER_FRAME, 1000 + i);
      const ch = `depth:${symbolOf(i)}` as const;
      const frames: (DepthSnapshotFrame | DepthDiffFrame)[] = [
        { ...stream.snapshot, ch },
        ...stream.diffs.map((d) => ({ ...d, ch })),
      ];
      market = {
        msgpack: frames.map((f) => packr.pack(f)),
        json: frames.map((f) => JSON.stringify(f)),
        sides: frames.map((f) => (f.kind === 'diff' ? Number(f.bids.length > 0) + Number(f.asks.length > 0) : 0)),
      };
      markets.set(i, market);
    }
    return market;
  };
}

/** The page, its bundles and the market list the worker reads its grids from. */
function serveFiles(options: FeedOptions): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/market/symbol-thumb') {
      const data = Array.from({ length: options.markets }, (_, i) => ({ symbol: symbolOf(i), ...GRID }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, data }));
      return;
    }
    const file = options.files.get(path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
}

/** A socket's state: the books it is being streamed. */
interface Socket {
  json: boolean;
  streams: Map<string, Stream>;
}

/** Applies a client frame (`sub`/`unsub` of depth channels) to a socket's streams. */
function onClientFrame(state: Socket, data: Buffer, binary: boolean, marketOf: (symbol: string) => Market | null) {
  let frame: { op?: unknown; ch?: unknown };
  try {
    frame = (binary ? unpackr.unpack(data) : JSON.parse(data.toString())) as typeof frame;
  } catch {
    return;
  }
  if (!Array.isArray(frame.ch)) return;
  for (const ch of frame.ch) {
    if (typeof ch !== 'string') continue;
    if (frame.op === 'unsub') {
      state.streams.delete(ch);
      continue;
    }
    const market = frame.op === 'sub' && ch.startsWith('depth:') ? marketOf(ch.slice(6)) : null;
    // A (repeated) sub starts the book over from its snapshot; the seq goes back to 0 with it.
    if (market) state.streams.set(ch, { market, next: 0, start: performance.now() });
  }
}

/** Sends every frame that is due on every socket: the snapshot at once, then diff k at start + k / rate. */
function pump(open: Map<WebSocket, Socket>, rate: number, sent: { diffs: number; sides: number }): void {
  const now = performance.now();
  for (const [ws, state] of open) {
    for (const stream of state.streams.values()) {
      const frames = state.json ? stream.market.json : stream.market.msgpack;
      const due = Math.floor(((now - stream.start) * rate) / 1000);
      while (stream.next <= due) {
        if (stream.next >= frames.length) {
          stream.next = 0;
          stream.start = now;
          break;
        }
        ws.send(frames[stream.next] as string | Buffer);
        if (stream.next > 0) {
          sent.diffs++;
          sent.sides += stream.market.sides[stream.next] ?? 0;
        }
        stream.next++;
      }
    }
  }
}

export async function startFeed(options: FeedOptions): Promise<FeedServer> {
  const marketOf = marketFrames(options);
  const server = serveFiles(options);
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const open = new Map<WebSocket, Socket>();
  let sent = { diffs: 0, sides: 0 };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/ws' && path !== '/json') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const state: Socket = { json: path === '/json', streams: new Map() };
      open.set(ws, state);
      ws.on('close', () => open.delete(ws));
      ws.on('message', (data: Buffer, binary: boolean) => {
        onClientFrame(state, data, binary, marketOf);
        pump(open, options.rate, sent);
      });
    });
  });
  const timer = setInterval(() => pump(open, options.rate, sent), TICK_MS);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    takeSent() {
      const taken = sent;
      sent = { diffs: 0, sides: 0 };
      return taken;
    },
    close() {
      clearInterval(timer);
      for (const ws of open.keys()) ws.terminate();
      sockets.close();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
