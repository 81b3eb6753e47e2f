import { pack, unpack } from 'msgpackr';
import type { Sqlite } from '../db/database.ts';
import type { EngineEvent, Trade } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { Accounts } from '../ledger/accounts.ts';

type Value = string | number | null;
type Statement = ReturnType<Sqlite['prepare']>;

/**
 * One committed batch: the effects of its commands as flat rows of the query tables (orders and balances as they stand
 * after the batch, trades and ledger lines as appended). Stored packed in the `journal` table.
 */
interface Batch {
  seq: number;
  orders: Value[];
  trades: Value[];
  entries: Value[];
  balances: Value[];
  system: Value[];
  /** Wallets beside spot; absent from batches written before they existed. */
  wallets?: Value[];
}

/** Rows per multi-row statement: one call into SQLite instead of CHUNK. */
const CHUNK = 64;
/** Rows waiting for projection past which the journal projects before it commits more (bounds memory). */
const MAX_PENDING_ROWS = 1_000_000;
/** Delay from a commit to the projection of its batch. */
const PROJECT_AFTER_MS = 50;
/** Projected batches kept in the journal table for inspection; older ones are deleted. */
const KEEP_BATCHES = 100;

/** An insert of rows taken from a flat array, CHUNK rows per statement, then one by one for the rest. */
class FlatInsert {
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly params: Value[];

  constructor(
    sqlite: Sqlite,
    head: string,
    tail: string,
    private readonly stride: number,
  ) {
    const row = `(${new Array(stride).fill('?').join(', ')})`;
    this.many = sqlite.prepare(`${head} values ${new Array(CHUNK).fill(row).join(', ')} ${tail}`);
    this.one = sqlite.prepare(`${head} values ${row} ${tail}`);
    this.params = new Array(stride * CHUNK);
  }

  run(values: readonly Value[]): void {
    const block = this.stride * CHUNK;
    let i = 0;
    for (; i + block <= values.length; i += block) {
      for (let j = 0; j < block; j++) this.params[j] = values[i + j] as Value;
      this.many.run(this.params);
    }
    for (; i < values.length; i += this.stride) this.one.run(values.slice(i, i + this.stride));
  }
}

/** The query tables the journal's batches are projected into, in one place for writes and recovery. */
class Projection {
  private readonly orders: FlatInsert;
  private readonly trades: FlatInsert;
  private readonly entries: FlatInsert;
  private readonly balances: FlatInsert;
  private readonly system: FlatInsert;
  private readonly wallets: FlatInsert;
  private readonly mark: Statement;
  private readonly prune: Statement;
  readonly apply: (batches: readonly Batch[]) => void;

  constructor(sqlite: Sqlite) {
    this.orders = new FlatInsert(
      sqlite,
      `insert into spot_orders (id, user_id, symbol, side, type, price, quantity, budget, trigger_price, trigger_type,
         remaining, filled, turnover, fee, frozen, status, triggered, book_seq, created_at, updated_at)`,
      `on conflict (id) do update set remaining = excluded.remaining, filled = excluded.filled,
         turnover = excluded.turnover, fee = excluded.fee, frozen = excluded.frozen, status = excluded.status,
         triggered = excluded.triggered, book_seq = excluded.book_seq, updated_at = excluded.updated_at`,
      20,
    );
    this.trades = new FlatInsert(
      sqlite,
      `insert into spot_trades (id, symbol, price, quantity, taker_side, buy_order_id, sell_order_id, buy_user_id,
         sell_user_id, quote_units, base_units, buy_fee, sell_fee, time)`,
      '',
      14,
    );
    this.entries = new FlatInsert(
      sqlite,
      'insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at)',
      '',
      7,
    );
    this.balances = new FlatInsert(
      sqlite,
      'insert into balances (user_id, coin, available, frozen)',
      'on conflict (user_id, coin) do update set available = excluded.available, frozen = excluded.frozen',
      4,
    );
    this.system = new FlatInsert(
      sqlite,
      'insert into system_balances (account, coin, amount)',
      'on conflict (account, coin) do update set amount = excluded.amount',
      3,
    );
    this.wallets = new FlatInsert(
      sqlite,
      'insert into wallet_balances (user_id, wallet, coin, available, frozen)',
      'on conflict (user_id, wallet, coin) do update set available = excluded.available, frozen = excluded.frozen',
      5,
    );
    this.mark = sqlite.prepare('update journal_state set projected = ?');
    this.prune = sqlite.prepare('delete from journal where seq <= ?');
    this.apply = sqlite.transaction((batches: readonly Batch[]) => {
      for (const b of batches) {
        this.orders.run(b.orders);
        this.trades.run(b.trades);
        this.entries.run(b.entries);
        this.balances.run(b.balances);
        this.system.run(b.system);
        if (b.wallets) this.wallets.run(b.wallets);
      }
      const last = batches[batches.length - 1];
      if (!last) return;
      this.mark.run(last.seq);
      this.prune.run(last.seq - KEEP_BATCHES);
    });
  }
}

export interface JournalOptions {
  /** Commands per transaction at most; a batch is also committed at the end of each event-loop turn. */
  maxBatch?: number;
  /** Called after each commit with the batch's events, in order: only durable facts are published. */
  onCommit?: (events: readonly EngineEvent[]) => void;
  /** A write failed: memory is ahead of the disk, so the owner must stop the process (restart recovers). */
  onFatal?: (error: unknown) => void;
  /** Delay from a commit to the projection of its batch (default 50 ms). */
  projectAfterMs?: number;
  /** Rows waiting for projection that make the next commit project first (default 1 000 000). */
  maxPendingRows?: number;
}

/** The one promise every command of a batch waits on: settled when the batch commits or fails. */
interface Pending {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
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
 * command is acknowledged only after that commit, so a crash never loses an acknowledged order or balance.
 * The batches are then projected into the query tables (spot_orders, spot_trades, ledger_entries, balances) soon after,
 * in bigger transactions; at start, {@link recoverJournal} projects whatever a crash left unprojected.
 */
export class Journal {
  private readonly orders = new Set<Order>();
  private trades: Trade[] = [];
  private events: EngineEvent[] = [];
  private batch: Pending | null = null;
  private commands = 0;
  private scheduled = false;
  private projecting = false;
  private failed: unknown = null;
  private seq: number;
  private pending: Batch[] = [];
  private pendingRows = 0;
  private readonly maxBatch: number;
  private readonly insert: Statement;
  private readonly projection: Projection;

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
    this.committed(batch as unknown as Batch, waiters, events);
    return result as T;
  }

  private commit(): void {
    if (this.pendingRows > (this.options.maxPendingRows ?? MAX_PENDING_ROWS)) this.project();
    const waiters = this.batch;
    const events = this.events;
    const batch = this.collect();
    try {
      this.insert.run([batch.seq, this.clock(), this.commands, pack(batch)]);
    } catch (error) {
      this.fail(error, waiters);
      return;
    }
    this.committed(batch, waiters, events);
  }

  private committed(batch: Batch, waiters: Pending | null, events: EngineEvent[]): void {
    this.seq = batch.seq;
    this.pending.push(batch);
    this.pendingRows +=
      batch.orders.length / 20 +
      batch.trades.length / 14 +
      batch.entries.length / 7 +
      batch.balances.length / 4 +
      (batch.wallets?.length ?? 0) / 5;
    this.trades = [];
    this.events = [];
    this.batch = null;
    this.commands = 0;
    waiters?.resolve();
    this.options.onCommit?.(events);
    this.scheduleProjection();
  }

  /** Writes every committed batch into the query tables now: reads that follow see all acknowledged commands. */
  project(): void {
    if (this.pending.length === 0 || this.failed) return;
    if (this.sqlite.inTransaction) {
      this.scheduleProjection();
      return;
    }
    try {
      this.projection.apply(this.pending);
    } catch (error) {
      this.fail(error, null);
      return;
    }
    this.pending = [];
    this.pendingRows = 0;
  }

  /** Commits and projects everything (shutdown). */
  close(): void {
    this.flush();
    this.project();
  }

  private fail(error: unknown, waiters: Pending | null): void {
    this.failed = error;
    waiters?.reject(error);
    this.batch = null;
    this.options.onFatal?.(error);
  }

  /** The batch's effects as flat rows, read now: orders and balances as they stand after every command of the batch. */
  private collect(): Batch {
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
    const entries: Value[] = [];
    for (const e of accounts.entries) entries.push(e.txn, e.userId, e.account, e.coin, e.amount, e.kind, e.time);
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
    return { seq: this.seq + 1, orders, trades, entries, balances, system, wallets };
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Projection runs a moment after the commits, so a burst of batches shares its transactions. */
  private scheduleProjection(): void {
    if (this.projecting) return;
    this.projecting = true;
    setTimeout(() => {
      this.projecting = false;
      this.project();
    }, this.options.projectAfterMs ?? PROJECT_AFTER_MS).unref();
  }
}

/**
 * Recovery, before the state is loaded: projects the batches that were committed to the journal but not yet into the
 * query tables when the process stopped. After it, the tables hold every acknowledged command.
 */
export function recoverJournal(sqlite: Sqlite): number {
  const { projected } = sqlite.prepare('select projected from journal_state').get() as { projected: number };
  const rows = sqlite.prepare('select body from journal where seq > ? order by seq').all(projected) as {
    body: Buffer;
  }[];
  const batches = rows.map((r) => unpack(r.body) as Batch);
  if (batches.length > 0) new Projection(sqlite).apply(batches);
  return batches.length;
}
