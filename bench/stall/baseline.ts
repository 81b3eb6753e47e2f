/**
 * The baseline of bench/stall: retention as it was before issue 17 item 10 (commit 2975840), kept verbatim apart from
 * its imports and names: one SQLite transaction that folds and prunes a whole period's churn on the event loop.
 */
import type { Sqlite } from '../../server/db/schema.ts';
import { FEES_ACCOUNT } from '../../server/ledger/accounts.ts';

/** Trades among the bots kept, newest first, for the market-data tables (about 45 minutes at the default rate). */
const KEEP_BOT_TRADES = 200_000;

export interface RetentionReport {
  ledgerLines: number;
  orders: number;
  trades: number;
}

/**
 * Keeps the database from growing with the simulator's own churn (its bots move hundreds of orders a second).
 * Every run, for what is at least one run old:
 * - the bots' reservation lines (freeze/unfreeze) and the lines of trades between two bots are folded into one
 *   balanced `carry` transaction per run, so every account's sum — and so every balance audit — stays exact;
 * - the bots' closed orders are deleted;
 * - trades between two bots are deleted once they are more than {@link KEEP_BOT_TRADES} trades old.
 * Users' orders, trades and ledger lines are never touched.
 */
export class SyncRetention {
  /** Ledger ids up to here are old enough for the next run; those up to `ledgerDone` were looked at already. */
  private ledgerReady = -1;
  private ledgerDone = 0;
  private ordersReady = -1;

  constructor(
    private readonly sqlite: Sqlite,
    private readonly bots: ReadonlySet<number>,
  ) {}

  run(now: number): RetentionReport {
    const report: RetentionReport = { ledgerLines: 0, orders: 0, trades: 0 };
    if (this.bots.size === 0 || this.sqlite.inTransaction) return report;
    const maxLedger = this.maxId('ledger_entries');
    const maxOrder = this.maxId('spot_orders');
    if (this.ledgerReady >= 0) {
      this.sqlite.transaction(() => {
        report.ledgerLines = this.compactLedger(this.ledgerDone, this.ledgerReady, now);
        report.orders = this.pruneOrders(this.ordersReady);
        report.trades = this.pruneTrades();
      })();
    }
    // Whether a line can be folded never changes, so each line is looked at once (the carry lines come after).
    if (this.ledgerReady >= 0) this.ledgerDone = this.ledgerReady;
    this.ledgerReady = maxLedger;
    this.ordersReady = maxOrder;
    return report;
  }

  private maxId(table: string): number {
    return (this.sqlite.prepare(`select coalesce(max(id), 0) as id from ${table}`).get() as { id: number }).id;
  }

  private botList(): string {
    return [...this.bots].map(Number).join(', ');
  }

  private compactLedger(after: number, upTo: number, now: number): number {
    const bots = this.botList();
    const accounts = [...this.bots].flatMap((id) => [`user:${id}`, `user:${id}:frozen`]);
    accounts.push(FEES_ACCOUNT);
    const slots = accounts.map(() => '?').join(', ');
    const s = this.sqlite;
    s.exec('create temp table if not exists compact (id integer primary key, user_id, account, coin, amount)');
    s.exec('delete from compact');
    s.prepare(
      `insert into compact
       select e.id, e.user_id, e.account, e.coin, e.amount from ledger_entries e
       where e.account in (${slots}) and e.id > ? and e.id <= ?
         and ((e.user_id in (${bots}) and e.kind in ('freeze', 'unfreeze'))
           or e.kind = 'carry'
           or (e.txn_id like 'trade:%' and exists (
                select 1 from spot_trades t where t.id = cast(substr(e.txn_id, 7) as integer)
                  and t.buy_user_id in (${bots}) and t.sell_user_id in (${bots}))))`,
    ).run(...accounts, after, upTo);
    // Whole transactions only, so what is folded sums to zero per coin; anything else is a bug: change nothing.
    const unbalanced = s.prepare('select coin from compact group by coin having sum(amount) <> 0').all();
    if (unbalanced.length > 0)
      throw new Error(`retention: folded lines do not balance (${JSON.stringify(unbalanced)})`);
    const folded = s.prepare(
      `insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at)
       select ?, max(user_id), account, coin, sum(amount), 'carry', ? from compact
       group by account, coin having sum(amount) <> 0`,
    );
    folded.run(`carry:${upTo}`, now);
    return s.prepare('delete from ledger_entries where id in (select id from compact)').run().changes;
  }

  private pruneOrders(upTo: number): number {
    return this.sqlite
      .prepare(`delete from spot_orders where user_id in (${this.botList()}) and id <= ? and status in (1, 2, 4)`)
      .run(upTo).changes;
  }

  private pruneTrades(): number {
    const bots = this.botList();
    return this.sqlite
      .prepare(
        `delete from spot_trades where id <= (select max(id) from spot_trades) - ?
           and buy_user_id in (${bots}) and sell_user_id in (${bots})`,
      )
      .run(KEEP_BOT_TRADES).changes;
  }
}
