import type { WebSocket } from 'ws';
import type { Lang } from '../../common/i18n.ts';
import { type ClientFrame, SESSION_ENDED_CLOSE, type WsErrorCode } from '../../common/protocol.ts';
import { packError } from './frames.ts';

/** WebSocket close codes the gateway uses (RFC 6455 §7.4.1). */
export const CloseCode = {
  /** Broke the rate limit too often. */
  policyViolation: 1008,
  /** Too slow to read: reconnect and start from fresh snapshots. */
  tryAgainLater: 1013,
  /** The session it authenticated with ended. */
  sessionEnded: SESSION_ENDED_CLOSE,
} as const;

/**
 * Sliding-window rate limit: remembers the times of the last `max` accepted messages in a ring, so a check is O(1) and
 * allocates nothing. A refused message does not enter the window.
 */
export class RateWindow {
  private readonly stamps: Float64Array;
  private next = 0;
  private count = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.stamps = new Float64Array(max);
  }

  /** Accepts a message at `now` unless `max` were already accepted within the window before it. */
  tryAcquire(now: number): boolean {
    if (this.count < this.max) this.count++;
    else if (now - (this.stamps[this.next] as number) < this.windowMs) return false;
    this.stamps[this.next] = now;
    this.next = (this.next + 1) % this.max;
    return true;
  }
}

/**
 * A byte budget: a burst that refills at a steady rate. `canSpend` is asked before work is done and `spend` after,
 * so one spend may overdraw it; nothing more is allowed until it has refilled above zero.
 */
export class ByteBudget {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  canSpend(now: number): boolean {
    if (now > this.last) {
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
      this.last = now;
    }
    return this.tokens > 0;
  }

  spend(bytes: number): void {
    this.tokens -= bytes;
  }
}

/** A public channel: collects what happens between flushes and sends it to its subscribers as one frame. */
export interface Topic {
  readonly channel: string;
  readonly subscribers: Set<Connection>;
  /** Sends what piled up since the last flush, if anything, to the subscribers. */
  flush(t: number): void;
  /** The frame a new subscriber starts from; call {@link flush} first so the next update follows it. */
  snapshot(t: number): Buffer;
  /** The last subscriber left: forget what piled up. */
  idle(): void;
}

/** Client frames that change a connection's state; `ping` is answered at once and never queued. */
export type StatefulFrame = Exclude<ClientFrame, { op: 'ping' }>;

export interface ConnectionSettings {
  clock: () => number;
  /** Bytes queued on the socket beyond which the client counts as too slow. */
  maxBufferedBytes: number;
  maxMessagesPerSecond: number;
  snapshotBurstBytes: number;
  snapshotBytesPerSecond: number;
  /** Called once when the connection stops receiving frames (overflow or close), to drop its subscriptions. */
  release: (connection: Connection) => void;
}

/** One client socket: its language, subscriptions, session and the bookkeeping of its limits. */
export class Connection {
  /** Channel name → what it is subscribed to; 'user' for the private channel. */
  readonly channels = new Map<string, Topic | 'user'>();
  userId: number | null = null;
  /** `seq` of the last user frame sent; 0 again when `user` is subscribed afresh (common/protocol.ts UserFrame). */
  userSeq = 0;
  /** The validated session behind `userId` (its registry key) and when it dies; null before a successful auth. */
  session: string | null = null;
  sessionExpiresAt = Number.POSITIVE_INFINITY;
  /** Frames that arrived while an auth was pending; handled in order once it settles. */
  readonly inbox: StatefulFrame[] = [];
  authPending = false;
  /** Consecutive rate-limit violations. */
  violations = 0;
  lastSent: number;
  closed = false;
  readonly rate: RateWindow;
  /** Snapshot bytes this connection may still cause (subscriptions and resyncs). */
  readonly snapshots: ByteBudget;

  constructor(
    readonly socket: WebSocket,
    readonly lang: Lang,
    private readonly settings: ConnectionSettings,
  ) {
    this.lastSent = settings.clock();
    this.rate = new RateWindow(settings.maxMessagesPerSecond, 1000);
    this.snapshots = new ByteBudget(settings.snapshotBurstBytes, settings.snapshotBytesPerSecond, this.lastSent);
  }

  /** Sends a packed frame (shared between subscribers, never copied). */
  send(frame: Buffer): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(frame);
    this.lastSent = this.settings.clock();
    // A client that cannot keep up would make its queue grow without bound. Dropping its diffs would only leave its
    // books stale; closing with 1013 makes it reconnect and start again from snapshots, and caps memory at once.
    if (this.socket.bufferedAmount > this.settings.maxBufferedBytes) {
      this.close(CloseCode.tryAgainLater, 'slow consumer');
    }
  }

  error(code: WsErrorCode, ch?: string): void {
    this.send(packError(code, this.lang, this.settings.clock(), ch));
  }

  /** The session this connection serves ended: nothing private may reach it any more. */
  endSession(): void {
    this.close(CloseCode.sessionEnded, 'session ended');
  }

  /** Stops sending at once and starts the close handshake; subscriptions are released right away. */
  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.settings.release(this);
    this.socket.close(code, reason);
  }
}
