import Fastify, { type FastifyInstance } from 'fastify';
import { pack, unpack } from 'msgpackr';
import WebSocket from 'ws';
import { type ServerFrame, WS_PATH } from '../../../common/protocol.ts';
import { type GatewayOptions, registerGateway } from '../../../server/gateway/index.ts';
import type { FakeSource } from './fake-source.ts';

/** Long enough for a loaded machine; only guards against a hang, never asserts a duration. */
const WAIT_MS = 5000;

export interface TestServer {
  app: FastifyInstance;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A real Fastify server with the gateway, listening on a free port of 127.0.0.1. */
export async function startServer(source: FakeSource, options: GatewayOptions = {}): Promise<TestServer> {
  const app = Fastify();
  await registerGateway(app, source, { flushMs: 5, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    app,
    port: address.port,
    url: `ws://127.0.0.1:${address.port}${WS_PATH}`,
    close: () => app.close(),
  };
}

/** A ws client that decodes every frame with a plain msgpack decoder and lets a test await frames in order. */
export class TestClient {
  /** Every frame received, in order. */
  readonly received: ServerFrame[] = [];
  /** The size on the wire of every frame received, with its kind. */
  readonly raw: { kind: ServerFrame['kind']; bytes: number }[] = [];
  private readonly unread: ServerFrame[] = [];
  private waiter: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frame = unpack(data) as ServerFrame;
      this.received.push(frame);
      this.raw.push({ kind: frame.kind, bytes: data.length });
      this.unread.push(frame);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.waiter?.();
      });
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestClient> {
    const ws = new WebSocket(url, { headers });
    const client = new TestClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /** Sends a client frame as binary msgpack. */
  send(frame: unknown): void {
    this.ws.send(pack(frame));
  }

  /** The first unread frame that matches, removed from the unread queue; earlier non-matching frames stay unread. */
  async next<T extends ServerFrame = ServerFrame>(match: (frame: ServerFrame) => boolean, what = 'frame'): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const index = this.unread.findIndex(match);
      if (index >= 0) return this.unread.splice(index, 1)[0] as T;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`socket closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  /** The next frame of a kind, optionally on one channel. */
  expect<T extends ServerFrame = ServerFrame>(kind: ServerFrame['kind'], ch?: string): Promise<T> {
    return this.next<T>((f) => f.kind === kind && (ch === undefined || ('ch' in f && f.ch === ch)), `${kind} ${ch}`);
  }

  /** Frames received on a channel so far (errors name a channel too, but are not on it). */
  on(ch: string): ServerFrame[] {
    return this.received.filter((f) => f.kind !== 'error' && 'ch' in f && f.ch === ch);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}
