import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepository } from '../../../../server/auth/users-repository.ts';
import { openDatabase, sqliteOf } from '../../../../server/db/database.ts';
import type { Db } from '../../../../server/db/schema.ts';
import { Exchange } from '../../../../server/exchange/index.ts';
import { auditLedger } from '../../../../server/ledger/audit.ts';
import { stepMs } from '../../../../server/sim/options.ts';
import { mulberry32, Rng } from '../../../../server/sim/random.ts';
import { type SwapSimUsers, type SwapSimulator, startSwapSimulator } from '../../../../server/sim/swap/index.ts';
import { SwapPriceService } from '../../../../server/swap/prices-runtime.ts';

const MARKETS = ['BTC/USDT', 'ETH/USDT', 'DOGE/USDT'];
const LEVELS = { major: 150, usdt: 40, other: 40 };
const START: Record<string, number> = { 'BTC/USDT': 95_000, 'ETH/USDT': 3_500, 'DOGE/USDT': 0.4 };
/** The index walks faster than any real market, so a seeded run of minutes sees bets liquidated. */
const INDEX_VOLATILITY = 0.0008;
const FUNDING_MS = 10_000;
const SECONDS = 300;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

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

/** Every coin's sum over all ledger accounts (users' wallets and every system account); 0 from a fresh start. */
function coinSums(db: Db): Map<string, number> {
  const rows = sqliteOf(db).prepare('select coin, sum(amount) as total from ledger_entries group by coin').all() as {
    coin: string;
    total: number;
  }[];
  return new Map(rows.map((r) => [r.coin, r.total]));
}

describe('contract simulator (seeded run)', () => {
  let dir: string;
  let db: Db;
  let now = Date.UTC(2026, 10, 22, 12);
  let exchange: Exchange;
  let users: SwapSimUsers;
  let sim: SwapSimulator;
  const basisSigns = new Map<string, Set<number>>();
  const fundingSigns = new Set<number>();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickstream-swap-sim-'));
    db = await openDatabase(dir);
    const [maker, taker, punter] = [await cheapUser(db, 'm'), await cheapUser(db, 't'), await cheapUser(db, 'p')];
    users = { maker, taker, punter, ids: new Set([maker, taker, punter]) } as SwapSimUsers;
    const fund = await cheapUser(db, 'fund');
    exchange = await Exchange.open(db, { clock: () => now, swapFundUserId: fund });
    sim = startSwapSimulator(exchange, users, {
      clock: () => now,
      seed: 7,
      // Four times the activity: the basis walks through several of its reversion times in the run.
      rate: 4,
      tickMs: 0,
      markets: MARKETS,
      levels: LEVELS,
    });
    const prices = new SwapPriceService(exchange, () => now, FUNDING_MS);
    const walk = new Rng(mulberry32(99));
    const index = new Map(MARKETS.map((s) => [s, Math.log(START[s] as number)]));
    for (let second = 0; second < SECONDS; second++) {
      for (const symbol of MARKETS) {
        const x = (index.get(symbol) as number) + INDEX_VOLATILITY * walk.gaussian();
        index.set(symbol, x);
        const scale = Number(exchange.swap.engine.market(symbol)?.contract.grid.ticksPerCoin);
        await prices.pin(symbol, Math.max(1, Math.round(Math.exp(x) * scale)), Number.MAX_SAFE_INTEGER);
        fundingSigns.add(Math.sign(Number(prices.funding(symbol).rate)));
      }
      for (let k = 0; k < 4; k++) {
        now += 250;
        sim.tick();
        await turn();
      }
      for (const [symbol, b] of sim.basis()) {
        const signs = basisSigns.get(symbol) ?? new Set<number>();
        signs.add(Math.sign(b));
        basisSigns.set(symbol, signs);
      }
    }
    await sim.stop();
    exchange.sync();
  }, 120_000);

  afterAll(async () => {
    exchange.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('quotes two-sided ladders that are never crossed on every chosen contract', () => {
    for (const symbol of MARKETS) {
      const book = exchange.swap.engine.market(symbol)?.book;
      const levels = symbol === 'DOGE/USDT' ? LEVELS.usdt : LEVELS.major;
      expect(book?.bids.size, symbol).toBeGreaterThanOrEqual(levels * 0.8);
      expect(book?.asks.size, symbol).toBeGreaterThanOrEqual(levels * 0.8);
      expect(book?.crossed(), symbol).toBe(false);
    }
    expect(exchange.swap.engine.market('SOL/USDT')?.book.bids.size).toBe(0);
    expect(sim.stats().trades).toBeGreaterThan(100);
  });

  it('has the taker open and close leveraged positions, the punter bet at the highest leverage, isolated', () => {
    const closes = sqliteOf(db)
      .prepare(
        "select count(*) as n from ledger_entries where kind in ('swap_close_long', 'swap_close_short') and user_id = ?",
      )
      .get(users.taker) as { n: number };
    expect(closes.n).toBeGreaterThan(10);
    const settings = exchange.swap.engine.holdings;
    const btc = exchange.swap.engine.market('BTC/USDT')?.contract;
    if (!btc) throw new Error('no BTC contract');
    expect(settings.settings(users.taker, btc).leverageLong).toBe(10);
    expect(settings.settings(users.punter, btc)).toMatchObject({ marginModel: 2, leverageLong: btc.maxLeverage });
    expect(sim.stats().punts).toBeGreaterThan(sim.stats().liquidations);
  });

  it('drifts the basis above and below the index, so funding changes sign', () => {
    for (const symbol of MARKETS)
      expect([...(basisSigns.get(symbol) ?? [])], symbol).toEqual(expect.arrayContaining([1, -1]));
    expect([...fundingSigns]).toEqual(expect.arrayContaining([1, -1]));
  });

  it('has bot positions liquidated for real (bill 207 lines on the ledger)', () => {
    expect(sim.stats().liquidations).toBeGreaterThanOrEqual(1);
    const lines = sqliteOf(db)
      .prepare("select count(*) as n from ledger_entries where kind = 'swap_liquidation' and user_id = ?")
      .get(users.punter) as { n: number };
    expect(lines.n).toBeGreaterThanOrEqual(1);
  });

  it('conserves every coin over all accounts, house, insurance and settlement included', () => {
    for (const [coin, total] of coinSums(db)) expect(total, coin).toBe(0);
    expect(auditLedger(sqliteOf(db))).toEqual({ unbalancedTxns: [], mismatches: [], negative: [] });
    exchange.accounts.assertConserved();
    const funding = sqliteOf(db)
      .prepare("select count(*) as n, sum(amount) as total from ledger_entries where kind = 'swap_funding'")
      .get() as { n: number; total: number };
    expect(funding.n).toBeGreaterThan(0);
    expect(funding.total).toBe(0);
    // The bots were funded through the ledger from the simulator's inventory, never minted.
    const inventory = exchange.accounts.systemBalance('system:sim-inventory', 'USDT');
    expect(inventory).toBeLessThan(0);
  });

  it('takes up its ladders after a restart instead of placing them twice', async () => {
    const options = { clock: () => now, seed: 8, tickMs: 0, markets: MARKETS, levels: LEVELS };
    const again = startSwapSimulator(exchange, users, options);
    for (let k = 0; k < 8; k++) {
      now += 250;
      again.tick();
      await turn();
    }
    await again.stop();
    for (const symbol of MARKETS) {
      const orders = exchange.swap.engine.openOrders(users.maker, symbol);
      const keys = orders.map((o) => `${o.side}:${o.price}`);
      expect(new Set(keys).size, symbol).toBe(keys.length);
      const levels = symbol === 'DOGE/USDT' ? LEVELS.usdt : LEVELS.major;
      expect(orders.length, symbol).toBeLessThanOrEqual(2 * Math.ceil(levels * 1.1) + 2);
    }
  });
});

describe('the contract flow (issue 22 item 4)', () => {
  const majors = ['BTC/USDT', 'ETH/USDT'];

  /** Steps of `stepMs(rate)` over `seconds`: per contract, the steps that changed its book, and its trades, a second. */
  async function flowOf(rate: number, seconds: number) {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-swap-flow-'));
    const db = await openDatabase(dir);
    const [maker, taker, punter] = [await cheapUser(db, 'm'), await cheapUser(db, 't'), await cheapUser(db, 'p')];
    const bots = { maker, taker, punter, ids: new Set([maker, taker, punter]) } as SwapSimUsers;
    let clock = Date.UTC(2026, 10, 22, 12);
    const market = await Exchange.open(db, { clock: () => clock, swapFundUserId: await cheapUser(db, 'fund') });
    const prices = new SwapPriceService(market, () => clock, FUNDING_MS);
    for (const symbol of majors) {
      const scale = Number(market.swap.engine.market(symbol)?.contract.grid.ticksPerCoin);
      await prices.pin(symbol, Math.round((START[symbol] as number) * scale), Number.MAX_SAFE_INTEGER);
    }
    const bot = startSwapSimulator(market, bots, { clock: () => clock, seed: 3, rate, tickMs: 0, markets: majors });
    const step = stepMs(rate);
    let ready = false;
    void bot.ready.then(() => {
      ready = true;
    });
    while (!ready) {
      clock += step;
      bot.tick();
      await turn();
    }
    const changed = new Set<string>();
    const count = () => new Map(majors.map((s) => [s, [] as number[]]));
    const diffs = count();
    const trades = count();
    const unlisten = market.swap.listen({
      market: (event) => {
        if (event.type === 'level') changed.add(event.symbol);
        else if (event.type === 'trade') {
          const list = trades.get(event.trade.symbol) as number[];
          list[list.length - 1] = (list.at(-1) ?? 0) + 1;
        }
      },
    });
    for (let second = 0; second < seconds; second++) {
      for (const s of majors) {
        diffs.get(s)?.push(0);
        trades.get(s)?.push(0);
      }
      for (let t = 0; t < 1000; t += step) {
        clock += step;
        changed.clear();
        bot.tick();
        for (const s of changed) {
          const list = diffs.get(s) as number[];
          list[second] = (list[second] ?? 0) + 1;
        }
        await turn();
      }
      for (const s of majors) expect(market.swap.engine.market(s)?.book.crossed(), s).toBe(false);
    }
    unlisten();
    const stats = bot.stats();
    await bot.stop();
    market.accounts.assertConserved();
    market.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const of = (m: Map<string, number[]>, s: string) => m.get(s) as number[];
    return {
      stats,
      flow: (s: string) => ({
        diffs: mean(of(diffs, s)),
        trades: mean(of(trades, s)),
        tradesMax: Math.max(...of(trades, s)),
      }),
    };
  }

  it('changes BTC and ETH perpetual books in 20+ steps a second and trades them 5+ times a second, in bursts', async () => {
    const { stats, flow } = await flowOf(1, 40);
    for (const symbol of majors) {
      const f = flow(symbol);
      expect(f.diffs, symbol).toBeGreaterThanOrEqual(20);
      expect(f.trades, symbol).toBeGreaterThanOrEqual(5);
      expect(f.tradesMax, symbol).toBeGreaterThan(3 * f.trades);
    }
    expect(stats.rejected).toBe(0);
  }, 60_000);

  it('gives about ten times that at rate 10', async () => {
    const { stats, flow } = await flowOf(10, 8);
    for (const symbol of majors) {
      expect(flow(symbol).diffs, symbol).toBeGreaterThanOrEqual(200);
      expect(flow(symbol).trades, symbol).toBeGreaterThanOrEqual(50);
    }
    expect(stats.rejected).toBe(0);
  }, 60_000);
});
