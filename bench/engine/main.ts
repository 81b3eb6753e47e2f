/**
 * bench/engine — orders per second through the spot matching engine (DESIGN §7), side by side in one run:
 * our engine in memory (matching + ledger settlement), our engine journaled to SQLite (group commit, WAL,
 * synchronous=FULL), a naive matcher, and the published peer nodejs-order-book (matching only, in memory).
 * Run: npm run bench -- engine [--orders 300000] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderBook } from 'nodejs-order-book';
import { OrderType, type Side } from '../../common/trading.ts';
import { openDatabase } from '../../server/db/database.ts';
import { Engine, type MarketSpec } from '../../server/engine/engine.ts';
import { Exchange } from '../../server/exchange/index.ts';
import { Accounts } from '../../server/ledger/accounts.ts';
import { option, type Row, report } from '../report.ts';
import { benchUsers } from '../users.ts';
import { NaiveBook } from './naive.ts';
import { Kind, type Workload, workload } from './workload.ts';

const BTC_USDT: MarketSpec = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  amountScale: 5,
  baseDecimals: 8,
  quoteDecimals: 6,
  minLots: 1,
  minQuote: 1,
  makerRate: 80_000,
  takerRate: 100_000,
};
const FUNDS = { USDT: 4e14, BTC: 4e14 };

function timed(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function timedAsync(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Our engine with settlement, in memory; the ledger lines are dropped every batch as the journal would drain them. */
function ours(w: Workload): number {
  const accounts = new Accounts();
  let now = 0;
  const engine = new Engine([BTC_USDT], accounts, () => now, { isMarketMaker: () => true });
  for (let u = 1; u <= w.users; u++) {
    for (const [coin, units] of Object.entries(FUNDS)) accounts.credit(u, coin, units, 'system:bench', 'b', 'b', 0);
  }
  const ids = new Float64Array(w.orders);
  return timed(() => {
    let ordinal = 0;
    for (let i = 0; i < w.length; i++) {
      now = i;
      const user = 1 + (i % w.users);
      if (w.kind[i] === Kind.cancel)
        engine.cancel(1 + ((w.target[i] as number) % w.users), ids[w.target[i] as number] as number);
      else {
        const r = engine.place(command(w, i, user));
        ids[ordinal++] = r.ok && r.order ? r.order.id : 0;
      }
      if ((i & 4095) === 0) {
        accounts.entries = [];
        accounts.dirty.clear();
      }
    }
  });
}

function command(w: Workload, i: number, userId: number) {
  const market = w.kind[i] === Kind.market;
  const side = w.side[i] as Side;
  const quantity = w.quantity[i] as number;
  return {
    userId,
    symbol: BTC_USDT.symbol,
    side,
    type: market ? OrderType.market : OrderType.limit,
    price: market ? 0 : (w.price[i] as number),
    quantity,
    // A market buy spends about what the same quantity costs at the mid.
    budget: Math.floor((quantity * 9_500_000) / 10),
  };
}

/**
 * The same flow through the running exchange: a command counts once its batch is committed to the SQLite journal
 * (durable: acknowledged); the projection into the query tables is timed apart, as it runs after the commits.
 */
async function journaled(w: Workload): Promise<{ durable: number; projected: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-bench-'));
  const db = await openDatabase(dir);
  try {
    const ids = await benchUsers(db, w.users);
    let now = 0;
    // Projection waits until the burst is over, so commits and projection are timed apart.
    const exchange = await Exchange.open(db, {
      clock: () => now,
      isMarketMaker: () => true,
      projectAfterMs: 3_600_000,
      maxPendingRows: 50_000_000,
    });
    for (const id of ids) {
      for (const [coin, units] of Object.entries(FUNDS)) {
        await exchange.credit(id, coin, units, 'system:bench', `b${id}${coin}`, 'b');
      }
    }
    exchange.sync();
    const orderIds = new Float64Array(w.orders);
    let projectedAt = 0;
    const durable = await timedAsync(async () => {
      let ordinal = 0;
      let last: Promise<unknown> = Promise.resolve();
      for (let i = 0; i < w.length; i++) {
        now = i;
        const user = ids[i % w.users] as number;
        if (w.kind[i] === Kind.cancel) {
          const t = w.target[i] as number;
          last = exchange.cancel(ids[t % w.users] as number, orderIds[t] as number);
        } else {
          const k = ordinal++;
          last = exchange.place(command(w, i, user)).then((r) => {
            orderIds[k] = r.ok && r.order ? r.order.id : 0;
          });
        }
        // Let the group commit run now and then, as a server's event loop would.
        if (i % 20_000 === 19_999) await last;
      }
      await last;
    });
    projectedAt = timed(() => exchange.close());
    return { durable, projected: durable + projectedAt };
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

function naive(w: Workload): number {
  const book = new NaiveBook();
  return timed(() => {
    let ordinal = 0;
    for (let i = 0; i < w.length; i++) {
      if (w.kind[i] === Kind.cancel) book.cancel(w.target[i] as number);
      else if (w.kind[i] === Kind.market) {
        book.market(w.side[i] as number, w.quantity[i] as number);
        ordinal++;
      } else book.limit(ordinal++, w.side[i] as number, w.price[i] as number, w.quantity[i] as number);
    }
  });
}

function peer(w: Workload): number {
  const book = new OrderBook();
  return timed(() => {
    let ordinal = 0;
    for (let i = 0; i < w.length; i++) {
      const side = w.side[i] === 1 ? 'buy' : 'sell';
      if (w.kind[i] === Kind.cancel) book.cancel(String(w.target[i]));
      else if (w.kind[i] === Kind.market) {
        book.market({ side: side as never, size: w.quantity[i] as number });
        ordinal++;
      } else {
        book.limit({
          id: String(ordinal++),
          side: side as never,
          size: w.quantity[i] as number,
          price: w.price[i] as number,
        });
      }
    }
  });
}

const length = option('orders', 300_000);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const w = workload(length);
const small = workload(Math.min(length, 30_000));
// A warm-up pass so the JIT has seen every path before anything is timed.
ours(workload(50_000, 7));
peer(workload(50_000, 7));

let projection = 0;
const runs: [string, () => Promise<number> | number, number][] = [
  ['tickstream (memory)', () => ours(w), length],
  [
    'tickstream (SQLite journal, acknowledged)',
    async () => {
      const t = await journaled(w);
      projection = t.projected;
      return t.durable;
    },
    length,
  ],
  ['tickstream (journal + query tables)', () => projection, length],
  ['naive baseline', () => naive(small), small.length],
  ['nodejs-order-book (peer)', () => peer(w), length],
];
const results: { impl: string; seconds: number; commands: number }[] = [];
for (const [impl, run, commands] of runs) {
  // --only journal: profile one implementation (the memory run always goes first, for the ratio).
  if (only && !impl.includes(only) && results.length > 0) continue;
  results.push({ impl, seconds: await run(), commands });
}
const ourRate = length / (results[0] as { seconds: number }).seconds;
const rows: Row[] = results.map((r) => {
  const rate = r.commands / r.seconds;
  return {
    bench: 'engine',
    metric: 'commands-per-s',
    value: rate,
    unit: '1/s',
    impl: r.impl,
    commands: r.commands,
    'vs-memory': Number((rate / ourRate).toFixed(3)),
  };
});
report(rows);
