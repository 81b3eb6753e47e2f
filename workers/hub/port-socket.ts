import { type FeedScheduler, realFeedScheduler, type WebSocketClass } from '../feed/index.ts';
import {
  HUB_ALIVE_MS,
  type HubMessage,
  type HubPort,
  TAB_ALIVE_MS,
  type TabMessage,
  unpackFrames,
} from './messages.ts';

/** A hub not heard for this long is taken as gone: the worker stops answering its page, which replaces both. */
export const HUB_DEAD_MS = 3 * HUB_ALIVE_MS;

type Listener = ((event: unknown) => void) | { handleEvent(event: unknown): void };
type EventType = 'open' | 'close' | 'message' | 'error';

export interface PortSockets {
  /** A WebSocket class for the feed (FeedOptions.WebSocket) whose sockets are virtual ones on the hub. */
  Socket: WebSocketClass;
  /** Whether the hub was heard lately. */
  alive(): boolean;
  /** Stops telling the hub this tab lives. */
  stop(): void;
}

/**
 * The worker's end of the hub (hub.ts): a class that behaves as a WebSocket for `reconnecting-websocket` and the
 * feed, each instance a virtual socket on the hub's one connection. Only the newest instance is live, as the feed
 * holds one socket at a time.
 */
export function portSockets(port: HubPort, scheduler: FeedScheduler = realFeedScheduler): PortSockets {
  let next = 1;
  let current: PortSocket | null = null;
  let heard = scheduler.now();
  const tell = (message: TabMessage) => port.postMessage(message);
  port.onmessage = (event) => {
    heard = scheduler.now();
    const message = event.data as HubMessage;
    if (message.op !== 'alive' && current?.id === message.socket) current.receive(message);
  };
  let beat: unknown = null;
  const again = () => {
    beat = scheduler.setTimeout(() => {
      tell({ op: 'alive' });
      again();
    }, TAB_ALIVE_MS);
  };
  again();

  class PortSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readonly id = next++;
    readonly bufferedAmount = 0;
    readonly extensions = '';
    readonly protocol = '';
    binaryType = 'arraybuffer';
    readyState = 0;
    private readonly listeners: Record<EventType, Listener[]> = { open: [], close: [], message: [], error: [] };

    constructor(readonly url: string) {
      current = this;
      tell({ op: 'open', socket: this.id });
    }

    addEventListener(type: EventType, listener: Listener): void {
      this.listeners[type]?.push(listener);
    }

    removeEventListener(type: EventType, listener: Listener): void {
      const list = this.listeners[type];
      if (list) this.listeners[type] = list.filter((l) => l !== listener);
    }

    send(data: ArrayBuffer | Uint8Array): void {
      if (this.readyState !== 1) throw new Error('the socket is not open');
      tell({ op: 'send', socket: this.id, data });
    }

    close(code = 1000, reason = ''): void {
      if (this.readyState >= 2) return;
      tell({ op: 'close', socket: this.id });
      this.closed(code, reason);
    }

    receive(message: Exclude<HubMessage, { op: 'alive' }>): void {
      if (this.readyState >= 2) return;
      if (message.op === 'open') {
        this.readyState = 1;
        this.emit('open', { type: 'open' });
      } else if (message.op === 'close') this.closed(message.code, message.reason);
      else for (const data of unpackFrames(message.frames)) this.emit('message', { type: 'message', data });
    }

    /** Closed: told as a socket tells it, in a later turn. */
    private closed(code: number, reason: string): void {
      this.readyState = 3;
      if (current === this) current = null;
      queueMicrotask(() => this.emit('close', { type: 'close', code, reason, wasClean: code === 1000 }));
    }

    private emit(type: EventType, event: unknown): void {
      for (const listener of this.listeners[type]) {
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      }
    }
  }

  return {
    Socket: PortSocket,
    alive: () => scheduler.now() - heard < HUB_DEAD_MS,
    stop: () => scheduler.clearTimeout(beat),
  };
}
