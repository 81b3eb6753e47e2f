import type { Selectable } from 'kysely';
import { toUnits } from '../../common/decimal.ts';
import type { OrderStatus, OrderType, Side, TriggerType } from '../../common/trading.ts';
import { sqliteOf } from '../db/database.ts';
import type { Db, SpotOrderTable, Sqlite } from '../db/schema.ts';
import { Engine, type EngineEvent, type EngineResult, type MarketSpec, type PlaceCommand } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import { RATE_SCALE } from '../engine/units.ts';
import { marketsRepository } from './catalogue.ts';
import { MarketOpenings } from './openings.ts';

/** Fee rates are decimal strings in the catalogue, integers of 10^-8 in the engine. */
const RATE_DECIMALS = Math.round(Math.log10(RATE_SCALE));

import { contractOf } from '../engine/contracts/contract.ts';
import { SwapEngine } from '../engine/contracts/engine.ts';
import { Accounts, type Move } from '../ledger/accounts.ts';
import { Journal } from './journal.ts';
import { recoverJournal } from './projection.ts';
import { SwapExchange } from './swap.ts';
import { loadContracts, restoreSwap } from './swap-recovery.ts';

export type { EngineEvent, EngineResult, MarketSpec, PlaceCommand } from '../engine/engine.ts';
export type { Order } from '../engine/order.ts';

/**
 * A command's result once on disk. `ack` is its order as the command left it: until its batch's sync returns, later
 * commands (in batches not on disk yet) may fill the live `order` further, and an acknowledgement must not report them.
 */
export type Acknowledged = EngineResult & { readonly ack: Readonly<Order> | null };

/** Reacts to what the exchange does. Market events come at once (they describe the live book); user events after commit. */
export interface ExchangeListener {
  /** Every engine event of an accepted command, synchronously, in order. */
  market?(event: EngineEvent): void;
  /** The events of a committed batch, in order. */
  committed?(events: readonly EngineEvent[]): void;
}

export interface ExchangeOptions {
  clock: () => number;
  /** Users with no open-order limit (the simulator's market makers). */
  isMarketMaker?: (userId: number) => boolean;
  /**
   * The journal folds the market makers' churn into a carry transaction per batch (fold.ts); false writes their lines
   * one by one, as data folders written before issue 22 hold them (retention's tests). Default true.
   */
  foldBotLines?: boolean;
  maxBatch?: number;
  /** Projection tuning (see JournalOptions); the benchmark times commits and projection apart. */
  projectAfterMs?: number;
  maxPendingRows?: number;
  projectSliceRows?: number;
  /** Sync each commit on the event loop, as before issue 22 item 6 (JournalOptions; the orders bench's baseline). */
  syncOnLoop?: boolean;
  /** A commit failed; the process must stop so that recovery starts from the disk. */
  onFatal?: (error: unknown) => void;
  /** The contract insurance fund's user (server/swap/fund.ts); 0 in tests that never liquidate. */
  swapFundUserId?: number;
}

/** A spot market with the decimal settings the REST layer shows. */
export interface SpotMarketInfo extends MarketSpec {
  referencePrice: string;
}

/**
 * The running spot exchange: the pure engine, the in-memory ledger, and the journal that makes every accepted command
 * durable before it is acknowledged. `open` rebuilds the exact state (books in time priority, balances, prices) from disk.
 */
export class Exchange {
  private readonly listeners = new Set<ExchangeListener>();
  /** Coming markets: closed to orders until their online time. */
  readonly openings = new MarketOpenings();

  private constructor(
    readonly engine: Engine,
    readonly accounts: Accounts,
    readonly journal: Journal,
    readonly markets: ReadonlyMap<string, SpotMarketInfo>,
    /** Now, in ms: the engine's clock. */
    readonly clock: () => number,
    private readonly sqlite: Sqlite,
    /** The perpetual contracts, on the same ledger and journal. */
    readonly swap: SwapExchange,
  ) {}

  static async open(db: Db, options: ExchangeOptions): Promise<Exchange> {
    const sqlite = sqliteOf(db);
    const markets = await loadMarkets(db);
    const accounts = new Accounts();
    const engineOptions = options.isMarketMaker ? { isMarketMaker: options.isMarketMaker } : {};
    const engine = new Engine([...markets.values()], accounts, options.clock, engineOptions);
    const contracts = loadContracts(sqlite);
    const swapEngine = new SwapEngine(contracts.map(contractOf), accounts, options.clock, {
      fundUserId: options.swapFundUserId ?? 0,
    });
    recoverJournal(sqlite);
    restoreState(sqlite, engine, accounts);
    restoreSwap(sqlite, swapEngine);
    let exchange: Exchange | null = null;
    const journal = new Journal(sqlite, accounts, options.clock, {
      ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
      ...(options.projectAfterMs ? { projectAfterMs: options.projectAfterMs } : {}),
      ...(options.maxPendingRows ? { maxPendingRows: options.maxPendingRows } : {}),
      ...(options.projectSliceRows ? { projectSliceRows: options.projectSliceRows } : {}),
      ...(options.syncOnLoop ? { syncOnLoop: true } : {}),
      ...(options.isMarketMaker && options.foldBotLines !== false ? { foldBotLinesOf: options.isMarketMaker } : {}),
      onCommit: (events) => exchange?.committed(events),
      onCommitSwap: (events) => exchange?.swap.committed(events),
      onFatal: options.onFatal ?? (() => {}),
    });
    exchange = new Exchange(
      engine,
      accounts,
      journal,
      markets,
      options.clock,
      sqlite,
      new SwapExchange(swapEngine, journal, contracts),
    );
    return exchange;
  }

  /** Ledger decimals of a coin traded here. */
  coinDecimals(coin: string): number {
    for (const m of this.markets.values()) {
      if (m.base === coin) return m.baseDecimals;
      if (m.quote === coin) return m.quoteDecimals;
    }
    throw new RangeError(`no market trades ${coin}`);
  }

  listen(listener: ExchangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Places an order; resolves after it is on disk. A rejection changes nothing and resolves at once. */
  place(cmd: PlaceCommand): Promise<Acknowledged> {
    if (!this.openings.isOpen(cmd.symbol, this.clock())) {
      return Promise.resolve({ ok: false, reason: 'marketNotOpen', events: [], ack: null });
    }
    return this.run(this.engine.place(cmd));
  }

  cancel(userId: number, orderId: number): Promise<Acknowledged> {
    return this.run(this.engine.cancel(userId, orderId));
  }

  cancelAll(userId: number, symbol?: string): Promise<Acknowledged> {
    return this.run(this.engine.cancelAll(userId, symbol));
  }

  setIndexPrice(symbol: string, ticks: number): Promise<Acknowledged> {
    return this.run(this.engine.setIndexPrice(symbol, ticks));
  }

  /** Money from a system account into a user's available balance (faucets, the simulator's inventory). */
  async credit(userId: number, coin: string, units: number, from: string, txn: string, kind: string): Promise<void> {
    this.accounts.credit(userId, coin, units, from, txn, kind, this.clock());
    await this.journal.record([]);
  }

  /**
   * An asset move (deposit, withdrawal, transfer): runs `write` (the move's own records, synchronous statements on the
   * raw connection) and then applies `moves` to the ledger as transaction `txn`, all in one SQLite transaction with the
   * journal. Resolves with what `write` returns once on disk. When `write` throws, or a move cannot be made
   * (InsufficientFunds, RangeError), the records roll back and the ledger is untouched: the promise rejects with it.
   */
  async transact<T>(txn: string, moves: readonly Move[], write: (sqlite: Sqlite) => T): Promise<T> {
    // A Kysely transaction of another request may hold the connection across awaits: wait until it ends.
    while (this.sqlite.inTransaction) await new Promise((resolve) => setImmediate(resolve));
    return this.journal.commitWith(() => {
      const result = write(this.sqlite);
      // Last: it checks every move before changing anything, so a refusal here leaves memory as it was.
      this.accounts.transfer(txn, this.clock(), moves);
      return result;
    });
  }

  /** Brings the query tables up to every acknowledged command (read-your-writes for history, details, bills). */
  sync(): void {
    this.journal.project();
  }

  /** Commits and projects what is queued; call before closing the database. */
  close(): void {
    this.journal.close();
  }

  private run(result: EngineResult): Promise<Acknowledged> {
    const acknowledged = { ...result, ack: result.ok && result.order ? { ...result.order } : null };
    if (!result.ok || result.events.length === 0) return Promise.resolve(acknowledged);
    for (const listener of this.listeners) {
      if (!listener.market) continue;
      for (const event of result.events) listener.market(event);
    }
    return this.journal.record(result.events).then(() => acknowledged);
  }

  private committed(events: readonly EngineEvent[]): void {
    for (const listener of this.listeners) listener.committed?.(events);
  }
}

async function loadMarkets(db: Db): Promise<Map<string, SpotMarketInfo>> {
  const markets = new Map<string, SpotMarketInfo>();
  for (const m of await marketsRepository(db).spotMarkets()) {
    markets.set(m.symbol, {
      symbol: m.symbol,
      base: m.base,
      quote: m.quote,
      priceScale: m.priceScale,
      amountScale: m.amountScale,
      baseDecimals: m.baseDecimals,
      quoteDecimals: m.quoteDecimals,
      minLots: Number(toUnits(m.minAmount, m.amountScale)),
      minQuote: Number(toUnits(m.minTurnover, m.quoteDecimals)),
      makerRate: Number(toUnits(m.makerFee, RATE_DECIMALS)),
      takerRate: Number(toUnits(m.takerFee, RATE_DECIMALS)),
      referencePrice: m.referencePrice,
    });
  }
  return markets;
}

/** A `spot_orders` row. */
export type OrderRow = Selectable<SpotOrderTable>;

/** Recovery: balances, open orders in time priority, id counters and last prices, exactly as last committed. */
function restoreState(sqlite: ReturnType<typeof sqliteOf>, engine: Engine, accounts: Accounts): void {
  for (const b of sqlite.prepare('select user_id, coin, available, frozen from balances').all() as {
    user_id: number;
    coin: string;
    available: number;
    frozen: number;
  }[]) {
    accounts.restore(b.user_id, b.coin, b.available, b.frozen);
  }
  for (const s of sqlite.prepare('select account, coin, amount from system_balances').all() as {
    account: string;
    coin: string;
    amount: number;
  }[]) {
    accounts.restoreSystem(s.account, s.coin, s.amount);
  }
  for (const w of sqlite.prepare('select user_id, wallet, coin, available, frozen from wallet_balances').all() as {
    user_id: number;
    wallet: 'funds' | 'contract' | 'follow';
    coin: string;
    available: number;
    frozen: number;
  }[]) {
    accounts.restoreWallet(w.user_id, w.wallet, w.coin, w.available, w.frozen);
  }
  // Resting orders by book sequence (time priority), then plans by id.
  const rows = sqlite
    .prepare('select * from spot_orders where status in (0, 3) order by book_seq = 0, book_seq, id')
    .all() as OrderRow[];
  for (const r of rows) engine.restore(orderFromRow(r));
  const counters = sqlite
    .prepare(
      `select (select coalesce(max(id), 0) from spot_orders) as orders,
              (select coalesce(max(book_seq), 0) from spot_orders) as seq,
              (select coalesce(max(id), 0) from spot_trades) as trades`,
    )
    .get() as { orders: number; seq: number; trades: number };
  engine.nextOrderId = counters.orders + 1;
  engine.nextBookSeq = counters.seq + 1;
  engine.nextTradeId = counters.trades + 1;
  const last = sqlite
    .prepare('select symbol, price from spot_trades where id in (select max(id) from spot_trades group by symbol)')
    .all() as { symbol: string; price: number }[];
  for (const t of last) engine.restorePrices(t.symbol, t.price, 0);
}

export function orderFromRow(r: OrderRow): Order {
  return {
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    side: r.side as Side,
    type: r.type as OrderType,
    price: r.price,
    quantity: r.quantity,
    budget: r.budget,
    triggerPrice: r.trigger_price,
    triggerType: r.trigger_type as TriggerType | 0,
    createdAt: r.created_at,
    remaining: r.remaining,
    filled: r.filled,
    turnover: r.turnover,
    fee: r.fee,
    frozen: r.frozen,
    status: r.status as OrderStatus,
    triggered: r.triggered === 1,
    bookSeq: r.book_seq,
    updatedAt: r.updated_at,
    prev: null,
    next: null,
  };
}
