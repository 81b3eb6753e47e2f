import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Lang } from '../../common/i18n.ts';
import { type CandleInterval, parseChannel, WS_LIMITS } from '../../common/protocol.ts';
import { CloseCode, Connection, type StatefulFrame, type Topic } from './connection.ts';
import { packFrame, parseClientFrame } from './frames.ts';
import { PerpetualTopics } from './perpetual-topics.ts';
import type { MarketListener, MarketSource, SessionRegistry, SocketSession } from './source.ts';
import { CandlesTopic, DepthTopic, TickerTopic, TradesTopic } from './topics.ts';

export interface GatewaySettings {
  flushMs: number;
  heartbeatMs: number;
  clock: () => number;
  maxBufferedBytes: number;
  /** Where authenticated connections are filed by session, so that ending a session closes them. */
  sessions?: SessionRegistry;
}

/** A channel a `sub` frame was granted, with the snapshot it starts from (null for `user`). */
interface Accepted {
  name: string;
  target: Topic | 'user';
  snapshot: Buffer | null;
}

/** The topics of one market, made on its first subscription and kept (they hold its depth seq). */
interface MarketTopics {
  depth: DepthTopic;
  trades: TradesTopic;
  candles: Map<CandleInterval, CandlesTopic>;
}

/**
 * The market-data hub: takes the exchange's events, batches them per topic and flushes every `flushMs`; serves the
 * client frames of every connection. Single-threaded and synchronous except for `auth`.
 */
export class Gateway {
  private readonly markets = new Map<string, MarketTopics>();
  private readonly perpetuals = new Map<string, PerpetualTopics>();
  private readonly ticker: TickerTopic;
  /** Topics with something to flush. */
  private readonly dirty = new Set<Topic>();
  private readonly connections = new Set<Connection>();
  /** Connections subscribed to `user`, by their user id. */
  private readonly users = new Map<number, Set<Connection>>();
  /** The flush that is scheduled, if any: a timer, or an immediate when a flush interval has passed already. */
  private flushTimer: NodeJS.Timeout | null = null;
  private flushImmediate: NodeJS.Immediate | null = null;
  /** performance.now() of the last flush. */
  private flushedAt = Number.NEGATIVE_INFINITY;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    private readonly source: MarketSource,
    private readonly settings: GatewaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ticker = new TickerTopic(source);
  }

  start(): void {
    this.unlisten = this.source.listen(this.listener());
    // Unref'd: the HTTP server keeps the process alive, these timers must not.
    const sweepMs = Math.max(1, Math.floor(this.settings.heartbeatMs / 4));
    this.heartbeatTimer = setInterval(() => this.heartbeat(), sweepMs).unref();
  }

  stop(): void {
    this.cancelFlush();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.flushTimer = this.heartbeatTimer = null;
    this.unlisten?.();
    this.unlisten = null;
    for (const connection of this.connections) this.release(connection);
  }

  /** Takes over an upgraded socket. */
  accept(socket: WebSocket, lang: Lang): void {
    const connection = new Connection(socket, lang, {
      clock: this.settings.clock,
      maxBufferedBytes: this.settings.maxBufferedBytes,
      maxMessagesPerSecond: WS_LIMITS.maxMessagesPerSecond,
      snapshotBurstBytes: WS_LIMITS.snapshotBurstBytes,
      snapshotBytesPerSecond: WS_LIMITS.snapshotBytesPerSecond,
      release: (c) => this.release(c),
    });
    this.connections.add(connection);
    socket.on('message', (data, isBinary) => {
      try {
        this.receive(connection, data, isBinary);
      } catch (err) {
        // A bug must cost one frame, not the process.
        this.log.error({ err }, 'market-data frame failed');
      }
    });
    socket.on('close', () => {
      connection.closed = true;
      this.release(connection);
    });
  }

  /** Flushes every topic that changed: one frame per topic, packed once. */
  flush(): void {
    this.cancelFlush();
    this.flushedAt = performance.now();
    if (this.dirty.size === 0) return;
    const t = this.settings.clock();
    for (const topic of this.dirty) {
      try {
        topic.flush(t);
      } catch (err) {
        this.log.error({ err, channel: topic.channel }, 'market-data flush failed');
      }
    }
    this.dirty.clear();
  }

  /**
   * Marks a topic changed and schedules the flush: right after this event-loop turn when `flushMs` has passed since the
   * last one, else when it will have. A fixed interval timer would drift by the time each turn takes, and on a busy
   * loop send fewer diffs than the book made; this one sends each change within `flushMs` and never more often.
   */
  private changed(topic: Topic): void {
    this.dirty.add(topic);
    if (this.flushTimer !== null || this.flushImmediate !== null) return;
    const wait = this.flushedAt + this.settings.flushMs - performance.now();
    if (wait <= 0) this.flushImmediate = setImmediate(() => this.flush()).unref();
    else this.flushTimer = setTimeout(() => this.flush(), wait).unref();
  }

  private cancelFlush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    if (this.flushImmediate !== null) clearImmediate(this.flushImmediate);
    this.flushTimer = null;
    this.flushImmediate = null;
  }

  // ─── Exchange events ───────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Called synchronously inside the engine, so they only record and never throw: markets nobody ever subscribed to
   * have no topics and cost one map lookup.
   */
  private listener(): MarketListener {
    return {
      level: (symbol, side, priceTicks, volumeLots) => {
        const depth = this.markets.get(symbol)?.depth;
        if (depth?.record(side, priceTicks, volumeLots)) this.changed(depth);
      },
      trade: (symbol, trade) => {
        const trades = this.markets.get(symbol)?.trades;
        if (trades?.record(trade)) this.changed(trades);
      },
      ticker: (symbol, values) => {
        if (this.ticker.record(symbol, values)) this.changed(this.ticker);
      },
      candle: (symbol, interval, candle) => {
        const candles = this.markets.get(symbol)?.candles.get(interval);
        if (candles?.record(candle)) this.changed(candles);
      },
      mark: (market, values) => {
        const mark = this.perpetuals.get(market)?.mark;
        if (mark?.record(values)) this.changed(mark);
      },
      funding: (market, rate, time) => {
        const funding = this.perpetuals.get(market)?.funding;
        if (funding?.record(rate, time)) this.changed(funding);
      },
      liquidation: (market, liquidation) => {
        const liquidations = this.perpetuals.get(market)?.liquidations;
        if (liquidations?.record(liquidation)) this.changed(liquidations);
      },
      user: (userId, kind, data) => {
        const connections = this.users.get(userId);
        if (!connections) return;
        try {
          // Packed per connection: each numbers its own user frames, so the client can tell one was lost.
          const t = this.settings.clock();
          for (const connection of connections) {
            connection.send(packFrame({ ch: 'user', kind, seq: ++connection.userSeq, t, data }));
          }
        } catch (err) {
          this.log.error({ err }, 'user event failed');
        }
      },
    };
  }

  // ─── Client frames ─────────────────────────────────────────────────────────────────────────────────────────────────

  private receive(connection: Connection, data: RawData, isBinary: boolean): void {
    if (connection.closed) return;
    if (!connection.rate.tryAcquire(this.settings.clock())) {
      connection.error('rate_limited');
      if (++connection.violations >= WS_LIMITS.maxViolations) {
        connection.close(CloseCode.policyViolation, 'rate limit');
      }
      return;
    }
    connection.violations = 0;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (bytes.length > WS_LIMITS.maxMessageBytes) {
      connection.error('message_too_large');
      return;
    }
    // Binary msgpack only: one decoder, and no JSON parsing path to harden.
    const frame = isBinary ? parseClientFrame(bytes) : null;
    if (!frame) {
      connection.error('bad_frame');
      return;
    }
    if (frame.op === 'ping') {
      // Stateless, so it need not wait behind a pending auth.
      connection.send(packFrame({ kind: 'pong', t: frame.t, server: this.settings.clock() }));
      return;
    }
    if (connection.authPending) {
      // Later frames wait for the auth so that `auth` then `sub user` in one burst works; the rate limit bounds this.
      if (connection.inbox.length >= WS_LIMITS.maxMessagesPerSecond) connection.error('rate_limited');
      else connection.inbox.push(frame);
      return;
    }
    this.handle(connection, frame);
  }

  private handle(connection: Connection, frame: StatefulFrame): void {
    if (frame.op === 'sub') this.subscribe(connection, frame.ch);
    else if (frame.op === 'unsub') this.unsubscribe(connection, frame.ch);
    else this.authenticate(connection, frame.token);
  }

  /**
   * Errors first (one per refused channel), then one `subscribed` ack listing what was accepted, then a snapshot per
   * accepted channel. A channel already held is accepted again with a fresh snapshot: that is how a client resyncs.
   * Snapshots are paid from the connection's byte budget; past it a channel is refused (a held one stays held).
   */
  private subscribe(connection: Connection, names: readonly string[]): void {
    const accepted: Accepted[] = [];
    let overLimit: string | null = null;
    const t = this.settings.clock();
    for (const name of new Set(names)) {
      const held = connection.channels.get(name);
      const target = held ?? this.resolve(name);
      if (!target) {
        connection.error('unknown_channel', name);
        continue;
      }
      if (target === 'user' && connection.userId === null) {
        connection.error('auth_required', name);
        continue;
      }
      if (!held && connection.channels.size >= WS_LIMITS.maxSubscriptions) {
        overLimit ??= name;
        continue;
      }
      const snapshot = target === 'user' ? null : this.snapshotFor(connection, target, t);
      if (snapshot === undefined) {
        connection.error('snapshot_limited', name);
        continue;
      }
      connection.channels.set(name, target);
      accepted.push({ name, target, snapshot });
    }
    if (overLimit !== null) connection.error('too_many_subscriptions', overLimit);
    connection.send(packFrame({ kind: 'subscribed', ch: accepted.map((a) => a.name), t }));
    for (const { target, snapshot } of accepted) {
      // A send can close a slow connection, which releases it; adding it back to a topic would leak it.
      if (connection.closed) return;
      if (target === 'user') {
        const users = this.userSet(connection.userId as number);
        // A fresh subscription numbers its frames from 1 again; a repeated `sub` keeps counting.
        if (!users.has(connection)) connection.userSeq = 0;
        users.add(connection);
      } else {
        target.subscribers.add(connection);
        connection.send(snapshot as Buffer);
      }
    }
  }

  /**
   * A topic's snapshot for a new subscriber, paid from the connection's budget; undefined when the budget is spent.
   * Flushed first so the snapshot is the book after every diff already sent, and the next diff follows it.
   */
  private snapshotFor(connection: Connection, target: Topic, t: number): Buffer | undefined {
    if (!connection.snapshots.canSpend(t)) return undefined;
    target.flush(t);
    this.dirty.delete(target);
    const snapshot = target.snapshot(t);
    connection.snapshots.spend(snapshot.length);
    return snapshot;
  }

  private unsubscribe(connection: Connection, names: readonly string[]): void {
    const removed: string[] = [];
    for (const name of new Set(names)) {
      const target = connection.channels.get(name);
      if (target === undefined) continue;
      connection.channels.delete(name);
      this.drop(connection, target);
      removed.push(name);
    }
    connection.send(packFrame({ kind: 'unsubscribed', ch: removed, t: this.settings.clock() }));
  }

  private authenticate(connection: Connection, token: string): void {
    connection.authPending = true;
    // Called inside a promise so that a source throwing synchronously still settles the auth.
    Promise.resolve(token)
      .then((value) => this.source.authenticate(value))
      .catch((err: unknown) => {
        this.log.error({ err }, 'market-data auth failed');
        return null;
      })
      .then((found) => {
        connection.authPending = false;
        if (connection.closed) return;
        if (found === null || !this.setSession(connection, found)) {
          // Nothing changes: an earlier session stays, filed under its own key.
          connection.error('auth_failed');
        } else {
          connection.send(packFrame({ kind: 'authenticated', ch: [], t: this.settings.clock() }));
        }
        while (!connection.authPending && !connection.closed) {
          const next = connection.inbox.shift();
          if (!next) break;
          this.handle(connection, next);
        }
      })
      .catch((err: unknown) => this.log.error({ err }, 'market-data frame failed'));
  }

  /** Files a connection under a validated session; false when that session ended during the lookup. */
  private setSession(connection: Connection, found: SocketSession): boolean {
    const { sessions } = this.settings;
    if (connection.session !== found.session) {
      if (sessions && !sessions.bind(found.session, connection)) return false;
      if (connection.session !== null) sessions?.unbind(connection.session, connection);
    }
    connection.session = found.session;
    connection.sessionExpiresAt = found.expiresAt;
    this.setUser(connection, found.userId);
    return true;
  }

  private setUser(connection: Connection, userId: number): void {
    if (connection.userId === userId) return;
    if (connection.userId !== null && connection.channels.has('user')) {
      this.users.get(connection.userId)?.delete(connection);
      this.pruneUser(connection.userId);
      this.userSet(userId).add(connection);
    }
    connection.userId = userId;
  }

  // ─── Subscriptions ─────────────────────────────────────────────────────────────────────────────────────────────────

  /** The topic behind a channel name, or null when it is not a channel of a listed market. */
  private resolve(name: string): Topic | 'user' | null {
    const parsed = parseChannel(name);
    if (!parsed) return null;
    if (parsed.kind === 'ticker') return this.ticker;
    if (parsed.kind === 'user') return 'user';
    if (parsed.kind === 'mark' || parsed.kind === 'funding' || parsed.kind === 'liquidations') {
      return this.perpetual(parsed.symbol)?.[parsed.kind] ?? null;
    }
    const market = this.market(parsed.symbol);
    if (!market) return null;
    if (parsed.kind !== 'candles') return parsed.kind === 'depth' ? market.depth : market.trades;
    let candles = market.candles.get(parsed.interval);
    if (!candles) {
      candles = new CandlesTopic(this.source, parsed.symbol, parsed.interval);
      market.candles.set(parsed.interval, candles);
    }
    return candles;
  }

  private market(symbol: string): MarketTopics | null {
    const known = this.markets.get(symbol);
    if (known) return known;
    // Asked each time so that markets listed after start are served too.
    const meta = this.source.markets().get(symbol);
    if (!meta) return null;
    const market: MarketTopics = {
      depth: new DepthTopic(this.source, meta),
      trades: new TradesTopic(this.source, meta),
      candles: new Map(),
    };
    this.markets.set(symbol, market);
    return market;
  }

  private perpetual(market: string): PerpetualTopics | null {
    const known = this.perpetuals.get(market);
    if (known) return known;
    const reader = this.source.perpetual?.(market);
    if (!reader) return null;
    const topics = new PerpetualTopics(reader, market);
    this.perpetuals.set(market, topics);
    return topics;
  }

  private drop(connection: Connection, target: Topic | 'user'): void {
    if (target === 'user') {
      if (connection.userId === null) return;
      this.users.get(connection.userId)?.delete(connection);
      this.pruneUser(connection.userId);
      return;
    }
    target.subscribers.delete(connection);
    if (target.subscribers.size === 0) target.idle();
  }

  private userSet(userId: number): Set<Connection> {
    let set = this.users.get(userId);
    if (!set) {
      set = new Set();
      this.users.set(userId, set);
    }
    return set;
  }

  private pruneUser(userId: number): void {
    if (this.users.get(userId)?.size === 0) this.users.delete(userId);
  }

  /** Drops every subscription of a connection that will receive nothing more; idempotent. */
  private release(connection: Connection): void {
    for (const target of connection.channels.values()) this.drop(connection, target);
    connection.channels.clear();
    connection.inbox.length = 0;
    if (connection.session !== null) this.settings.sessions?.unbind(connection.session, connection);
    this.connections.delete(connection);
  }

  /** A heartbeat to every connection that has sent nothing for `heartbeatMs`; expired sessions end here. */
  private heartbeat(): void {
    const now = this.settings.clock();
    let frame: Buffer | null = null;
    for (const connection of this.connections) {
      if (now >= connection.sessionExpiresAt) {
        connection.endSession();
        continue;
      }
      if (now - connection.lastSent < this.settings.heartbeatMs) continue;
      frame ??= packFrame({ kind: 'heartbeat', t: now });
      connection.send(frame);
    }
  }
}
