/**
 * bench/contracts — the perpetual-contract engine (DESIGN §7), side by side in one run:
 * 1. orders per second through the margin checks (reservation, risk tier, positions, fees, PnL on the ledger), against
 *    the spot engine on the same flow;
 * 2. the liquidation sweep with 100 000 open isolated positions: from one mark update to every under-margined
 *    position found and its liquidation order issued (goal ≤ 50 ms), against a naive full recompute of every position;
 * 3. a mark with a cross market maker of --maker-orders resting orders (the simulator's contract maker keeps about
 *    18 000): the whole mark, which measures the cross account from its running reservation total, against summing
 *    the account's open orders at each mark as the engine did before.
 * Run: npm run bench -- contracts [--orders 200000] [--positions 100000] [--maker-orders 18000] [--json]
 */
import { MarginModel } from '../../common/margin/codes.ts';
import { isLiquidatable } from '../../common/margin/liquidation.ts';
import { OrderType, Side } from '../../common/trading.ts';
import { swapContracts } from '../../server/db/seed/catalogue.ts';
import { riskTablesFor } from '../../server/db/seed/risk-tables.ts';
import { type Contract, contractOf } from '../../server/engine/contracts/contract.ts';
import { SwapEngine } from '../../server/engine/contracts/engine.ts';
import { isolatedSet } from '../../server/engine/contracts/liquidation.ts';
import { Engine } from '../../server/engine/engine.ts';
import { Accounts } from '../../server/ledger/accounts.ts';
import { median, option, type Row, report, seconds } from '../report.ts';

const BENCH = 'contracts';
const P = 950_000;
const CRASH = P - 3_850;
const USDT = 1_000_000;

function btc(): Contract {
  const seed = swapContracts.find((c) => c.base === 'BTC');
  if (!seed) throw new Error('no BTC contract');
  return contractOf({
    symbol: 'BTC_USDT',
    settleDecimals: 6,
    ...seed,
    ...riskTablesFor(seed.maxLeverage, seed.canOpenLv1000),
  });
}

function fund(accounts: Accounts, users: number, wallet: 'contract' | 'spot', amount: number): void {
  for (let u = 1; u <= users; u++) {
    const to = { userId: u, wallet } as const;
    accounts.transfer('f', 0, [{ from: { system: 'bench' }, to, coin: 'USDT', amount, kind: 'b' }]);
    if (wallet === 'spot')
      accounts.transfer('f', 0, [{ from: { system: 'bench' }, to, coin: 'BTC', amount, kind: 'b' }]);
  }
  accounts.entries = [];
}

/** The same pseudo-random flow for both engines: limits around the price, one in five a market order. */
function flow(n: number, users: number) {
  let seed = 42;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed;
  };
  return Array.from({ length: n }, () => ({
    user: 1 + (next() % users),
    side: (1 + (next() % 2)) as Side,
    market: next() % 5 === 0,
    price: P - 2000 + (next() % 4000),
    volume: 1 + (next() % 50),
  }));
}

function contractOrders(orders: ReturnType<typeof flow>, users: number): number {
  const accounts = new Accounts();
  fund(accounts, users, 'contract', 10_000_000 * USDT);
  const engine = new SwapEngine([btc()], accounts, () => 0);
  return seconds(() => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i] as (typeof orders)[number];
      const type = o.market ? OrderType.market : OrderType.limit;
      engine.place({ userId: o.user, symbol: 'BTC_USDT', side: o.side, type, price: o.price, volume: o.volume });
      if ((i & 4095) === 0) accounts.entries = [];
    }
  });
}

function spotOrders(orders: ReturnType<typeof flow>, users: number): number {
  const accounts = new Accounts();
  fund(accounts, users, 'spot', 1e14);
  const spec = {
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    priceScale: 1,
    amountScale: 3,
    baseDecimals: 8,
    quoteDecimals: 6,
    minLots: 1,
    minQuote: 1,
    makerRate: 20_000,
    takerRate: 60_000,
  };
  const engine = new Engine([spec], accounts, () => 0, { isMarketMaker: () => true });
  return seconds(() => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i] as (typeof orders)[number];
      const type = o.market ? OrderType.market : OrderType.limit;
      const budget = o.market && o.side === Side.buy ? Math.floor((o.volume * P) / 10) : 0;
      const quantity = o.market && o.side === Side.buy ? 0 : o.volume;
      engine.place({ userId: o.user, symbol: spec.symbol, side: o.side, type, price: o.price, quantity, budget });
      if ((i & 4095) === 0) {
        accounts.entries = [];
        accounts.dirty.clear();
      }
    }
  });
}

/**
 * `positions` isolated longs at P with leverage 5–125×, against one cross market maker; the mark step (−0.405 %)
 * reaches the 125× ones, about one in 120. Bids at that mark take what is liquidated above its bankruptcy price.
 */
function openPositions(positions: number) {
  const accounts = new Accounts();
  const maker = positions + 1;
  const taker = positions + 2;
  fund(accounts, positions + 2, 'contract', 1_000 * USDT);
  accounts.transfer('f', 0, [
    { from: { system: 'bench' }, to: { userId: maker, wallet: 'contract' }, coin: 'USDT', amount: 1e15, kind: 'b' },
    { from: { system: 'bench' }, to: { userId: taker, wallet: 'contract' }, coin: 'USDT', amount: 1e15, kind: 'b' },
  ]);
  const engine = new SwapEngine([btc()], accounts, () => 0);
  engine.setLeverage(maker, 'BTC_USDT', 1);
  engine.place({
    userId: maker,
    symbol: 'BTC_USDT',
    side: Side.sell,
    type: OrderType.limit,
    price: P,
    volume: positions * 10,
  });
  for (let u = 1; u <= positions; u++) {
    engine.setMarginModel(u, 'BTC_USDT', 2);
    engine.setLeverage(u, 'BTC_USDT', 5 + (u % 121));
    engine.place({
      userId: u,
      symbol: 'BTC_USDT',
      side: Side.buy,
      type: OrderType.market,
      price: 0,
      volume: 1 + (u % 10),
    });
  }
  engine.setLeverage(taker, 'BTC_USDT', 1);
  engine.place({
    userId: taker,
    symbol: 'BTC_USDT',
    side: Side.buy,
    type: OrderType.limit,
    price: 800_000,
    volume: positions * 10,
  });
  accounts.entries = [];
  return engine;
}

/** The naive sweep: every isolated position measured at the mark. */
function naiveFind(engine: SwapEngine, mark: number): number {
  const market = engine.market('BTC_USDT');
  if (!market) throw new Error('no market');
  let found = 0;
  for (const h of engine.holdings.openOn('BTC_USDT')) {
    if (h.marginModel === 2 && isLiquidatable(isolatedSet(market.contract, h), mark)) found++;
  }
  return found;
}

function sweep(positions: number, rows: Row[]): void {
  const crash = CRASH;
  const oursRuns: number[] = [];
  const naiveRuns: number[] = [];
  const reindexRuns: number[] = [];
  let liquidated = 0;
  let found = 0;
  for (let run = 0; run < 3; run++) {
    const engine = openPositions(positions);
    // The first mark prices every new position once (they changed since the last sweep): timed apart.
    reindexRuns.push(seconds(() => engine.setMark('BTC_USDT', P)));
    naiveRuns.push(
      seconds(() => {
        found = naiveFind(engine, crash);
      }),
    );
    oursRuns.push(
      seconds(() => {
        const result = engine.setMark('BTC_USDT', crash);
        liquidated = result.events.filter((e) => e.type === 'liquidation').length;
      }),
    );
  }
  const ms = (s: number) => s * 1000;
  rows.push(
    {
      bench: BENCH,
      metric: 'mark → liquidation orders issued',
      value: ms(median(oursRuns)),
      unit: 'ms',
      impl: 'tickstream (index)',
      positions,
      liquidated,
    },
    {
      bench: BENCH,
      metric: 'mark → under-margined found',
      value: ms(median(naiveRuns)),
      unit: 'ms',
      impl: 'naive full recompute',
      positions,
      liquidated: found,
    },
    {
      bench: BENCH,
      metric: 'ratio naive ÷ ours',
      value: median(naiveRuns) / median(oursRuns),
      unit: '×',
      impl: 'tickstream (index)',
    },
    {
      bench: BENCH,
      metric: 'pricing changed positions',
      value: (median(reindexRuns) * 1e6) / positions,
      unit: 'µs/position',
      impl: 'tickstream (index)',
    },
  );
}

/** One cross maker with `count` resting orders around P and a position, and a taker who gave it that position. */
function crossMaker(count: number) {
  const accounts = new Accounts();
  fund(accounts, 2, 'contract', 1e14);
  const engine = new SwapEngine([btc()], accounts, () => 0);
  for (let i = 0; i < count; i++) {
    const side = i % 2 === 0 ? Side.buy : Side.sell;
    const away = 10 + Math.floor(i / 2) * 10;
    const price = side === Side.buy ? P - away : P + away;
    engine.place({ userId: 1, symbol: 'BTC_USDT', side, type: OrderType.limit, price, volume: 1 });
  }
  engine.place({ userId: 2, symbol: 'BTC_USDT', side: Side.sell, type: OrderType.market, price: 0, volume: 5 });
  accounts.entries = [];
  return engine;
}

function crossMarks(count: number, rows: Row[]): void {
  const marks = 200;
  const oursRuns: number[] = [];
  const naiveRuns: number[] = [];
  for (let run = 0; run < 3; run++) {
    const engine = crossMaker(count);
    oursRuns.push(
      seconds(() => {
        for (let i = 0; i < marks; i++) engine.setMark('BTC_USDT', P + (i % 7));
      }) / marks,
    );
    let units = 0;
    naiveRuns.push(
      seconds(() => {
        for (let i = 0; i < marks; i++)
          for (const o of engine.openOrders(1)) if (o.marginModel === MarginModel.cross) units += o.frozen;
      }) / marks,
    );
    if (units <= 0) throw new Error('the maker holds nothing reserved');
  }
  const ms = (s: number) => s * 1000;
  rows.push(
    {
      bench: BENCH,
      metric: 'mark with a cross maker',
      value: ms(median(oursRuns)),
      unit: 'ms',
      impl: 'tickstream (running total)',
      orders: count,
    },
    {
      bench: BENCH,
      metric: "summing the maker's open orders per mark",
      value: ms(median(naiveRuns)),
      unit: 'ms',
      impl: 'before (sum per mark)',
      orders: count,
    },
    {
      bench: BENCH,
      metric: 'ratio before ÷ ours',
      value: median(naiveRuns) / median(oursRuns),
      unit: '×',
      impl: 'tickstream (running total)',
    },
  );
}

const orders = option('orders', 200_000);
const positions = option('positions', 100_000);
const users = 200;
const rows: Row[] = [];
const work = flow(orders, users);
const swapRuns = [0, 1, 2].map(() => contractOrders(work, users));
const spotRuns = [0, 1, 2].map(() => spotOrders(work, users));
rows.push(
  {
    bench: BENCH,
    metric: 'orders/s',
    value: orders / median(swapRuns),
    unit: 'orders/s',
    impl: 'tickstream contracts (margin)',
  },
  {
    bench: BENCH,
    metric: 'orders/s',
    value: orders / median(spotRuns),
    unit: 'orders/s',
    impl: 'tickstream spot (baseline)',
  },
);
sweep(positions, rows);
crossMarks(option('maker-orders', 18_000), rows);
report(rows);
