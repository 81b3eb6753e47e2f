import { Packr } from 'msgpackr';
import ReconnectingWebSocket from 'reconnecting-websocket';
import { type ClientFrame, type ErrorFrame, type ServerFrame, STALE_AFTER_MS } from '../../common/protocol.ts';
import { type Backoff, backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
import { channelFrames, onceATurn } from './channels.ts';
import { type FeedScheduler, realFeedScheduler } from './scheduler.ts';
import { decodeFrame } from './validate.ts';

/** The socket's state: `live` while frames arrive, `stale` after {@link FeedOptions.staleAfterMs} of silence. */
export type FeedState = 'connecting' | 'live' | 'stale' | 'closed';

export interface FeedHealth {
  state: FeedState;
  /** Scheduler time of the last frame, valid or not (or of the last open). */
  lastFrameAt: number;
  /** Sockets that opened after the first one: drops and half-open replacements that were repaired. */
  reconnects: number;
  /** Frames dropped because they did not decode or did not have the shape of a server frame. */
  malformed: number;
  /** Error frames from the server. */
  errors: number;
}

/** What the feed needs of a WebSocket class: the platform's, or the `ws` package's in Node. */
export interface WebSocketClass {
  new (url: string, protocols?: string | string[]): unknown;
  readonly CLOSING: number;
}

export interface FeedOptions {
  url: string;
  /** Default `globalThis.WebSocket`. */
  WebSocket?: WebSocketClass;
  /** Silence after which the feed is stale (default {@link STALE_AFTER_MS}). */
  staleAfterMs?: number;
  /** Further silence after which the socket counts as half-open and is replaced (default `staleAfterMs`). */
  halfOpenAfterMs?: number;
  /** A connection that lived this long resets the backoff (default 5 s). */
  stableAfterMs?: number;
  /** An opening that takes longer is abandoned and retried (default 4 s). */
  connectTimeoutMs?: number;
  backoff?: Partial<Backoff>;
  scheduler?: FeedScheduler;
  /** [0, 1), for the backoff jitter (default Math.random). */
  random?: () => number;
  /** Where exceptions of the router and listeners go (default console.error): one bad consumer must not stop the rest. */
  report?: (error: unknown) => void;
}

/**
 * Who holds the feed's channels (workers/sources' registry; a small map in tests): the feed keeps no count of its own,
 * it asks this which channels to hold and hands it every frame of them.
 */
export interface ChannelRouter {
  /** The channels to hold, in the order they were first wanted. */
  channels(): Iterable<string>;
  holds(ch: string): boolean;
  /** A frame of a held channel, or an error frame naming one. */
  deliver(ch: string, frame: ServerFrame): void;
}

const NO_CHANNELS: ChannelRouter = { channels: () => [], holds: () => false, deliver: () => {} };

const DEFAULT_STABLE_AFTER_MS = 5000;
/**
 * A subscription the gateway refused for its snapshot budget (`snapshot_limited`) is asked again after this, plus up
 * to as much again of jitter: by then the budget has refilled by about a megabyte.
 */
export const SNAPSHOT_RETRY_MS = 1000;
const DEFAULT_CONNECT_TIMEOUT_MS = 4000;
/** Close code of a socket replaced by the watchdog (4000–4999: for applications). */
const HALF_OPEN_CLOSE = 4000;

// Client frames are tiny and rare; plain maps, as the gateway's decoder expects (no records).
const packr = new Packr({ useRecords: false, variableMapSize: true });

/**
 * The market-data socket of one worker (DESIGN §2, §4): one binary connection, reconnected with jittered exponential
 * backoff, channels multiplexed, frames decoded, checked and handed to the router.
 *
 * The feed keeps no market state and no count of who wants a channel: the router ({@link route}) says which channels
 * to hold, and {@link sync} brings the server in line with it. After a reconnect every held channel is subscribed
 * again and its snapshot follows; {@link onReconnect} tells owners to expect it.
 *
 * The socket lifecycle (open, connect timeout, replace on close or error) is `reconnecting-websocket`'s; its own delay
 * is set to zero and the delay is taken here, in the URL provider it awaits before each attempt, because the package
 * has no jitter and its timers can be neither injected nor cancelled. Its send queue is off: while the socket is down
 * nothing is sent, and the state to restore is sent whole on open.
 */
export class Feed {
  private readonly socket: ReconnectingWebSocket;
  private readonly scheduler: FeedScheduler;
  private readonly backoff: Backoff;
  private readonly random: () => number;
  private readonly report: (error: unknown) => void;
  private readonly staleAfterMs: number;
  private readonly halfOpenAfterMs: number;
  private readonly stableAfterMs: number;
  private readonly watchMs: number;

  private router: ChannelRouter = NO_CHANNELS;
  /** Channels the server holds for this connection (as far as sent). */
  private readonly wire = new Set<string>();
  private readonly resyncs = new Set<string>();
  /** Channels waiting out a `snapshot_limited` refusal, with their retry timer. */
  private readonly retries = new Map<string, unknown>();
  private token: string | null = null;

  private state: FeedState = 'connecting';
  private open = false;
  private opened = 0;
  private lastFrameAt: number;
  private reconnects = 0;
  private malformed = 0;
  private errors = 0;

  /** Failed attempts since the last stable connection. */
  private attempts = 0;
  private connects = 0;
  private openedAt: number | null = null;
  private backoffTimer: unknown = null;
  private backoffResolve: ((url: string) => void) | null = null;
  private watchTimer: unknown = null;

  private readonly healthListeners = new Set<(health: FeedHealth) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly errorListeners = new Set<(frame: ErrorFrame) => void>();

  constructor(private readonly options: FeedOptions) {
    this.scheduler = options.scheduler ?? realFeedScheduler;
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.random = options.random ?? Math.random;
    this.report = options.report ?? ((error) => console.error('market-data feed', error));
    this.staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
    this.halfOpenAfterMs = options.halfOpenAfterMs ?? this.staleAfterMs;
    this.stableAfterMs = options.stableAfterMs ?? DEFAULT_STABLE_AFTER_MS;
    // Four looks per stale period: the state turns stale at most a quarter period late.
    this.watchMs = Math.max(1, Math.floor(this.staleAfterMs / 4));
    this.lastFrameAt = this.scheduler.now();

    const WebSocketClass = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketClass }).WebSocket;
    if (!WebSocketClass) throw new Error('no WebSocket here: pass options.WebSocket');
    this.socket = new ReconnectingWebSocket(() => this.nextUrl(), [], {
      WebSocket: WebSocketClass,
      minReconnectionDelay: 0,
      maxReconnectionDelay: 0,
      connectionTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      maxEnqueuedMessages: 0,
    });
    this.socket.binaryType = 'arraybuffer';
    this.socket.addEventListener('open', () => this.handleOpen());
    this.socket.addEventListener('close', () => this.handleClose());
    this.socket.addEventListener('message', (event) => this.receive(event.data));
    this.armWatchdog();
  }

  // ─── Channels ──────────────────────────────────────────────────────────────────────────────────────────────────────

  /** Sets who holds the channels and receives their frames; the server follows at the end of the turn. */
  route(router: ChannelRouter): void {
    this.router = router;
    this.sync();
  }

  /**
   * The router's channels changed: the changes of one turn go out as one `unsub` and one `sub` frame (a channel wanted
   * and dropped again within the turn sends nothing). A channel already held gets no new snapshot: its owner serves
   * every later view.
   */
  sync(): void {
    if (this.state !== 'closed') this.queueFlush();
  }

  /** Asks for a fresh snapshot of a held channel (the gateway answers a repeated `sub` with one). False if not held. */
  resync(ch: string): boolean {
    if (this.state === 'closed' || !this.router.holds(ch)) return false;
    this.resyncs.add(ch);
    this.queueFlush();
    return true;
  }

  /** Asks for a refused channel again once the server's snapshot budget has refilled; one timer per channel. */
  private retryLater(ch: string): void {
    if (this.retries.has(ch) || !this.router.holds(ch)) return;
    const delay = SNAPSHOT_RETRY_MS * (1 + this.random());
    this.retries.set(
      ch,
      this.scheduler.setTimeout(() => {
        this.retries.delete(ch);
        this.resync(ch);
      }, delay),
    );
  }

  /**
   * The session for the private `user` channel: sent now if connected and again first after every reconnect. `null`
   * stops sending it on later connections (the protocol has no logout: the open connection keeps its session, so
   * unsubscribe `user` too).
   */
  auth(token: string | null): void {
    this.token = token;
    // Sent at once, ahead of the subscriptions of this turn, so that `auth` then `subscribe('user')` works.
    if (token !== null && this.open) this.send({ op: 'auth', token });
  }

  /** Channels on the server as far as sent (all of the router's once the turn's changes went out). */
  channels(): string[] {
    return [...this.wire];
  }

  // ─── Health ────────────────────────────────────────────────────────────────────────────────────────────────────────

  health(): FeedHealth {
    return {
      state: this.state,
      lastFrameAt: this.lastFrameAt,
      reconnects: this.reconnects,
      malformed: this.malformed,
      errors: this.errors,
    };
  }

  /** Called on every change of state (not on every frame); returns the function that stops it. */
  onHealth(listener: (health: FeedHealth) => void): () => void {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }

  /**
   * Called when a replacement socket has opened and every held channel was subscribed again: whatever was missed is
   * lost, so owners must treat their state as stale until the snapshots that follow.
   */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Error frames of the server (refused channels, auth failures, rate limits). */
  onError(listener: (frame: ErrorFrame) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Closes the socket for good and stops every timer; the router gets nothing more. */
  close(): void {
    if (this.state === 'closed') return;
    this.open = false;
    if (this.watchTimer !== null) this.scheduler.clearTimeout(this.watchTimer);
    this.watchTimer = null;
    for (const timer of this.retries.values()) this.scheduler.clearTimeout(timer);
    this.retries.clear();
    this.cancelBackoff();
    this.socket.close(1000, 'closed');
    this.router = NO_CHANNELS;
    this.wire.clear();
    this.resyncs.clear();
    this.setState('closed');
  }

  // ─── Socket events ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** The URL of the next attempt, after this attempt's backoff: the first connect goes at once. */
  private nextUrl(): Promise<string> {
    const { url } = this.options;
    if (this.state === 'closed') return Promise.resolve(url);
    const first = this.connects++ === 0;
    if (this.openedAt !== null) {
      // Only a connection that stayed up resets the backoff: a server that accepts and drops at once must not be
      // hammered.
      if (this.scheduler.now() - this.openedAt >= this.stableAfterMs) this.attempts = 0;
      this.openedAt = null;
    }
    if (first) return Promise.resolve(url);
    const delay = backoffDelay(this.attempts++, this.backoff, this.random);
    if (delay <= 0) return Promise.resolve(url);
    return new Promise((resolve) => {
      this.backoffResolve = resolve;
      this.backoffTimer = this.scheduler.setTimeout(() => {
        this.backoffTimer = null;
        this.backoffResolve = null;
        resolve(url);
      }, delay);
    });
  }

  private cancelBackoff(): void {
    if (this.backoffTimer !== null) this.scheduler.clearTimeout(this.backoffTimer);
    this.backoffTimer = null;
    // Settled so the package's pending attempt ends (it sees the close and opens nothing).
    this.backoffResolve?.(this.options.url);
    this.backoffResolve = null;
  }

  private handleOpen(): void {
    if (this.state === 'closed') return;
    this.open = true;
    this.openedAt = this.lastFrameAt = this.scheduler.now();
    this.wire.clear();
    this.resyncs.clear();
    // Auth first: the gateway holds later frames until it settles, so `user` in the same burst is accepted.
    if (this.token !== null) this.send({ op: 'auth', token: this.token });
    this.flush();
    const reconnected = this.opened++ > 0;
    if (reconnected) this.reconnects++;
    this.setState('live');
    if (reconnected) this.emit(this.reconnectListeners, undefined);
  }

  private handleClose(): void {
    this.open = false;
    this.wire.clear();
    if (this.state !== 'closed') this.setState('connecting');
  }

  private receive(data: unknown): void {
    if (!this.open) return;
    this.lastFrameAt = this.scheduler.now();
    if (this.state === 'stale') this.setState('live');
    const frame = decodeFrame(data);
    if (frame === null) {
      this.malformed++;
      return;
    }
    switch (frame.kind) {
      case 'heartbeat':
      case 'pong':
      case 'subscribed':
      case 'unsubscribed':
      case 'authenticated':
        return;
      case 'error':
        this.errors++;
        this.emit(this.errorListeners, frame);
        if (frame.ch === undefined) return;
        if (frame.code === 'snapshot_limited') this.retryLater(frame.ch);
        this.dispatch(frame.ch, frame);
        return;
      default:
        this.dispatch(frame.ch, frame);
    }
  }

  private dispatch(ch: string, frame: ServerFrame): void {
    if (!this.router.holds(ch)) return;
    try {
      this.router.deliver(ch, frame);
    } catch (error) {
      this.report(error);
    }
  }

  // ─── Watchdog ──────────────────────────────────────────────────────────────────────────────────────────────────────

  private armWatchdog(): void {
    this.watchTimer = this.scheduler.setTimeout(() => {
      this.watchTimer = null;
      this.watch();
      if (this.state !== 'closed') this.armWatchdog();
    }, this.watchMs);
  }

  /**
   * The gateway sends a heartbeat after every second of silence, so silence means the path is broken. Stale first
   * (shown to the user, and a ping to provoke an answer or a socket error), then, after a further grace, the socket is
   * taken as half-open and replaced: a dead TCP path can look open for minutes.
   */
  private watch(): void {
    if (!this.open) return;
    const silence = this.scheduler.now() - this.lastFrameAt;
    if (silence >= this.staleAfterMs + this.halfOpenAfterMs) {
      this.open = false;
      this.socket.reconnect(HALF_OPEN_CLOSE, 'no frames');
      return;
    }
    if (silence >= this.staleAfterMs && this.state === 'live') {
      this.setState('stale');
      this.send({ op: 'ping', t: this.scheduler.now() });
    }
  }

  // ─── Sending ───────────────────────────────────────────────────────────────────────────────────────────────────────

  private readonly queueFlush = onceATurn(() => this.flush());

  /** Brings the server's channels in line with the router's: unsubscribes first (frees slots), then one `sub`. */
  private flush(): void {
    if (!this.open) return;
    const unsub: string[] = [];
    for (const ch of this.wire) if (!this.router.holds(ch)) unsub.push(ch);
    const sub: string[] = [];
    for (const ch of this.router.channels()) if (!this.wire.has(ch) || this.resyncs.has(ch)) sub.push(ch);
    this.resyncs.clear();
    for (const ch of unsub) this.wire.delete(ch);
    for (const ch of sub) this.wire.add(ch);
    this.sendChannels('unsub', unsub);
    this.sendChannels('sub', sub);
  }

  private sendChannels(op: 'sub' | 'unsub', channels: string[]): void {
    for (const frame of channelFrames(op, channels)) this.send(frame);
  }

  private send(frame: ClientFrame): void {
    if (!this.open) return;
    this.socket.send(packr.pack(frame) as Uint8Array);
  }

  private setState(state: FeedState): void {
    if (this.state === state) return;
    this.state = state;
    if (this.healthListeners.size > 0) this.emit(this.healthListeners, this.health());
  }

  private emit<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        this.report(error);
      }
    }
  }
}
