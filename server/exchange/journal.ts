import type { Sqlite } from '../db/database.ts';
import type { EngineEvent, Trade } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { Accounts, Entry } from '../ledger/accounts.ts';

type Statement = ReturnType<Sqlite['prepare']>;

/** Rows per multi-row insert. */
const CHUNK = 64;

/** `(?, ?, …), (?, ?, …)…` for a multi-row insert. */
function rows(columns: number, count: number): string {
  const one = `(${new Array(columns).fill('?').join(', ')})`;
  return new Array(count).fill(one).join(', ');
}

export interface JournalOptions {
  /** Commands per transaction at most; a batch is also committed at the end of each event-loop turn. */
  maxBatch?: number;
  /** Called after each commit with the batch's events, in order: only durable facts are published. */
  onCommit?: (events: readonly EngineEvent[]) => void;
  /** A commit failed: memory is ahead of the disk, so the owner must stop the process (restart recovers). */
  onFatal?: (error: unknown) => void;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of the engine's effects. Each accepted command's orders, trades, ledger entries and balances are written
 * in one SQLite transaction together with the other commands of the same event-loop turn; a command is acknowledged
 * (its promise resolves) only after that transaction commits, so a crash never loses an acknowledged order or balance.
 */
export class Journal {
  private readonly orders = new Set<Order>();
  private trades: Trade[] = [];
  private events: EngineEvent[] = [];
  private waiters: Waiter[] = [];
  private commands = 0;
  private scheduled = false;
  private failed: unknown = null;
  private readonly maxBatch: number;
  private readonly statements;
  private readonly commit: () => void;
  /** CHUNK ledger lines per statement: one call into SQLite instead of CHUNK. */
  private readonly entryChunk: Statement;
  private readonly params: (string | number | null)[] = new Array(7 * CHUNK);

  constructor(
    private readonly sqlite: Sqlite,
    private readonly accounts: Accounts,
    private readonly options: JournalOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 5000;
    this.statements = {
      order: sqlite.prepare(
        `insert into spot_orders (id, user_id, symbol, side, type, price, quantity, budget, trigger_price, trigger_type,
           remaining, filled, turnover, fee, frozen, status, triggered, book_seq, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (id) do update set remaining = excluded.remaining, filled = excluded.filled,
           turnover = excluded.turnover, fee = excluded.fee, frozen = excluded.frozen, status = excluded.status,
           triggered = excluded.triggered, book_seq = excluded.book_seq, updated_at = excluded.updated_at`,
      ),
      trade: sqlite.prepare(
        `insert into spot_trades (id, symbol, price, quantity, taker_side, buy_order_id, sell_order_id, buy_user_id,
           sell_user_id, quote_units, base_units, buy_fee, sell_fee, time)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      entry: sqlite.prepare(
        'insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at) values (?, ?, ?, ?, ?, ?, ?)',
      ),
      balance: sqlite.prepare(
        `insert into balances (user_id, coin, available, frozen) values (?, ?, ?, ?)
         on conflict (user_id, coin) do update set available = excluded.available, frozen = excluded.frozen`,
      ),
      system: sqlite.prepare(
        `insert into system_balances (account, coin, amount) values (?, ?, ?)
         on conflict (account, coin) do update set amount = excluded.amount`,
      ),
    };
    this.entryChunk = sqlite.prepare(
      `insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at) values ${rows(7, CHUNK)}`,
    );
    this.commit = sqlite.transaction(() => this.write());
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
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.commands >= this.maxBatch) this.flush();
    else this.schedule();
    return done;
  }

  /** Commits whatever is queued now (also used at shutdown). */
  flush(): void {
    if (this.commands === 0 && this.accounts.entries.length === 0) return;
    // A Kysely transaction holds the same connection across awaits; writing now would land inside it.
    if (this.sqlite.inTransaction) {
      this.schedule();
      return;
    }
    const waiters = this.waiters;
    const events = this.events;
    try {
      this.commit();
    } catch (error) {
      this.failed = error;
      for (const w of waiters) w.reject(error);
      this.waiters = [];
      this.options.onFatal?.(error);
      return;
    }
    this.orders.clear();
    this.trades = [];
    this.events = [];
    this.waiters = [];
    this.commands = 0;
    for (const w of waiters) w.resolve();
    this.options.onCommit?.(events);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private write(): void {
    const s = this.statements;
    for (const o of this.orders) {
      s.order.run(
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
    for (const t of this.trades) {
      s.trade.run(
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
    const entries = accounts.entries;
    const params = this.params;
    let i = 0;
    for (; i + CHUNK <= entries.length; i += CHUNK) {
      for (let j = 0, p = 0; j < CHUNK; j++) {
        const e = entries[i + j] as Entry;
        params[p++] = e.txn;
        params[p++] = e.userId;
        params[p++] = e.account;
        params[p++] = e.coin;
        params[p++] = e.amount;
        params[p++] = e.kind;
        params[p++] = e.time;
      }
      this.entryChunk.run(params);
    }
    for (; i < entries.length; i++) {
      const e = entries[i] as Entry;
      s.entry.run(e.txn, e.userId, e.account, e.coin, e.amount, e.kind, e.time);
    }
    accounts.entries = [];
    for (const b of accounts.dirty) s.balance.run(b.userId, b.coin, b.available, b.frozen);
    accounts.dirty.clear();
    for (const key of accounts.dirtySystem) {
      const [account = '', coin = ''] = key.split('\u0000');
      s.system.run(account, coin, accounts.systemBalance(account, coin));
    }
    accounts.dirtySystem.clear();
  }
}
