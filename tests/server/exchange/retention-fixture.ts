import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderType, Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db, Sqlite } from '../../../server/db/schema.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { createUser } from '../helpers.ts';

/** Retention's tests: a data folder with two bots and two users trading among themselves and with each other. */
export interface History {
  dir: string;
  db: Db;
  sqlite: Sqlite;
  exchange: Exchange;
  bots: ReadonlySet<number>;
  users: readonly number[];
  now: number;
  /** Whether the journal folds the bots' lines as it writes them (fold.ts); else they are written one by one. */
  fold: boolean;
}

export const SYMBOLS = ['BTC/USDT', 'ETH/USDT'] as const;
const MID: Record<(typeof SYMBOLS)[number], number> = { 'BTC/USDT': 5_000_000, 'ETH/USDT': 300_000 };

/** One command of a random history: who, what, where; `pick` chooses an open order to cancel. */
export interface Command {
  bot: boolean;
  who: number;
  market: number;
  kind: 'limit' | 'market' | 'cancel';
  side: Side;
  /** Ticks from the market's mid. */
  offset: number;
  lots: number;
  pick: number;
}

export async function openHistory(
  dir = mkdtempSync(join(tmpdir(), 'tickstream-retention-')),
  fold = false,
): Promise<History> {
  const db = await openDatabase(dir);
  const ids = [];
  for (const name of ['bot-maker', 'bot-taker', 'alice', 'bob']) ids.push(await createUser(db, name));
  const bots = new Set(ids.slice(0, 2));
  const disk = { dir, db, sqlite: sqliteOf(db), bots, users: ids.slice(2), now: 1_000_000, fold };
  // One object: the exchange's clock reads the `now` that commands move.
  const h: History = Object.assign(disk, { exchange: await reopen(disk) });
  for (const id of ids) {
    for (const coin of ['USDT', 'BTC', 'ETH']) {
      await h.exchange.credit(id, coin, 1e13, 'system:test', `grant:${id}:${coin}`, 'test');
    }
  }
  return h;
}

/** The exchange again from disk, as after a restart. */
export function reopen(h: Omit<History, 'exchange'>): Promise<Exchange> {
  return Exchange.open(h.db, { clock: () => h.now, isMarketMaker: (id) => h.bots.has(id), foldBotLines: h.fold });
}

/** Runs one command; refusals (nothing to cancel, funds) are part of a history too. */
export async function apply(h: History, c: Command): Promise<void> {
  h.now += 1000;
  const pool = c.bot ? [...h.bots] : h.users;
  const userId = pool[c.who % pool.length] as number;
  const symbol = SYMBOLS[c.market % SYMBOLS.length] as (typeof SYMBOLS)[number];
  if (c.kind === 'cancel') {
    const open = h.exchange.engine.openOrders(userId);
    const order = open[c.pick % Math.max(open.length, 1)];
    if (order) await h.exchange.cancel(userId, order.id);
    return;
  }
  const market = c.kind === 'market';
  await h.exchange.place({
    userId,
    symbol,
    side: c.side,
    type: market ? OrderType.market : OrderType.limit,
    price: market ? 0 : MID[symbol] + c.offset,
    quantity: market && c.side === Side.buy ? 0 : c.lots,
    ...(market && c.side === Side.buy ? { budget: c.lots * 50_000 } : {}),
  });
}

/** Everything retention must leave as it is, read from disk. */
export interface Kept {
  userOrders: unknown[];
  openOrders: unknown[];
  userTrades: unknown[];
  /** Every ledger line that is not a bot's reservation, a trade between two bots or a carry line. */
  keptLines: unknown[];
  balances: unknown[];
  /** Sum of the lines of every account and coin. */
  sums: unknown[];
}

export function kept(h: History): Kept {
  const s = h.sqlite;
  const bots = [...h.bots].join(', ');
  const botTrades = new Set(
    (
      s.prepare(`select id from spot_trades where buy_user_id in (${bots}) and sell_user_id in (${bots})`).all() as {
        id: number;
      }[]
    ).map((t) => `trade:${t.id}`),
  );
  const lines = s.prepare('select * from ledger_entries order by id').all() as {
    txn_id: string;
    user_id: number | null;
    kind: string;
  }[];
  // Independent of retention's SQL: which lines it may fold, decided line by line here.
  const foldable = (l: (typeof lines)[number]) =>
    (l.user_id !== null && h.bots.has(l.user_id) && (l.kind === 'freeze' || l.kind === 'unfreeze')) ||
    l.kind === 'carry' ||
    botTrades.has(l.txn_id);
  return {
    userOrders: s.prepare(`select * from spot_orders where user_id not in (${bots}) order by id`).all(),
    openOrders: s.prepare(`select * from spot_orders where status in (0, 3) order by id`).all(),
    userTrades: s
      .prepare(
        `select * from spot_trades where buy_user_id not in (${bots}) or sell_user_id not in (${bots}) order by id`,
      )
      .all(),
    keptLines: lines.filter((l) => !foldable(l)),
    balances: [
      ...s.prepare('select * from balances order by user_id, coin').all(),
      ...s.prepare('select * from system_balances order by account, coin').all(),
      ...s.prepare('select * from wallet_balances order by user_id, wallet, coin').all(),
    ],
    sums: s
      .prepare(
        `select account, coin, sum(amount) as total from ledger_entries group by account, coin
         having sum(amount) <> 0 order by account, coin`,
      )
      .all(),
  };
}

export function lineCount(h: History): number {
  return (h.sqlite.prepare('select count(*) as n from ledger_entries').get() as { n: number }).n;
}

/** `rounds` of the bots' own churn: a sell, a buy that trades with it, a resting buy taken back; ~16 lines a round. */
export async function churn(h: History, rounds: number): Promise<void> {
  const [maker, taker] = [...h.bots] as [number, number];
  const place = (userId: number, side: Side, price: number, quantity: number) => {
    h.now += 10;
    return h.exchange.place({ userId, symbol: 'BTC/USDT', side, type: OrderType.limit, price, quantity });
  };
  for (let i = 0; i < rounds; i++) {
    await place(maker, Side.sell, 5_000_000 + (i % 7), 1000);
    await place(taker, Side.buy, 5_000_000 + (i % 7), 400);
    const resting = await place(maker, Side.buy, 4_000_000 - (i % 7), 500);
    if (resting.ok && resting.order) await h.exchange.cancel(maker, resting.order.id);
  }
}

export async function closeHistory(h: History): Promise<void> {
  h.exchange.close();
  await h.db.destroy();
  rmSync(h.dir, { recursive: true, force: true });
}
