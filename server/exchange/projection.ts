import { unpack } from 'msgpackr';
import type { Sqlite } from '../db/schema.ts';
import { SWAP_SECTIONS, SWAP_SQL, type SwapSections, type Value } from './swap-rows.ts';

export type { Value };

type Statement = ReturnType<Sqlite['prepare']>;

/**
 * One committed batch: the effects of its commands as flat rows of the query tables (orders and balances as they stand
 * after the batch, trades and ledger lines as appended). Stored packed in the `journal` table.
 */
export interface Batch {
  seq: number;
  orders: Value[];
  trades: Value[];
  entries: Value[];
  balances: Value[];
  system: Value[];
  /** Wallets beside spot; absent from batches written before they existed. */
  wallets?: Value[];
}

/** A batch with the contract engine's sections (swap-rows.ts), absent from batches written before contracts. */
export type FullBatch = Batch & Partial<SwapSections>;

/** A batch's sections in the order they are projected, with the values of one row. */
const SECTIONS = [
  ['orders', 20],
  ['trades', 14],
  ['entries', 7],
  ['balances', 4],
  ['system', 3],
  ['wallets', 5],
  ...SWAP_SECTIONS,
] as const;
type Section = (typeof SECTIONS)[number][0];
/** Where a ledger line's transaction id is in its row. */
const ENTRY_TXN = 0;

/** Rows per multi-row statement: one call into SQLite instead of CHUNK. */
const CHUNK = 64;
/** Projected batches kept in the journal table for inspection; older ones are deleted. */
const KEEP_BATCHES = 100;

function sectionRows(batch: FullBatch, section: Section): number {
  const width = SECTIONS.find(([name]) => name === section)?.[1] ?? 1;
  return (batch[section]?.length ?? 0) / width;
}

/** Rows a batch writes into the query tables. */
export function rowsOf(batch: Batch): number {
  let rows = 0;
  for (const [name] of SECTIONS) rows += sectionRows(batch, name);
  return rows;
}

/**
 * The end of a step that starts at row `from` of `batch` and wants to end at `to`, moved so that it does not cut a
 * ledger transaction in two: an audit or retention that reads between steps sees whole transactions only.
 */
export function cutBetweenTransactions(batch: Batch, from: number, to: number): number {
  const first = sectionRows(batch, 'orders') + sectionRows(batch, 'trades');
  const count = sectionRows(batch, 'entries');
  if (to <= first || to >= first + count) return to;
  const txn = (row: number) => batch.entries[row * 7 + ENTRY_TXN];
  const sameAsPrevious = (row: number) => txn(row) === txn(row - 1);
  let row = to - first;
  while (row > 0 && sameAsPrevious(row)) row--;
  if (first + row > from) return first + row;
  // The step starts inside this transaction: it takes the whole of it.
  row = to - first;
  while (row < count && sameAsPrevious(row)) row++;
  return first + row;
}

/** An insert of rows taken from a flat array, CHUNK rows per statement, then one by one for the rest. */
class FlatInsert {
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly params: Value[];
  private readonly row: Value[];

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
    this.row = new Array(stride);
  }

  /** Inserts rows `from` (inclusive) to `to` (exclusive) of `values`. */
  run(values: readonly Value[], from: number, to: number): void {
    const block = this.stride * CHUNK;
    const end = to * this.stride;
    let i = from * this.stride;
    for (; i + block <= end; i += block) {
      for (let j = 0; j < block; j++) this.params[j] = values[i + j] as Value;
      this.many.run(this.params);
    }
    for (; i < end; i += this.stride) {
      for (let j = 0; j < this.stride; j++) this.row[j] = values[i + j] as Value;
      this.one.run(this.row);
    }
  }
}

/** The contract sections' inserts, from their SQL and widths. */
function swapInserts(insert: (head: string, tail: string, stride: number) => FlatInsert) {
  const out = {} as Record<keyof SwapSections, FlatInsert>;
  for (const [name, width] of SWAP_SECTIONS) out[name] = insert(SWAP_SQL[name][0], SWAP_SQL[name][1], width);
  return out;
}

/** Rows `from` to `to` of one batch, in the order of {@link SECTIONS}. */
export interface Part {
  batch: FullBatch;
  from: number;
  to: number;
}

const UPSERT_ORDER = `on conflict (id) do update set remaining = excluded.remaining, filled = excluded.filled,
  turnover = excluded.turnover, fee = excluded.fee, frozen = excluded.frozen, status = excluded.status,
  triggered = excluded.triggered, book_seq = excluded.book_seq, updated_at = excluded.updated_at`;

/**
 * The query tables the journal's batches are projected into, in one place for writes and recovery. A write may end
 * inside a batch: `journal_state` then holds the last whole batch and the rows of the next one already written, so
 * that recovery writes each row exactly once (trades and ledger lines are appended, not upserted).
 */
export class Projection {
  private readonly inserts: Record<Section, FlatInsert>;
  private readonly mark: Statement;
  private readonly prune: Statement;
  /** Writes the parts and the position they reach in one transaction. */
  readonly write: (parts: readonly Part[]) => void;

  constructor(sqlite: Sqlite) {
    const insert = (head: string, tail: string, stride: number) => new FlatInsert(sqlite, head, tail, stride);
    this.inserts = {
      orders: insert(
        `insert into spot_orders (id, user_id, symbol, side, type, price, quantity, budget, trigger_price, trigger_type,
           remaining, filled, turnover, fee, frozen, status, triggered, book_seq, created_at, updated_at)`,
        UPSERT_ORDER,
        20,
      ),
      trades: insert(
        `insert into spot_trades (id, symbol, price, quantity, taker_side, buy_order_id, sell_order_id, buy_user_id,
           sell_user_id, quote_units, base_units, buy_fee, sell_fee, time)`,
        '',
        14,
      ),
      entries: insert('insert into ledger_entries (txn_id, user_id, account, coin, amount, kind, created_at)', '', 7),
      balances: insert(
        'insert into balances (user_id, coin, available, frozen)',
        'on conflict (user_id, coin) do update set available = excluded.available, frozen = excluded.frozen',
        4,
      ),
      system: insert(
        'insert into system_balances (account, coin, amount)',
        'on conflict (account, coin) do update set amount = excluded.amount',
        3,
      ),
      wallets: insert(
        'insert into wallet_balances (user_id, wallet, coin, available, frozen)',
        'on conflict (user_id, wallet, coin) do update set available = excluded.available, frozen = excluded.frozen',
        5,
      ),
      ...swapInserts(insert),
    };
    this.mark = sqlite.prepare('update journal_state set projected = ?, projected_rows = ?');
    this.prune = sqlite.prepare('delete from journal where seq <= ?');
    this.write = sqlite.transaction((parts: readonly Part[]) => {
      for (const part of parts) this.writePart(part);
      const last = parts[parts.length - 1];
      if (!last) return;
      const whole = last.to >= rowsOf(last.batch);
      this.mark.run([whole ? last.batch.seq : last.batch.seq - 1, whole ? 0 : last.to]);
      this.prune.run(last.batch.seq - 1 - KEEP_BATCHES);
    });
  }

  private writePart({ batch, from, to }: Part): void {
    let start = 0;
    for (const [section] of SECTIONS) {
      const rows = sectionRows(batch, section);
      const a = Math.max(from - start, 0);
      const b = Math.min(to - start, rows);
      if (a < b) this.inserts[section].run(batch[section] ?? [], a, b);
      start += rows;
    }
  }
}

/**
 * Recovery, before the state is loaded: projects the batches that were committed to the journal but not yet into the
 * query tables when the process stopped, from the row where the last step ended. After it, the tables hold every
 * acknowledged command. Returns the batches it touched.
 */
export function recoverJournal(sqlite: Sqlite): number {
  const state = sqlite.prepare('select projected, projected_rows as rows from journal_state').get() as {
    projected: number;
    rows: number;
  };
  const bodies = sqlite.prepare('select body from journal where seq > ? order by seq').all(state.projected) as {
    body: Buffer;
  }[];
  const parts = bodies.map((r, i): Part => {
    const batch = unpack(r.body) as Batch;
    return { batch, from: i === 0 ? state.rows : 0, to: rowsOf(batch) };
  });
  if (parts.length > 0) new Projection(sqlite).write(parts);
  return parts.length;
}
