import { type ClientFrame, STALE_AFTER_MS } from '../../common/protocol.ts';
// Not through feed/index.ts: that would bring the socket's libraries (reconnecting-websocket, msgpackr) into the
// hub's bundle, which every tab waits for before its first frame.
import { channelFrames, onceATurn } from '../feed/channels.ts';
import type { WebSocketClass } from '../feed/feed.ts';
import { decodeMsgpack } from '../feed/msgpack.ts';
import { type FeedScheduler, realFeedScheduler } from '../feed/scheduler.ts';
import {
  HUB_ALIVE_MS,
  type HubMessage,
  type HubPort,
  packChannelFrame,
  packFrames,
  TAB_IDLE_MS,
  type TabMessage,
} from './messages.ts';
import { routeOf } from './route.ts';

/** What the hub uses of a socket (the platform's WebSocket). */
interface HubSocket {
  binaryType: string;
  readonly readyState: number;
  onopen: (() => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

/** A tab's data worker: its current virtual socket and the channels that socket holds. */
interface Tab {
  port: HubPort;
  socket: number | null;
  /** Whether its socket was told `open`. */
  open: boolean;
  channels: Set<string>;
  /** Channels subscribed (or resubscribed) and not yet given their snapshot: no updates go before it. */
  awaiting: Set<string>;
  heard: number;
  /** Frames of this turn, sent together. */
  out: Uint8Array[];
}

/** A socket silent this long (the gateway beats every second) is taken as half-open and replaced. */
const SILENT_MS = 2 * STALE_AFTER_MS;
const HALF_OPEN_CLOSE = 4000;

/**
 * The one market-data socket of every tab of the origin (issue 22 item 5): each tab's dedicated data worker runs its
 * own feed and books over a virtual socket on this hub (hub/port-socket.ts), so each tab gets its batches from a
 * worker in its own process (a SharedWorker's cost it twice as much) while the browser still holds one connection.
 * The hub counts each channel across tabs: the first tab subscribes it, a later one subscribes it again for a
 * snapshot of its own, which goes to that tab alone (the others' books go on from the diffs), and the last to leave
 * unsubscribes it. Server frames are routed by channel and passed on raw, each turn's in one message a tab.
 */
export class SocketHub {
  private ws: HubSocket | null = null;
  private live = false;
  private heard = 0;
  private readonly tabs = new Set<Tab>();
  private readonly counts = new Map<string, number>();
  private readonly subs = new Set<string>();
  private readonly unsubs = new Set<string>();
  private sendQueued = false;
  private ticker: unknown = null;

  constructor(
    private readonly url: string,
    private readonly Socket: WebSocketClass,
    private readonly scheduler: FeedScheduler = realFeedScheduler,
  ) {
    this.tick();
  }

  /** A tab's data worker connects its port. */
  connect(port: HubPort): void {
    const tab: Tab = {
      port,
      socket: null,
      open: false,
      channels: new Set(),
      awaiting: new Set(),
      heard: this.scheduler.now(),
      out: [],
    };
    this.tabs.add(tab);
    port.onmessage = (event) => this.fromTab(tab, event.data as TabMessage);
  }

  /** Tabs connected (for tests and health). */
  tabCount(): number {
    return this.tabs.size;
  }

  /** Closes the connection and stops the hub's timer (tests; a shared worker's hub lives as long as its tabs). */
  close(): void {
    if (this.ticker !== null) this.scheduler.clearTimeout(this.ticker);
    this.ticker = null;
    this.dropSocket(1000, 'closed');
  }

  private fromTab(tab: Tab, message: TabMessage): void {
    tab.heard = this.scheduler.now();
    if (message.op === 'open') {
      this.release(tab);
      tab.socket = message.socket;
      tab.open = false;
      if (this.live) this.openTab(tab);
      else this.ensureSocket();
    } else if (message.op === 'close') {
      if (message.socket !== tab.socket) return;
      this.release(tab);
      tab.socket = null;
      tab.open = false;
    } else if (message.op === 'send') {
      if (message.socket === tab.socket && tab.open) this.clientFrame(tab, message.data);
    }
  }

  private openTab(tab: Tab): void {
    tab.open = true;
    this.post(tab, { op: 'open', socket: tab.socket as number });
  }

  /** A tab's client frame: subscriptions are counted and sent once a turn, the rest go to the server as they are. */
  private clientFrame(tab: Tab, data: ArrayBuffer | Uint8Array): void {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    let frame: ClientFrame;
    try {
      frame = decodeMsgpack(bytes) as ClientFrame;
    } catch {
      return;
    }
    if (frame?.op === 'sub' && Array.isArray(frame.ch)) for (const ch of frame.ch) this.subscribe(tab, String(ch));
    else if (frame?.op === 'unsub' && Array.isArray(frame.ch))
      for (const ch of frame.ch) this.unsubscribe(tab, String(ch));
    else this.ws?.send(bytes);
  }

  private subscribe(tab: Tab, ch: string): void {
    if (!tab.channels.has(ch)) {
      tab.channels.add(ch);
      this.counts.set(ch, (this.counts.get(ch) ?? 0) + 1);
    }
    // The private channel has no snapshot: a repeated `sub` only keeps it (its seq goes on counting).
    if (ch !== 'user') tab.awaiting.add(ch);
    this.unsubs.delete(ch);
    this.subs.add(ch);
    this.queueFlush();
  }

  private unsubscribe(tab: Tab, ch: string): void {
    if (!tab.channels.delete(ch)) return;
    tab.awaiting.delete(ch);
    const left = (this.counts.get(ch) ?? 1) - 1;
    if (left > 0) {
      this.counts.set(ch, left);
      return;
    }
    this.counts.delete(ch);
    this.subs.delete(ch);
    this.unsubs.add(ch);
    this.queueFlush();
  }

  /** A tab's socket is gone: what it alone held is unsubscribed. */
  private release(tab: Tab): void {
    for (const ch of [...tab.channels]) this.unsubscribe(tab, ch);
  }

  private readonly queueFlush = onceATurn(() => this.flush());

  /** The turn's subscriptions, unsubscribes first (they free slots), in frames the gateway accepts. */
  private flush(): void {
    const send = (op: 'sub' | 'unsub', channels: string[]) => {
      for (const frame of channelFrames(op, channels)) this.ws?.send(packChannelFrame(frame));
    };
    if (this.live) {
      send('unsub', [...this.unsubs]);
      send('sub', [...this.subs]);
    }
    this.unsubs.clear();
    this.subs.clear();
  }

  // ─── The server's socket ───────────────────────────────────────────────────────────────────────────────────────────

  private ensureSocket(): void {
    if (this.ws) return;
    const ws = new this.Socket(this.url) as HubSocket;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      this.live = true;
      this.heard = this.scheduler.now();
      for (const tab of this.tabs) if (tab.socket !== null && !tab.open) this.openTab(tab);
    };
    ws.onclose = (event) => {
      if (this.ws === ws) this.dropSocket(event.code, event.reason);
    };
    ws.onmessage = (event) => {
      if (this.ws === ws && event.data instanceof ArrayBuffer) this.fromServer(new Uint8Array(event.data));
    };
    this.ws = ws;
  }

  /** The socket closed (or was taken as half-open): every tab's socket closes, and each feed reconnects. */
  private dropSocket(code: number, reason: string): void {
    const ws = this.ws;
    this.ws = null;
    this.live = false;
    ws?.close();
    this.counts.clear();
    this.subs.clear();
    this.unsubs.clear();
    for (const tab of this.tabs) {
      if (tab.socket === null) continue;
      this.post(tab, { op: 'close', socket: tab.socket, code, reason });
      tab.socket = null;
      tab.open = false;
      tab.channels.clear();
      tab.awaiting.clear();
      tab.out = [];
    }
  }

  /** A server frame goes to the tabs that hold its channel; a snapshot only to those waiting for one. */
  private fromServer(bytes: Uint8Array): void {
    this.heard = this.scheduler.now();
    // Bytes that do not decode go to every tab: it is for each feed to count them as malformed.
    const { ch, kind } = routeOf(bytes) ?? { ch: null, kind: null };
    if (ch === null) {
      for (const tab of this.tabs) if (tab.open) tab.out.push(bytes);
    } else {
      const answer = kind === 'snapshot' || kind === 'error';
      let waiting = false;
      if (answer) for (const tab of this.tabs) if (tab.open && tab.awaiting.has(ch)) waiting = true;
      for (const tab of this.tabs) {
        if (!tab.open || !tab.channels.has(ch)) continue;
        const asked = tab.awaiting.has(ch);
        if (answer && waiting ? !asked : asked) continue;
        if (kind === 'snapshot') tab.awaiting.delete(ch);
        tab.out.push(bytes);
      }
    }
    this.queueSend();
  }

  /** Each turn's frames go out together, one message a tab: a message costs more than the frames in it. */
  private queueSend(): void {
    if (this.sendQueued) return;
    this.sendQueued = true;
    this.scheduler.setTimeout(() => {
      this.sendQueued = false;
      for (const tab of this.tabs) {
        if (tab.out.length === 0 || tab.socket === null) continue;
        const frames = packFrames(tab.out);
        tab.out = [];
        this.post(tab, { op: 'frames', socket: tab.socket, frames }, [frames]);
      }
    }, 0);
  }

  private post(tab: Tab, message: HubMessage, transfer: Transferable[] = []): void {
    tab.port.postMessage(message, transfer);
  }

  /** Every second: tabs hear the hub lives, silent tabs are dropped, a silent socket is replaced. */
  private tick(): void {
    this.ticker = this.scheduler.setTimeout(() => {
      const now = this.scheduler.now();
      for (const tab of [...this.tabs]) {
        if (now - tab.heard > TAB_IDLE_MS) {
          this.release(tab);
          this.tabs.delete(tab);
        } else this.post(tab, { op: 'alive' });
      }
      if (this.live && now - this.heard > SILENT_MS) this.dropSocket(HALF_OPEN_CLOSE, 'no frames');
      this.tick();
    }, HUB_ALIVE_MS);
  }
}
