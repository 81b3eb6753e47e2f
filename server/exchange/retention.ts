import type SQLite from 'better-sqlite3';
import { unsynchronized } from '../db/database.ts';
import type { Sqlite } from '../db/schema.ts';
import { botPockets, RESERVATION_KINDS, TRADE_SYSTEM_ACCOUNTS } from './fold.ts';

/** Trades among the bots kept, newest first, for the market-data tables (about 45 minutes at the default rate). */
const KEEP_BOT_TRADES = 200_000;
/**
 * Rows one step looks at, at most. A step is one short SQLite transaction on the event loop: on a period of churn at
 * TICKSTREAM_SIM_RATE=10 (~750 000 ledger lines) on the 2-core dev machine, steps of 1 000 rows took 2.4 ms (median),
 * 2.9 ms (p90); steps of 2 000 rows twice that, with more of them over 20 ms when the machine was busy.
 */
export const SLICE_ROWS = 1000;

type Statement = SQLite.Statement<unknown[]>;
type Table = 'ledger_entries' | OrderTable | TradeTable | 'swap_positions';
type OrderTable = 'spot_orders' | 'swap_orders';
type TradeTable = 'spot_trades' | 'swap_trades';

/** The trade tables with the columns that name their two users and the ledger transaction prefix of a trade. */
const TRADES: Record<TradeTable, { users: [string, string] }> = {
  spot_trades: { users: ['buy_user_id', 'sell_user_id'] },
  swap_trades: { users: ['maker_user_id', 'taker_user_id'] },
};

/** What one run did. */
export interface RetentionReport {
  /** Ledger lines folded into `carry` lines (the carry lines written are not subtracted). */
  ledgerLines: number;
  orders: number;
  trades: number;
  /** The bots' closed contract positions (with their tallies). */
  positions: number;
  /** Steps (transactions) taken. */
  steps: number;
  /** Steps that changed nothing because their lines did not balance per transaction and coin: a bug, to be logged. */
  skipped: number;
}

/** One step of a run: one transaction over at most `sliceRows` rows of one table. */
export interface RetentionStep {
  table: Table;
  /** Rows of the table in the step's id range. */
  rows: number;
  removed: number;
  /** The range's lines did not balance: nothing was changed. */
  skipped: boolean;
}

/** How long a run took in all and its longest step (the longest it held the event loop), in ms. */
export interface RunTiming {
  ms: number;
  longestStepMs: number;
}

/** The largest ids on disk when a run starts; the next run works up to them, so all it touches is a run old. */
interface Mark {
  ledger: number;
  orders: Record<OrderTable, number>;
  trades: Record<TradeTable, number>;
  positions: number;
}

function emptyReport(): RetentionReport {
  return { ledgerLines: 0, orders: 0, trades: 0, positions: 0, steps: 0, skipped: 0 };
}

/**
 * Keeps the database from growing with the simulator's own churn (its spot and contract bots move hundreds of orders
 * a second). Every run, for what is at least one run old:
 * - the bots' reservation lines (freeze/unfreeze, contract order margin) and the lines of spot and contract trades
 *   between two bots are folded into balanced `carry` transactions, so every account's sum — and so every balance
 *   audit — stays exact;
 * - the bots' closed spot and contract orders are deleted, and their closed contract positions (position history
 *   nobody reads; their funding payments stay);
 * - trades between two bots (and the bots' contract fill rows) are deleted once they are more than
 *   {@link KEEP_BOT_TRADES} trades old.
 * Users' orders, trades and ledger lines are never touched, nor is any balance.
 *
 * A run is a sequence of steps ({@link steps}), each one transaction over at most `sliceRows` rows, so the event loop
 * is held for milliseconds, not seconds (issue 17 item 10); {@link run} takes one step per event-loop turn. A crash
 * between or inside steps loses nothing: a step commits whole or not at all, and what is left waits for a later run.
 * Everything happens on the app's own connection: with a second writer (a worker thread), any read-then-write
 * transaction of the app could fail at once with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
 */
export class Retention {
  private readonly sliceRows: number;
  private readonly keepBotTrades: number;
  private readonly bots: readonly number[];
  private readonly sql: Statements;
  private mark: Mark | null = null;
  /** Ledger lines up to here were looked at: whether a line can be folded never changes, so each is looked at once. */
  private ledgerDone = 0;
  /** Trades up to here were looked at (whether both sides are bots never changes either). */
  private readonly tradesDone: Record<TradeTable, number> = { spot_trades: 0, swap_trades: 0 };
  /** Trades whose ledger lines were looked at: a trade goes only after its lines, whose fold looks it up. */
  private tradesFolded: Record<TradeTable, number> = { spot_trades: 0, swap_trades: 0 };

  constructor(
    private readonly sqlite: Sqlite,
    bots: ReadonlySet<number>,
    options: { sliceRows?: number; keepBotTrades?: number } = {},
  ) {
    this.sliceRows = options.sliceRows ?? SLICE_ROWS;
    this.keepBotTrades = options.keepBotTrades ?? KEEP_BOT_TRADES;
    this.bots = [...bots].map(Number);
    this.sql = new Statements(sqlite, this.bots);
  }

  /**
   * One run, step by step, adding to `report` as it goes. The caller may yield to the event loop between steps (the
   * journal commits, a Kysely transaction runs) or stop at any point; nothing else may use the connection inside one.
   */
  *steps(now: number, report: RetentionReport = emptyReport()): Generator<RetentionStep, RetentionReport, void> {
    if (this.bots.length === 0) return report;
    const mark = this.sql.mark();
    const ready = this.mark;
    if (ready) {
      for (const step of this.foldLedger(ready.ledger, now)) yield tally(report, step, 'ledgerLines');
      this.tradesFolded = ready.trades;
      for (const table of ['spot_orders', 'swap_orders'] as const) {
        for (const step of this.pruneOrders(table, ready.orders[table])) yield tally(report, step, 'orders');
      }
      for (const table of ['spot_trades', 'swap_trades'] as const) {
        for (const step of this.pruneTrades(table)) yield tally(report, step, 'trades');
      }
      for (const step of this.prunePositions(ready.positions)) yield tally(report, step, 'positions');
    }
    this.mark = mark;
    return report;
  }

  /**
   * A whole run, one step per event-loop turn (setImmediate: timers, I/O and the journal get their turn between
   * steps). Waits while a transaction is open on the connection; `stopped` ends the run early, between steps.
   */
  async run(now: number, stopped: () => boolean = () => false): Promise<RetentionReport & RunTiming> {
    const started = performance.now();
    const report = emptyReport();
    const steps = this.steps(now, report);
    let longestStepMs = 0;
    for (;;) {
      // A Kysely transaction holds the connection across awaits: a step now would land inside it.
      while (this.sqlite.inTransaction) await nextTurn();
      const t0 = performance.now();
      const done = steps.next().done;
      longestStepMs = Math.max(longestStepMs, performance.now() - t0);
      if (done || stopped()) break;
      await nextTurn();
    }
    return { ...report, ms: performance.now() - started, longestStepMs };
  }

  private *foldLedger(upTo: number, now: number): Generator<RetentionStep> {
    while (this.ledgerDone < upTo) {
      const after = this.ledgerDone;
      const end = this.sql.ledgerSliceEnd(after, upTo, this.sliceRows);
      const rows = this.sql.rowsIn('ledger_entries', after, end);
      const removed = this.sql.fold(after, end, now);
      this.ledgerDone = end;
      yield { table: 'ledger_entries', rows, removed: Math.max(removed, 0), skipped: removed < 0 };
    }
  }

  /** Every run looks at all the bots' orders up to the mark: a resting order may close at any time. */
  private *pruneOrders(table: OrderTable, upTo: number): Generator<RetentionStep> {
    for (const bot of this.bots) {
      let after = 0;
      for (;;) {
        const slice = this.sql.botOrders(table, bot, after, upTo, this.sliceRows);
        if (slice.rows === 0) break;
        const removed = this.sql.pruneOrders(table, bot, after, slice.last);
        after = slice.last;
        yield { table, rows: slice.rows, removed, skipped: false };
      }
    }
  }

  private *prunePositions(upTo: number): Generator<RetentionStep> {
    let after = 0;
    for (;;) {
      const slice = this.sql.closedPositions(after, upTo, this.sliceRows);
      if (slice.rows === 0) break;
      const removed = this.sql.prunePositions(after, slice.last);
      after = slice.last;
      yield { table: 'swap_positions', rows: slice.rows, removed, skipped: false };
    }
  }

  private *pruneTrades(table: TradeTable): Generator<RetentionStep> {
    const upTo = Math.min(this.tradesFolded[table], this.sql.maxId(table) - this.keepBotTrades);
    while (this.tradesDone[table] < upTo) {
      const after = this.tradesDone[table];
      const end = this.sql.sliceEnd(table, after, upTo, this.sliceRows);
      const rows = this.sql.rowsIn(table, after, end);
      const removed = this.sql.pruneTrades(table, after, end);
      this.tradesDone[table] = end;
      yield { table, rows, removed, skipped: false };
    }
  }
}

function tally(report: RetentionReport, step: RetentionStep, field: 'ledgerLines' | 'orders' | 'trades' | 'positions') {
  report[field] += step.removed;
  report.steps++;
  if (step.skipped) report.skipped++;
  return step;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs retention every `everyMs`, a step per event-loop turn; a run still going when the next is due makes that one
 * skip. `stop` ends the run in progress after its current step, so the database can close right after.
 */
export function scheduleRetention(
  retention: Retention,
  options: {
    everyMs: number;
    clock: () => number;
    onReport: (report: RetentionReport & RunTiming) => void;
    onError: (error: unknown) => void;
  },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = retention
      .run(options.clock(), () => stopped)
      .then(options.onReport, options.onError)
      .finally(() => {
        running = null;
      });
  }, options.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** A run's statements, prepared once (the bots' ids are part of the SQL; account names are parameters). */
class Statements {
  private readonly accounts: string[];
  private readonly max = new Map<Table, Statement>();
  private readonly sliceEnds = new Map<Table, Statement>();
  private readonly counts = new Map<Table, Statement>();
  private readonly txnOf: Statement;
  private readonly nextTxn: Statement;
  private readonly lastOtherTxn: Statement;
  private readonly firstOtherTxn: Statement;
  private readonly folding: FoldStatements;
  private readonly ordersRange = new Map<OrderTable, Statement>();
  private readonly orders = new Map<OrderTable, Statement>();
  private readonly trades = new Map<TradeTable, Statement[]>();
  private readonly positionsRange: Statement;
  private readonly positions: Statement[];

  constructor(
    private readonly sqlite: Sqlite,
    bots: readonly number[],
  ) {
    const list = bots.join(', ');
    this.accounts = [...bots.flatMap(botPockets), ...TRADE_SYSTEM_ACCOUNTS];
    const tables = ['ledger_entries', 'spot_orders', 'swap_orders', 'spot_trades', 'swap_trades', 'swap_positions'];
    for (const table of tables as Table[]) {
      this.max.set(table, sqlite.prepare(`select coalesce(max(id), 0) as id from ${table}`));
      // The n-th row after `after`, or the last one up to `upTo`.
      this.sliceEnds.set(
        table,
        sqlite.prepare(
          `select max(id) as last from (select id from ${table} where id > ? and id <= ? order by id limit ?)`,
        ),
      );
      this.counts.set(table, sqlite.prepare(`select count(*) as n from ${table} where id > ? and id <= ?`));
    }
    this.txnOf = sqlite.prepare('select txn_id from ledger_entries where id = ?');
    this.nextTxn = sqlite.prepare('select txn_id from ledger_entries where id > ? and id <= ? order by id limit 1');
    this.lastOtherTxn = sqlite.prepare(
      'select max(id) as id from ledger_entries where id > ? and id <= ? and txn_id <> ?',
    );
    this.firstOtherTxn = sqlite.prepare(
      'select min(id) as id from ledger_entries where id > ? and id <= ? and txn_id <> ?',
    );
    this.folding = new FoldStatements(sqlite, list, this.accounts.length);
    for (const table of ['spot_orders', 'swap_orders'] as const) {
      this.ordersRange.set(
        table,
        sqlite.prepare(
          `select count(*) as n, max(id) as last from
             (select id from ${table} where user_id = ? and id > ? and id <= ? order by id limit ?)`,
        ),
      );
      // The newest order stays, whatever it is: the engine numbers new orders after the largest id on disk.
      this.orders.set(
        table,
        sqlite.prepare(
          `delete from ${table} where user_id = ? and id > ? and id <= ? and status in (1, 2, 4)
             and id < (select max(id) from ${table})`,
        ),
      );
    }
    for (const table of ['spot_trades', 'swap_trades'] as const) {
      const [a, b] = TRADES[table].users;
      const trades = sqlite.prepare(
        `delete from ${table} where id > ? and id <= ? and ${a} in (${list}) and ${b} in (${list})`,
      );
      // A contract trade also left one fill row per side; the bots' go with their trades.
      const fills =
        table === 'swap_trades'
          ? [
              sqlite.prepare(`delete from swap_fills where trade_id > ? and trade_id <= ? and user_id in (${list})
               and trade_id < (select max(trade_id) from swap_fills)`),
            ]
          : [];
      this.trades.set(table, [...fills, trades]);
    }
    // The newest position stays, whatever it is: the engine numbers new positions after the largest id on disk.
    const closed = `from swap_positions where user_id in (${list}) and closed_at is not null and id > ? and id <= ?`;
    this.positionsRange = sqlite.prepare(
      `select count(*) as n, max(id) as last from (select id ${closed} order by id limit ?)`,
    );
    const ids = `select id ${closed} and id < (select max(id) from swap_positions)`;
    this.positions = [
      sqlite.prepare(`delete from swap_position_tallies where position_id in (${ids})`),
      sqlite.prepare(`delete from swap_positions where id in (${ids})`),
    ];
  }

  mark(): Mark {
    return {
      ledger: this.maxId('ledger_entries'),
      orders: { spot_orders: this.maxId('spot_orders'), swap_orders: this.maxId('swap_orders') },
      trades: { spot_trades: this.maxId('spot_trades'), swap_trades: this.maxId('swap_trades') },
      positions: this.maxId('swap_positions'),
    };
  }

  maxId(table: Table): number {
    return (this.statement(this.max, table).get() as { id: number }).id;
  }

  sliceEnd(table: Table, after: number, upTo: number, rows: number): number {
    return (this.statement(this.sliceEnds, table).get(after, upTo, rows) as { last: number | null }).last ?? upTo;
  }

  rowsIn(table: Table, after: number, end: number): number {
    return (this.statement(this.counts, table).get(after, end) as { n: number }).n;
  }

  /**
   * A ledger range's end that does not cut a transaction in two (its lines are written one after another): before the
   * transaction that straddles the n-th line or, when that one fills the whole range, after it.
   */
  ledgerSliceEnd(after: number, upTo: number, rows: number): number {
    const end = this.sliceEnd('ledger_entries', after, upTo, rows);
    if (end >= upTo) return upTo;
    const txn = (this.txnOf.get(end) as { txn_id: string }).txn_id;
    const next = this.nextTxn.get(end, upTo) as { txn_id: string } | undefined;
    if (next?.txn_id !== txn) return end;
    const before = (this.lastOtherTxn.get(after, end, txn) as { id: number | null }).id;
    if (before !== null) return before;
    const beyond = (this.firstOtherTxn.get(end, upTo, txn) as { id: number | null }).id;
    return beyond === null ? upTo : beyond - 1;
  }

  /** Folds the range's foldable lines into one `carry` transaction: the lines removed, or -1 when they don't balance. */
  fold(after: number, end: number, now: number): number {
    return this.unsynchronized(() => this.folding.run(this.accounts, after, end, now));
  }

  botOrders(table: OrderTable, bot: number, after: number, upTo: number, rows: number) {
    const r = this.statement(this.ordersRange, table).get(bot, after, upTo, rows) as { n: number; last: number | null };
    return { rows: r.n, last: r.last ?? upTo };
  }

  pruneOrders(table: OrderTable, bot: number, after: number, end: number): number {
    return this.unsynchronized(() => this.statement(this.orders, table).run(bot, after, end).changes);
  }

  /** The bots' closed positions after `after`, at most `rows` of them up to `upTo`. */
  closedPositions(after: number, upTo: number, rows: number) {
    const r = this.positionsRange.get(after, upTo, rows) as { n: number; last: number | null };
    return { rows: r.n, last: r.last ?? upTo };
  }

  /** The range's closed bot positions and their tallies: the positions removed. */
  prunePositions(after: number, end: number): number {
    const [tallies, positions] = this.positions as [Statement, Statement];
    return this.unsynchronized(() => {
      tallies.run(after, end);
      return positions.run(after, end).changes;
    });
  }

  /** The range's trades between two bots (and their fill rows): the trades removed. */
  pruneTrades(table: TradeTable, after: number, end: number): number {
    const [trades, ...fills] = [...(this.trades.get(table) ?? [])].reverse();
    return this.unsynchronized(() => {
      for (const statement of fills) statement.run(after, end);
      return trades?.run(after, end).changes ?? 0;
    });
  }

  /** A step lost to a power cut is one a later run does again (measured: the fsync was most of a step's time). */
  private unsynchronized<T>(write: () => T): T {
    return unsynchronized(this.sqlite, write);
  }

  private statement(map: ReadonlyMap<Table, Statement>, table: Table): Statement {
    const statement = map.get(table);
    if (!statement) throw new Error(`retention: no statement for ${table}`);
    return statement;
  }
}

/** Thrown inside a fold to roll it back. */
class Unbalanced extends Error {}

/** One fold: the range's foldable lines into a temp table, checked, summed into carry lines, then deleted. */
class FoldStatements {
  private readonly clear: Statement;
  private readonly collect: Statement;
  private readonly unbalanced: Statement;
  private readonly carry: Statement;
  private readonly remove: Statement;
  private readonly transaction: (accounts: readonly string[], after: number, end: number, now: number) => number;

  constructor(sqlite: Sqlite, bots: string, accounts: number) {
    const slots = new Array(accounts).fill('?').join(', ');
    sqlite.exec(
      'create temp table if not exists retention_fold (id integer primary key, txn_id, user_id, account, coin, amount)',
    );
    this.clear = sqlite.prepare('delete from temp.retention_fold');
    this.collect = sqlite.prepare(
      `insert into temp.retention_fold
       select e.id, e.txn_id, e.user_id, e.account, e.coin, e.amount from ledger_entries e
       where e.id > ? and e.id <= ? and e.account in (${slots})
         and ((e.user_id in (${bots}) and e.kind in (${RESERVATION_KINDS.map((k) => `'${k}'`).join(', ')}))
           or e.kind = 'carry'
           or (e.txn_id like 'trade:%' and exists (
                select 1 from spot_trades t where t.id = cast(substr(e.txn_id, 7) as integer)
                  and t.buy_user_id in (${bots}) and t.sell_user_id in (${bots})))
           or (e.txn_id like 'swap-trade:%' and exists (
                select 1 from swap_trades t where t.id = cast(substr(e.txn_id, 12) as integer)
                  and t.maker_user_id in (${bots}) and t.taker_user_id in (${bots}))))`,
    );
    // Only whole transactions are folded, so every one left still balances; anything else is a bug: change nothing.
    this.unbalanced = sqlite.prepare(
      'select 1 from temp.retention_fold group by txn_id, coin having sum(amount) <> 0 limit 1',
    );
    this.carry = sqlite.prepare(
      `insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at)
       select ?, max(user_id), account, coin, sum(amount), 'carry', ? from temp.retention_fold
       group by account, coin having sum(amount) <> 0`,
    );
    this.remove = sqlite.prepare('delete from ledger_entries where id in (select id from temp.retention_fold)');
    this.transaction = sqlite.transaction((accounts: readonly string[], after: number, end: number, now: number) => {
      this.clear.run();
      this.collect.run(after, end, ...accounts);
      if (this.unbalanced.get()) throw new Unbalanced();
      this.carry.run(`carry:${end}`, now);
      const removed = this.remove.run().changes;
      this.clear.run();
      return removed;
    });
  }

  run(accounts: readonly string[], after: number, end: number, now: number): number {
    try {
      return this.transaction(accounts, after, end, now);
    } catch (error) {
      if (error instanceof Unbalanced) return -1;
      throw error;
    }
  }
}
