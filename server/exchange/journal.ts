import { pack } from 'msgpackr';
import { unsynchronized } from '../db/database.ts';
import type { Sqlite } from '../db/schema.ts';
import type { SwapEvent } from '../engine/contracts/types.ts';
import type { EngineEvent, Trade } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { Accounts } from '../ledger/accounts.ts';
import { foldBotLines } from './fold.ts';
import {
  type Batch,
  cutBetweenTransactions,
  type FullBatch,
  type Part,
  Projection,
  rowsOf,
  type Value,
} from './projection.ts';
import { SwapRows } from './swap-rows.ts';
import { WalSync } from './wal-sync.ts';

type Statement = ReturnType<Sqlite['prepare']>;

/** Rows waiting for projection past which the journal projects before it commits more (bounds memory). */
const MAX_PENDING_ROWS = 1_000_000;
/** Delay from a commit to the projection of its batch. */
const PROJECT_AFTER_MS = 50;
/**
 * Rows one scheduled projection step writes: a step is one transaction on the event loop, so this bounds how long it
 * holds it (issue 17 item 10). A step may end inside a batch (never inside a ledger transaction): the simulator's
 * batches at TICKSTREAM_SIM_RATE=10 hold thousands of rows. Steps of 1 000 rows took 5.7 ms (median) to 17 ms under
 * 20 HTTP clients and set their p99 (issue 22 item 6); smaller steps cost more commits (about 5 % more CPU at rate 10).
 */
const PROJECT_SLICE_ROWS = 250;
/**
 * A backlog is worked off in this many steps at least, up to {@link MAX_SLICE_ROWS} rows a step: under a burst (1 000
 * orders in flight) 250-row steps fell behind until MAX_PENDING_ROWS made a commit project everything at once, for
 * seconds.
 */
const BACKLOG_STEPS = 8;
const MAX_SLICE_ROWS = 4000;

export interface JournalOptions {
  /** Commands per transaction at most; a batch is also committed at the end of each event-loop turn. */
  maxBatch?: number;
  /** Called after each commit with the batch's events, in order: only durable facts are published. */
  onCommit?: (events: readonly EngineEvent[]) => void;
  /** Called after each commit with the batch's contract events, in order. */
  onCommitSwap?: (events: readonly SwapEvent[]) => void;
  /** A write failed: memory is ahead of the disk, so the owner must stop the process (restart recovers). */
  onFatal?: (error: unknown) => void;
  /** Delay from a commit to the projection of its batch (default 50 ms). */
  projectAfterMs?: number;
  /** Rows waiting for projection that make the next commit project first (default 1 000 000). */
  maxPendingRows?: number;
  /** Rows every scheduled projection step writes (default: {@link PROJECT_SLICE_ROWS} or more, see stepRows). */
  projectSliceRows?: number;
  /**
   * Sync each commit on the event loop (synchronous=FULL), as before issue 22 item 6, instead of on the threadpool
   * (wal-sync.ts). The orders bench's baseline; also what a database without a WAL file gets.
   */
  syncOnLoop?: boolean;
  /** The bots: each batch folds their reservations and trades among them into a carry transaction (fold.ts). */
  foldBotLinesOf?: (userId: number) => boolean;
}

/** The one promise every command of a batch waits on: settled when the batch commits or fails. */
interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A batch written to the WAL whose sync has not returned yet: acknowledged and published once it has. */
interface Written {
  seq: number;
  waiters: Pending | null;
  events: EngineEvent[];
  swapEvents: SwapEvent[];
}

function pending(): Pending {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody awaits (a credit's entries) must not turn a failure into an unhandled rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Group commit of the engine's effects. The commands of one event-loop turn form a batch; its effects (orders, trades,
 * ledger lines, balances) are written as ONE packed row of the `journal` table in one SQLite transaction, and each
 * command is acknowledged only after that commit is durable, so a crash never loses an acknowledged order or balance.
 * The commit's fsync runs off the event loop (wal-sync.ts), one at a time, and the loop goes on serving requests
 * meanwhile: the turns that end while it runs join one batch, committed and synced as soon as it returns.
 * The batches are then projected into the query tables (spot_orders, spot_trades, ledger_entries, balances) soon after,
 * in bigger transactions; at start, {@link recoverJournal} projects whatever a crash left unprojected.
 */
export class Journal {
  private readonly orders = new Set<Order>();
  private trades: Trade[] = [];
  private events: EngineEvent[] = [];
  private readonly swapRows = new SwapRows();
  private swapEvents: SwapEvent[] = [];
  private batch: Pending | null = null;
  private commands = 0;
  private scheduled = false;
  private projecting = false;
  private failed: unknown = null;
  private seq: number;
  private pending: Batch[] = [];
  /** Rows of the oldest pending batch written already (a step may end inside a batch). */
  private headDone = 0;
  private pendingRows = 0;
  private readonly maxBatch: number;
  private readonly insert: Statement;
  private readonly projection: Projection;
  /** Null: each commit syncs on the event loop. */
  private readonly wal: WalSync | null;
  /** Batches written and not yet synced, in order. */
  private unsynced: Written[] = [];
  /** The connection's sync level for the journal's own commits, switched around them. */
  private readonly synchronous: { normal: Statement; restore: Statement };
  /** The newest batch that a sync under way or done covers. */
  private syncStarted: number;

  constructor(
    private readonly sqlite: Sqlite,
    private readonly accounts: Accounts,
    private readonly clock: () => number,
    private readonly options: JournalOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 5000;
    this.insert = sqlite.prepare('insert into journal (seq, at, commands, body) values (?, ?, ?, ?)');
    this.projection = new Projection(sqlite);
    this.seq = (sqlite.prepare('select projected from journal_state').get() as { projected: number }).projected;
    this.syncStarted = this.seq;
    this.wal = options.syncOnLoop ? null : WalSync.of(sqlite);
    // Prepared once: a commit switches to NORMAL and back (pragma() would prepare three statements every commit).
    const level = Number(sqlite.pragma('synchronous', { simple: true }));
    this.synchronous = {
      normal: sqlite.prepare('pragma synchronous = normal'),
      restore: sqlite.prepare(`pragma synchronous = ${level}`),
    };
  }

  /** Queues one command's effects; resolves once they are on disk. */
  record(events: readonly EngineEvent[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    for (const event of events) {
      if (event.type === 'order') this.orders.add(event.order);
      else if (event.type === 'trade') this.trades.push(event.trade);
      this.events.push(event);
    }
    this.commands++;
    this.batch ??= pending();
    const done = this.batch.promise;
    if (this.commands >= this.maxBatch) this.flush();
    else this.schedule();
    return done;
  }

  /** Queues one contract command's effects (the same batches and ledger as spot); resolves once on disk. */
  recordSwap(events: readonly SwapEvent[]): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    this.swapRows.record(events);
    for (const event of events) this.swapEvents.push(event);
    this.commands++;
    this.batch ??= pending();
    const done = this.batch.promise;
    if (this.commands >= this.maxBatch) this.flush();
    else this.schedule();
    return done;
  }

  /**
   * The end of a turn: its commands are committed now, unless a sync runs; then they wait for it to return and go
   * with every turn until then in one batch (one write and one sync for all, where a commit per turn would each wait
   * for a sync of its own anyway). A batch of `maxBatch` commands is committed at once all the same (record).
   */
  private turnEnded(): void {
    if (!this.wal?.busy) this.flush();
  }

  /** Commits whatever is queued now (also used at shutdown). */
  flush(): void {
    if (this.failed || (this.commands === 0 && this.accounts.entries.length === 0)) return;
    // A Kysely transaction holds the same connection across awaits; writing now would land inside it.
    if (this.sqlite.inTransaction) {
      this.schedule();
      return;
    }
    this.commit();
  }

  /**
   * Runs `write` (an asset move: its records, then its ledger change) and commits it with what is queued now in one
   * SQLite transaction, so a crash keeps both or neither. When `write` throws, its statements roll back and nothing is
   * collected: the caller gets the error and the journal carries on. Only a failed journal insert is fatal.
   * The caller has checked that no transaction is open.
   */
  commitWith<T>(write: () => T): T {
    if (this.failed) throw this.failed;
    if (this.sqlite.inTransaction) throw new Error('commitWith inside an open transaction');
    if (this.pendingRows > (this.options.maxPendingRows ?? MAX_PENDING_ROWS)) this.project();
    const waiters = this.batch;
    const events = this.events;
    const swapEvents = this.swapEvents;
    let batch: Batch | null = null;
    let result: T | undefined;
    try {
      this.sqlite.transaction(() => {
        result = write();
        batch = this.collect();
        this.insert.run([batch.seq, this.clock(), this.commands, pack(batch)]);
      })();
    } catch (error) {
      if (batch) this.fail(error, waiters);
      throw error;
    }
    // Written at FULL, on the loop: durable now, and so is every batch written before it.
    this.committed(batch as unknown as Batch, waiters, events, swapEvents);
    this.durable(this.seq);
    this.syncStarted = this.seq;
    return result as T;
  }

  private commit(): void {
    if (this.pendingRows > (this.options.maxPendingRows ?? MAX_PENDING_ROWS)) this.project();
    const waiters = this.batch;
    const events = this.events;
    const swapEvents = this.swapEvents;
    const batch = this.collect();
    const row = [batch.seq, this.clock(), this.commands, pack(batch)];
    try {
      this.write(row);
    } catch (error) {
      this.fail(error, waiters);
      return;
    }
    this.committed(batch, waiters, events, swapEvents);
    if (this.wal) this.syncWal();
    else this.durable(this.seq);
  }

  /** Inserts a batch's row: without its fsync when the threadpool syncs the WAL after it (wal-sync.ts), else at FULL. */
  private write(row: unknown[]): void {
    if (!this.wal) {
      this.insert.run(row);
      return;
    }
    this.synchronous.normal.run([]);
    try {
      this.insert.run(row);
    } finally {
      this.synchronous.restore.run([]);
    }
  }

  /** A batch is written: it is the newest, its rows wait for projection, and its commands for its sync. */
  private committed(batch: Batch, waiters: Pending | null, events: EngineEvent[], swapEvents: SwapEvent[]): void {
    this.seq = batch.seq;
    this.pending.push(batch);
    this.pendingRows += rowsOf(batch);
    this.trades = [];
    this.events = [];
    this.batch = null;
    this.commands = 0;
    this.swapEvents = [];
    this.unsynced.push({ seq: batch.seq, waiters, events, swapEvents });
    // A batch lost with its sync (a power cut) loses its projection with it: the WAL keeps commits in order.
    this.scheduleProjection();
  }

  /** Batches up to `seq` are on disk: their commands are acknowledged and their events published, in order. */
  private durable(seq: number): void {
    while (this.unsynced.length > 0 && (this.unsynced[0] as Written).seq <= seq) {
      const w = this.unsynced.shift() as Written;
      w.waiters?.resolve();
      this.options.onCommit?.(w.events);
      if (w.swapEvents.length > 0) this.options.onCommitSwap?.(w.swapEvents);
    }
  }

  /** Starts a sync of every batch written so far, unless one runs: then it starts when that one returns. */
  private syncWal(): void {
    const wal = this.wal;
    if (!wal || wal.busy || this.seq <= this.syncStarted) return;
    const upTo = this.seq;
    this.syncStarted = upTo;
    wal.start((error) => {
      if (error) {
        this.failSync(error);
        return;
      }
      this.durable(upTo);
      // What queued while the disk synced, and what this turn still reads: one batch at the turn's end (its commit
      // starts the next sync). Batches committed meanwhile (a full batch) are synced now.
      this.syncWal();
      if (this.commands > 0 || this.accounts.entries.length > 0) this.schedule();
    });
  }

  /** A sync failed: whether the written batches are on disk is unknown, so none is acknowledged (recovery decides). */
  private failSync(error: unknown): void {
    const unsynced = this.unsynced;
    this.unsynced = [];
    for (const w of unsynced) w.waiters?.reject(error);
    this.fail(error, this.batch);
  }

  /** Writes every committed batch into the query tables now: reads that follow see all acknowledged commands. */
  project(): void {
    this.projectUpTo(Number.POSITIVE_INFINITY);
  }

  /**
   * Projects about `maxRows` rows of the oldest committed batches (at least one row, never part of a ledger
   * transaction) in one transaction. Returns whether rows are left.
   */
  private projectUpTo(maxRows: number): boolean {
    if (this.pending.length === 0 || this.failed) return false;
    if (this.sqlite.inTransaction) {
      this.scheduleProjection();
      return false;
    }
    const parts = this.nextParts(maxRows);
    try {
      // Redone from the journal at start when a power cut loses it (recoverJournal).
      unsynchronized(this.sqlite, () => this.projection.write(parts));
    } catch (error) {
      this.fail(error, null);
      return false;
    }
    let written = 0;
    for (const part of parts) written += part.to - part.from;
    const last = parts[parts.length - 1] as Part;
    const whole = last.to >= rowsOf(last.batch) ? parts.length : parts.length - 1;
    this.pending = this.pending.slice(whole);
    this.headDone = whole === parts.length ? 0 : last.to;
    this.pendingRows = this.pending.length === 0 ? 0 : this.pendingRows - written;
    return this.pending.length > 0;
  }

  /** The rows of the next step: from where the last one ended, up to `maxRows`, cut between transactions. */
  private nextParts(maxRows: number): Part[] {
    const parts: Part[] = [];
    let budget = maxRows;
    let from = this.headDone;
    for (const batch of this.pending) {
      const rows = rowsOf(batch);
      let to = Math.min(rows, from + budget);
      if (to < rows) to = Math.max(cutBetweenTransactions(batch, from, to), from + 1);
      parts.push({ batch, from, to });
      budget -= to - from;
      if (to < rows || budget <= 0) break;
      from = 0;
    }
    return parts;
  }

  /** Commits, syncs and projects everything (shutdown). */
  close(): void {
    this.flush();
    if (this.wal && this.unsynced.length > 0 && !this.failed) {
      try {
        this.wal.syncNow();
        this.durable(this.seq);
        // The sync under way, if any, finds nothing left to start another for.
        this.syncStarted = this.seq;
      } catch (error) {
        this.failSync(error);
      }
    }
    this.project();
    this.wal?.close();
  }

  private fail(error: unknown, waiters: Pending | null): void {
    this.failed = error;
    waiters?.reject(error);
    this.batch = null;
    this.options.onFatal?.(error);
  }

  /** The batch's effects as flat rows, read now: orders and balances as they stand after every command of the batch. */
  private collect(): FullBatch {
    const orders: Value[] = [];
    for (const o of this.orders) {
      orders.push(
        o.id,
        o.userId,
        o.symbol,
        o.side,
        o.type,
        o.price,
        o.quantity,
        o.budget,
        o.triggerPrice,
        o.triggerType,
        o.remaining,
        o.filled,
        o.turnover,
        o.fee,
        o.frozen,
        o.status,
        o.triggered ? 1 : 0,
        o.bookSeq,
        o.createdAt,
        o.updatedAt,
      );
    }
    this.orders.clear();
    const trades: Value[] = [];
    for (const t of this.trades) {
      trades.push(
        t.id,
        t.symbol,
        t.price,
        t.quantity,
        t.takerSide,
        t.buyOrder.id,
        t.sellOrder.id,
        t.buyOrder.userId,
        t.sellOrder.userId,
        t.quoteUnits,
        t.baseUnits,
        t.buyFee,
        t.sellFee,
        t.time,
      );
    }
    const accounts = this.accounts;
    const seq = this.seq + 1;
    const isBot = this.options.foldBotLinesOf;
    const lines = isBot ? foldBotLines(accounts.entries, isBot, `carry:batch:${seq}`, this.clock()) : accounts.entries;
    const entries: Value[] = [];
    for (const e of lines) entries.push(e.txn, e.userId, e.account, e.coin, e.amount, e.kind, e.time);
    accounts.entries = [];
    const balances: Value[] = [];
    for (const b of accounts.dirty) balances.push(b.userId, b.coin, b.available, b.frozen);
    accounts.dirty.clear();
    const system: Value[] = [];
    for (const key of accounts.dirtySystem) {
      const [account = '', coin = ''] = key.split('\u0000');
      system.push(account, coin, accounts.systemBalance(account, coin));
    }
    accounts.dirtySystem.clear();
    const wallets: Value[] = [];
    for (const w of accounts.dirtyWallets) wallets.push(w.userId, w.wallet, w.coin, w.available, w.frozen);
    accounts.dirtyWallets.clear();
    return { seq, orders, trades, entries, balances, system, wallets, ...this.swapRows.collect() };
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.turnEnded();
    });
  }

  /** Rows of the next step: the option when set, else {@link PROJECT_SLICE_ROWS}, more as a backlog builds. */
  private stepRows(): number {
    const fixed = this.options.projectSliceRows;
    if (fixed !== undefined) return fixed;
    const share = Math.ceil(this.pendingRows / BACKLOG_STEPS);
    return Math.min(MAX_SLICE_ROWS, Math.max(PROJECT_SLICE_ROWS, share));
  }

  /**
   * Projection runs a moment after the commits, so a burst of batches shares its transactions, and then in steps of
   * {@link stepRows} rows, one per event-loop turn, so no step holds the loop for long.
   */
  private scheduleProjection(): void {
    if (this.projecting) return;
    this.projecting = true;
    const step = () => {
      this.projecting = false;
      if (!this.projectUpTo(this.stepRows())) return;
      this.projecting = true;
      setImmediate(step).unref();
    };
    setTimeout(step, this.options.projectAfterMs ?? PROJECT_AFTER_MS).unref();
  }
}
