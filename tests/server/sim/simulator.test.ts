import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import {
  cancelSimOrders,
  ensureSimUsers,
  SIM_INVENTORY_KIND,
  SIM_USERNAMES,
  type SimOptions,
  type SimUsers,
  type Simulator,
  startSimulator,
} from '../../../server/sim/index.ts';
import { stepMs } from '../../../server/sim/options.ts';

const MARKETS = ['BTC/USDT', 'BTC/USDC', 'ETH/BTC', 'DOGE/USDT'];
const LEVELS = { major: 120, usdt: 60, other: 50 };
const TICK_MS = 250;

interface Run {
  db: Db;
  exchange: Exchange;
  users: SimUsers;
  dir: string;
  now: number;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fresh data folder and exchange; `users` makes cheap bot users instead of hashing a password for each. */
async function open(users?: 'cheap', marketMakers = true): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-sim-'));
  const db = await openDatabase(dir);
  const run = { db, dir, now: Date.UTC(2026, 10, 22, 12) } as Run;
  run.users = users === 'cheap' ? await cheapUsers(db) : await ensureSimUsers(db, run.now);
  run.exchange = await Exchange.open(db, {
    clock: () => run.now,
    ...(marketMakers ? { isMarketMaker: (id: number) => run.users.ids.has(id) } : {}),
  });
  return run;
}

async function cheapUsers(db: Db): Promise<SimUsers> {
  const maker = await cheapUser(db, 'maker');
  const taker = await cheapUser(db, 'taker');
  return { maker, taker, ids: new Set([maker, taker]) };
}

/** A user with a password hash nothing matches, without paying for scrypt. */
async function cheapUser(db: Db, username: string): Promise<number> {
  const user = await usersRepository(db).create({
    username,
    email: null,
    mobile: null,
    country: null,
    area_code: null,
    password_hash: 'none',
    kyc_two_code: null,
    created_at: 0,
    password_changed_at: 0,
  });
  return user.id;
}

async function close(run: Run): Promise<void> {
  run.exchange.close();
  await run.db.destroy();
  rmSync(run.dir, { recursive: true, force: true });
}

function start(run: Run, options: SimOptions = {}): Simulator {
  return startSimulator(run.exchange, run.users, {
    clock: () => run.now,
    seed: 42,
    tickMs: 0,
    markets: MARKETS,
    levels: LEVELS,
    ...options,
  });
}

/**
 * Moves the clock a tick at a time, waits until the tick's commands are acknowledged (so a seeded run repeats exactly,
 * however long the journal's sync takes) and calls `each` in between.
 */
async function ticks(run: Run, sim: Simulator, n: number, each?: () => void, tickMs = TICK_MS): Promise<void> {
  for (let i = 0; i < n; i++) {
    run.now += tickMs;
    sim.tick();
    await sim.settled();
    each?.();
  }
}

function tradesBySymbol(run: Run): Map<string, number> {
  run.exchange.sync();
  const rows = sqliteOf(run.db).prepare('select symbol, count(*) as n from spot_trades group by symbol').all() as {
    symbol: string;
    n: number;
  }[];
  return new Map(rows.map((r) => [r.symbol, r.n]));
}

function expectNotCrossed(run: Run, markets: readonly string[] = MARKETS): void {
  for (const symbol of markets) expect(run.exchange.engine.book(symbol)?.crossed(), symbol).toBe(false);
}

describe('simulator', () => {
  let run: Run;
  let sim: Simulator;

  beforeAll(async () => {
    run = await open();
    sim = start(run);
    await sim.ready;
  });
  afterAll(async () => {
    await sim.stop();
    await close(run);
  });

  it('creates bot users once, with no e-mail and a password nobody knows', async () => {
    const again = await ensureSimUsers(run.db);
    expect(again.maker).toBe(run.users.maker);
    expect(again.taker).toBe(run.users.taker);
    expect(run.users.maker).not.toBe(run.users.taker);
    const maker = await usersRepository(run.db).findByUsername(SIM_USERNAMES.maker);
    expect(maker?.email).toBeNull();
    expect(maker?.password_hash).toMatch(/^scrypt\$/);
  });

  it('puts deep ladders on both sides of every chosen market at start, and no other market', () => {
    for (const symbol of MARKETS) {
      const book = run.exchange.engine.book(symbol);
      const levels = symbol === 'BTC/USDT' ? LEVELS.major : symbol === 'DOGE/USDT' ? LEVELS.usdt : LEVELS.other;
      expect(book?.bids.size, symbol).toBeGreaterThanOrEqual(levels);
      expect(book?.asks.size, symbol).toBeGreaterThanOrEqual(levels);
      expect(book?.crossed(), symbol).toBe(false);
      expect(run.exchange.engine.indexPrice(symbol), symbol).toBeGreaterThan(0);
    }
    expect(run.exchange.engine.book('ETH/USDT')?.bids.size).toBe(0);
  });

  it('keeps the inside spread a few ticks wide, even where the outer levels are far apart', () => {
    for (const symbol of MARKETS) {
      const book = run.exchange.engine.book(symbol);
      const spread = (book?.asks.best()?.price ?? 0) - (book?.bids.best()?.price ?? 0);
      expect(spread, symbol).toBeGreaterThan(0);
      expect(spread, symbol).toBeLessThanOrEqual(4);
    }
  });

  it('trades in every market, never crosses a book, and keeps BTC/USDT and BTC/USDC in line', async () => {
    let maxGap = 0;
    await ticks(run, sim, 80, () => {
      expectNotCrossed(run);
      const a = run.exchange.engine.indexPrice('BTC/USDT');
      const b = run.exchange.engine.indexPrice('BTC/USDC');
      maxGap = Math.max(maxGap, Math.abs(a - b) / a);
    });
    const trades = tradesBySymbol(run);
    for (const symbol of MARKETS) expect(trades.get(symbol) ?? 0, symbol).toBeGreaterThan(0);
    // The two quote coins are both pinned near one dollar.
    expect(maxGap).toBeLessThan(0.001);
    expect(sim.stats().rejected).toBe(0);
  });

  it('follows the index: the middle of each book stays near it', async () => {
    // In the timer's own steps: a burst of takers within one long manual tick has no refill between them.
    await ticks(run, sim, 500, undefined, stepMs(1));
    for (const symbol of MARKETS) {
      const book = run.exchange.engine.book(symbol);
      const mid = ((book?.bids.best()?.price ?? 0) + (book?.asks.best()?.price ?? 0)) / 2;
      const index = run.exchange.engine.indexPrice(symbol);
      // Band (0.015 %) plus a tick or two of rounding on coarse grids such as DOGE/USDT.
      expect(Math.abs(mid - index) / index, symbol).toBeLessThan(0.0005 + 3 / index);
    }
  });

  it('keeps going when a person trades into the ladder, and conserves every coin', async () => {
    const person = await cheapUser(run.db, 'person');
    await run.exchange.credit(person, 'USDT', 50_000_000_000, 'system:test', 'test:grant', 'test_grant');
    const book = run.exchange.engine.book('DOGE/USDT');
    const ask = book?.asks.best()?.price ?? 0;
    // A big bid well through the asks: it sweeps levels, then rests above the maker's old touch.
    const result = await run.exchange.place({
      userId: person,
      symbol: 'DOGE/USDT',
      side: Side.buy,
      type: OrderType.limit,
      price: ask + 40,
      quantity: 20_000,
    });
    expect(result.ok).toBe(true);
    await ticks(run, sim, 20, () => expectNotCrossed(run));
    await sim.stop();
    run.exchange.accounts.assertConserved();
    run.exchange.sync();
    expect(auditLedger(sqliteOf(run.db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
  });

  it('takes up its ladders again after a restart, without funding itself again', async () => {
    run.exchange.close();
    const grants = () => {
      run.exchange.sync();
      const row = sqliteOf(run.db)
        .prepare('select count(*) as n from ledger_entries where kind = ?')
        .get(SIM_INVENTORY_KIND);
      return (row as { n: number }).n;
    };
    const before = grants();
    run.exchange = await Exchange.open(run.db, { clock: () => run.now, isMarketMaker: (id) => run.users.ids.has(id) });
    const resting = run.exchange.engine.openOrders(run.users.maker).length;
    sim = start(run, { seed: 43 });
    await sim.ready;
    // Most levels are where they were; only the few the index moved past are replaced.
    expect(sim.stats().placed).toBeLessThan(resting / 4);
    expect(grants()).toBe(before);
    await ticks(run, sim, 8, () => expectNotCrossed(run));
    for (const symbol of MARKETS) expect(run.exchange.engine.book(symbol)?.asks.size).toBeGreaterThanOrEqual(50);
  });
});

/** Over `seconds` of the clock in steps of the default timer's period at `rate`: per second, the steps in which each
 * market's book changed (at most one depth diff each) and its trades. */
async function flowOf(run: Run, sim: Simulator, markets: readonly string[], rate: number, seconds: number) {
  const step = stepMs(rate);
  const changed = new Set<string>();
  const diffs = new Map(markets.map((m) => [m, [] as number[]]));
  const trades = new Map(markets.map((m) => [m, [] as number[]]));
  const unlisten = run.exchange.listen({
    market: (event) => {
      if (event.type === 'level') changed.add(event.symbol);
      else if (event.type === 'trade') {
        const list = trades.get(event.trade.symbol);
        const second = list ? list.length - 1 : -1;
        if (list && second >= 0) list[second] = (list[second] ?? 0) + 1;
      }
    },
  });
  for (let second = 0; second < seconds; second++) {
    for (const m of markets) {
      diffs.get(m)?.push(0);
      trades.get(m)?.push(0);
    }
    for (let t = 0; t < 1000; t += step) {
      run.now += step;
      changed.clear();
      sim.tick();
      for (const m of changed) {
        const list = diffs.get(m);
        if (list) list[second] = (list[second] ?? 0) + 1;
      }
      await turn();
    }
    expectNotCrossed(run, markets);
  }
  unlisten();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return (m: string) => {
    const d = diffs.get(m) as number[];
    const t = trades.get(m) as number[];
    return { diffs: mean(d), diffsMax: Math.max(...d), trades: mean(t), tradesMax: Math.max(...t) };
  };
}

describe('the default flow', () => {
  const markets = ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'ETH/BTC'];

  it('changes BTC/USDT and ETH/USDT in 20+ steps a second and trades them 5+ times a second, in bursts', async () => {
    const run = await open('cheap');
    const sim = start(run, { markets });
    await sim.ready;
    const flow = await flowOf(run, sim, markets, 1, 60);
    for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
      const f = flow(symbol);
      expect(f.diffs, symbol).toBeGreaterThanOrEqual(20);
      expect(f.trades, symbol).toBeGreaterThanOrEqual(5);
      // Bursts: the busiest second trades several times the mean.
      expect(f.tradesMax, symbol).toBeGreaterThan(3 * f.trades);
    }
    // The other markets move less, by their tier, but every second or so.
    const sol = flow('SOL/USDT');
    const ethBtc = flow('ETH/BTC');
    expect(sol.diffs).toBeGreaterThan(4);
    expect(sol.diffs).toBeLessThan(flow('BTC/USDT').diffs / 2);
    expect(ethBtc.diffs).toBeGreaterThan(2);
    expect(ethBtc.diffs).toBeLessThan(sol.diffs);
    expect(sim.stats().rejected).toBe(0);
    await sim.stop();
    run.exchange.accounts.assertConserved();
    await close(run);
  });

  it('gives about ten times that at rate 10', async () => {
    const run = await open('cheap');
    const majors = ['BTC/USDT', 'ETH/USDT'];
    const sim = start(run, { markets: majors, rate: 10 });
    await sim.ready;
    const flow = await flowOf(run, sim, majors, 10, 10);
    for (const symbol of majors) {
      const f = flow(symbol);
      expect(f.diffs, symbol).toBeGreaterThanOrEqual(200);
      expect(f.trades, symbol).toBeGreaterThanOrEqual(50);
    }
    expect(sim.stats().rejected).toBe(0);
    await sim.stop();
    await close(run);
  });
});

describe('simulator runs', () => {
  it('repeat exactly for a seed', async () => {
    const trace = async () => {
      const run = await open('cheap');
      const sim = start(run, { markets: ['ETH/BTC', 'DOGE/USDT'] });
      await sim.ready;
      await ticks(run, sim, 30);
      await sim.stop();
      run.exchange.sync();
      const trades = sqliteOf(run.db)
        .prepare('select symbol, price, quantity, taker_side from spot_trades order by id')
        .all();
      const stats = sim.stats();
      await close(run);
      return { trades, stats };
    };
    const first = await trace();
    expect(first.trades.length).toBeGreaterThan(0);
    expect(await trace()).toEqual(first);
  });

  it('stop() ends its timer, and a stopped simulator does nothing', async () => {
    const run = await open('cheap');
    // Only timeouts are faked (the simulator's timer, the journal's projection delay): commits run on real turns.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sim = start(run, { markets: ['DOGE/USDT'], tickMs: 5 });
      expect(vi.getTimerCount()).toBe(1);
      await sim.ready;
      vi.advanceTimersByTime(20);
      expect(sim.stats().takerOrders).toBeGreaterThan(0);
      await sim.stop();
      // The simulator's own timer is gone; only the journal's projection may be waiting.
      const ticked = sim.stats();
      vi.advanceTimersByTime(1_000);
      expect(sim.stats()).toEqual(ticked);
      const stats = sim.stats();
      run.now += 10_000;
      sim.tick();
      await turn();
      expect(sim.stats()).toEqual(stats);
    } finally {
      vi.useRealTimers();
    }
    await cancelSimOrders(run.exchange, run.users);
    expect(run.exchange.engine.openOrders(run.users.maker)).toEqual([]);
    run.exchange.accounts.assertConserved();
    await close(run);
  });

  it('leaves a coming market empty until its online time, then quotes and trades it', async () => {
    const run = await open('cheap');
    run.exchange.openings.set('DOGE/USDT', run.now + 10_000);
    const sim = start(run, { markets: ['BTC/USDT', 'DOGE/USDT'] });
    await sim.ready;
    await ticks(run, sim, 20);
    const book = () => run.exchange.engine.book('DOGE/USDT');
    expect(book()?.bids.best()).toBeUndefined();
    expect(book()?.asks.best()).toBeUndefined();
    expect(tradesBySymbol(run).get('DOGE/USDT')).toBeUndefined();
    expect(tradesBySymbol(run).get('BTC/USDT')).toBeGreaterThan(0);
    run.now += 10_000;
    await ticks(run, sim, 40);
    expect(book()?.bids.best()).toBeDefined();
    expect(tradesBySymbol(run).get('DOGE/USDT')).toBeGreaterThan(0);
    await sim.stop();
    await close(run);
  });

  it('backs off, without failing, when the exchange holds the maker to the open-order limit', async () => {
    const run = await open('cheap', false);
    const warnings: object[] = [];
    const log = { debug: () => {}, warn: (obj: object) => warnings.push(obj) };
    // 300 levels a side is more than the 500 open orders a user may hold in one market.
    const sim = start(run, { markets: ['DOGE/USDT'], levels: { usdt: 300 }, log });
    await sim.ready;
    expect(run.exchange.engine.openOrders(run.users.maker, 'DOGE/USDT')).toHaveLength(500);
    const refused = sim.stats().rejected;
    expect(refused).toBeGreaterThan(0);
    await ticks(run, sim, 8, () => expectNotCrossed(run));
    // Held for a few seconds: no new attempts tick after tick.
    expect(sim.stats().rejected).toBe(refused);
    expect(sim.stats().failures).toBe(0);
    expect(warnings).toHaveLength(1);
    await sim.stop();
    await close(run);
  });

  it('refuses unknown markets and bad rates', async () => {
    const run = await open('cheap');
    expect(() => start(run, { markets: ['NOPE/USDT'] })).toThrow(/NOPE\/USDT/);
    expect(() => start(run, { rate: 0 })).toThrow(/rate/);
    await close(run);
  });
});
