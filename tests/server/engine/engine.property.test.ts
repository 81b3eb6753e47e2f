import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStatus, OrderType, Side, TriggerType } from '../../../common/trading.ts';
import { Engine, type EngineResult, type PlaceCommand } from '../../../server/engine/engine.ts';
import { isPlan, type Order } from '../../../server/engine/order.ts';
import { Accounts } from '../../../server/ledger/accounts.ts';
import { BTC_USDT, bookLevels, deposit, ETH_USDT, type LevelView } from './fixtures.ts';
import { NaiveExchange, type NaiveResult, type NaiveTrade } from './naive-matcher.ts';

// Two markets sharing USDT: ETH_USDT with shift −1 (exact values) and BTC_USDT with shift 1 (values round).
const SPECS = [ETH_USDT, BTC_USDT];
const SYMBOLS = [ETH_USDT.symbol, BTC_USDT.symbol, 'NOPE_USDT'];
const COINS = ['ETH', 'BTC', 'USDT'];
const USERS = [1, 2, 3, 4];
/** User 4 is a market maker: no open-order limit. */
const MARKET_MAKERS = [4];
const MAX_OPEN_ORDERS = 5;

type MarketPick = 0 | 1 | 2;

interface PlaceCmd {
  kind: 'place';
  userId: number;
  market: MarketPick;
  side: Side;
  type: OrderType;
  /** Ticks from the market's middle price; a small range so orders cross often. */
  priceStep: number;
  badPrice: number | null;
  quantity: number;
  budget: number;
  triggerStep: number;
  badTrigger: number | null;
  triggerType: TriggerType;
}

type Cmd =
  | PlaceCmd
  /** `open`: one of the open orders (any user's); `any`: any id up to a few past the last. */
  | { kind: 'cancel'; userId: number; target: 'open' | 'any'; pick: number }
  | { kind: 'cancelAll'; userId: number; market: MarketPick | 'all' }
  | { kind: 'index'; market: MarketPick; step: number; badPrice: number | null };

interface Setup {
  /** BTC_USDT's middle price: 23 ticks makes rounding of values matter, 1003 makes quote fees non-zero. */
  btcMid: number;
  deposits: { userId: number; coin: string; amount: number }[];
}

const weighted = <T>(...entries: [fc.Arbitrary<T>, number][]) =>
  fc.oneof(...entries.map(([arbitrary, weight]) => ({ arbitrary, weight })));

const marketArb = weighted<MarketPick>([fc.constant(0), 6], [fc.constant(1), 6], [fc.constant(2), 1]);
const userArb = fc.constantFrom(...USERS);
const badNumber = fc.constantFrom(0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY);
/** Mostly null (use the generated good number), now and then a bad one. */
const sometimesBad = weighted<number | null>([fc.constant(null), 30], [badNumber, 1]);

const placeArb: fc.Arbitrary<Cmd> = fc.record({
  kind: fc.constant('place' as const),
  userId: userArb,
  market: marketArb,
  side: fc.constantFrom(Side.buy, Side.sell),
  type: weighted<OrderType>(
    [fc.constant(OrderType.limit), 10],
    [fc.constant(OrderType.market), 2],
    [fc.constant(OrderType.fillOrKill), 2],
    [fc.constant(OrderType.stopLoss), 2],
    [fc.constant(OrderType.takeProfit), 2],
  ),
  priceStep: fc.integer({ min: -4, max: 4 }),
  badPrice: sometimesBad,
  quantity: weighted<number>([fc.noBias(fc.integer({ min: 1, max: 25 })), 25], [badNumber, 1]),
  /** Per mille of what a market buy may spend in the market (see `toPlaceCommand`). */
  budget: weighted<number>([fc.noBias(fc.integer({ min: 1, max: 1000 })), 25], [badNumber, 1]),
  triggerStep: fc.integer({ min: -5, max: 5 }),
  badTrigger: sometimesBad,
  triggerType: fc.constantFrom(TriggerType.tradePrice, TriggerType.indexPrice),
});

const cmdArb: fc.Arbitrary<Cmd> = weighted<Cmd>(
  [placeArb, 12],
  [
    fc.record({
      kind: fc.constant('cancel' as const),
      userId: userArb,
      target: fc.constantFrom('open' as const, 'any' as const),
      pick: fc.nat(1000),
    }),
    3,
  ],
  [
    fc.record({
      kind: fc.constant('cancelAll' as const),
      userId: userArb,
      market: fc.constantFrom<MarketPick | 'all'>(0, 1, 2, 'all'),
    }),
    1,
  ],
  [
    fc.record({
      kind: fc.constant('index' as const),
      market: marketArb,
      step: fc.integer({ min: -5, max: 5 }),
      badPrice: sometimesBad,
    }),
    2,
  ],
);

/** Mostly a good deal of money (unbiased: fast-check leans to small numbers), now and then little or none. */
const amountArb = (max: number) =>
  weighted<number>(
    [fc.constant(0), 1],
    [fc.integer({ min: 1, max: max / 20 }), 1],
    [fc.noBias(fc.integer({ min: max / 4, max })), 5],
  );

const setupArb: fc.Arbitrary<Setup> = fc.record({
  btcMid: fc.constantFrom(23, 1003),
  deposits: fc
    .tuple(...USERS.map(() => fc.tuple(amountArb(3000), amountArb(250_000), amountArb(300_000))))
    .map((perUser) =>
      perUser.flatMap(([eth, btc, usdt], i) =>
        [
          { userId: USERS[i] as number, coin: 'ETH', amount: eth },
          { userId: USERS[i] as number, coin: 'BTC', amount: btc },
          { userId: USERS[i] as number, coin: 'USDT', amount: usdt },
        ].filter((d) => d.amount > 0),
      ),
    ),
});

function midPrice(market: MarketPick, setup: Setup): number {
  return market === 1 ? setup.btcMid : 100;
}

function toPlaceCommand(cmd: PlaceCmd, setup: Setup): PlaceCommand {
  const mid = midPrice(cmd.market, setup);
  const place: PlaceCommand = {
    userId: cmd.userId,
    symbol: SYMBOLS[cmd.market] as string,
    side: cmd.side,
    type: cmd.type,
    // Buys lean a tick up and sells a tick down so that more orders cross.
    price: cmd.badPrice ?? mid + cmd.priceStep + (cmd.side === Side.buy ? 1 : -1),
    quantity: cmd.quantity,
  };
  if (cmd.type === OrderType.market && cmd.side === Side.buy) {
    // Up to about what 30 lots cost: a lot is worth ~1000 quote units in ETH_USDT, 2.3 or ~100 in BTC_USDT.
    const max = cmd.market === 1 ? (setup.btcMid < 100 ? 70 : 3000) : 30_000;
    place.budget = Number.isInteger(cmd.budget) && cmd.budget > 0 ? Math.ceil((cmd.budget * max) / 1000) : cmd.budget;
  }
  if (cmd.type === OrderType.stopLoss || cmd.type === OrderType.takeProfit) {
    place.triggerPrice = cmd.badTrigger ?? mid + cmd.triggerStep;
    place.triggerType = cmd.triggerType;
  }
  return place;
}

function tradesOf(result: EngineResult): NaiveTrade[] {
  return result.events.flatMap((e) =>
    e.type === 'trade'
      ? [
          {
            price: e.trade.price,
            quantity: e.trade.quantity,
            buyOrderId: e.trade.buyOrder.id,
            sellOrderId: e.trade.sellOrder.id,
            takerSide: e.trade.takerSide,
            quoteUnits: e.trade.quoteUnits,
            baseUnits: e.trade.baseUnits,
            buyFee: e.trade.buyFee,
            sellFee: e.trade.sellFee,
          },
        ]
      : [],
  );
}

function outcome(result: EngineResult | NaiveResult): string {
  return result.ok ? 'ok' : result.reason;
}

/** Whether the price a plan watches already meets its trigger (an engine-independent restatement). */
function due(order: Order, engine: Engine): boolean {
  const price =
    order.triggerType === TriggerType.indexPrice ? engine.indexPrice(order.symbol) : engine.lastPrice(order.symbol);
  if (price <= 0) return false;
  const rises = order.type === OrderType.stopLoss ? order.side === Side.buy : order.side === Side.sell;
  return rises ? price >= order.triggerPrice : price <= order.triggerPrice;
}

/** Throws with `message` unless `ok` (plain checks: `expect` per value is too slow for thousands of commands). */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

/** Deep equality by JSON, with vitest's diff when it fails. */
function same(actual: unknown, expected: unknown, label: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) expect(actual, label).toEqual(expected);
}

/** What must hold after every command, whatever the naive matcher says. */
function checkInvariants(engine: Engine, accounts: Accounts): void {
  accounts.assertConserved();

  const frozenByOrders = new Map<string, number>();
  let resting = 0;
  for (const order of engine.allOpenOrders()) {
    check(
      order.status === OrderStatus.open || order.status === OrderStatus.partlyFilled,
      () => `order ${order.id} open with status ${order.status}`,
    );
    check(order.frozen > 0, () => `open order ${order.id} holds nothing frozen`);
    const spec = SPECS.find((s) => s.symbol === order.symbol);
    if (!spec) throw new Error(`order ${order.id} in unknown market`);
    const key = `${order.userId} ${order.side === Side.buy ? spec.quote : spec.base}`;
    frozenByOrders.set(key, (frozenByOrders.get(key) ?? 0) + order.frozen);
    if (isPlan(order)) check(!due(order, engine), () => `plan ${order.id} is due but waits`);
    else resting++;
  }
  for (const userId of USERS) {
    for (const coin of COINS) {
      const b = accounts.balancesOf(userId).get(coin) ?? { available: 0, frozen: 0 };
      const held = frozenByOrders.get(`${userId} ${coin}`) ?? 0;
      check(b.available >= 0 && b.frozen >= 0, () => `user ${userId} ${coin} negative`);
      check(b.frozen === held, () => `user ${userId} ${coin}: frozen ${b.frozen}, open orders hold ${held}`);
    }
  }

  let onBooks = 0;
  for (const spec of SPECS) {
    const book = engine.book(spec.symbol);
    if (!book) throw new Error('no book');
    check(!book.crossed(), () => `${spec.symbol} crossed`);
    // bookLevels throws when a level's volume is not the sum of its orders' remaining, or its links are broken.
    const bids = bookLevels(engine, spec.symbol, 'bids');
    const asks = bookLevels(engine, spec.symbol, 'asks');
    for (let i = 1; i < bids.length; i++) {
      check((bids[i - 1] as LevelView).price > (bids[i] as LevelView).price, () => `${spec.symbol} bids out of order`);
    }
    for (let i = 1; i < asks.length; i++) {
      check((asks[i - 1] as LevelView).price < (asks[i] as LevelView).price, () => `${spec.symbol} asks out of order`);
    }
    if (bids[0] && asks[0]) check(bids[0].price < asks[0].price, () => `${spec.symbol}: best bid reaches best ask`);
    for (const level of [...bids, ...asks]) {
      onBooks += level.ids.length;
      for (const id of level.ids) check(engine.order(id) !== undefined, () => `order ${id} on the book but not open`);
    }
  }
  check(onBooks === resting, () => `${onBooks} orders on the books, ${resting} open non-plan orders`);
}

/** The engine agrees with the naive matcher on books, balances, fees, prices and the state of `orders`. */
function checkAgainstNaive(engine: Engine, accounts: Accounts, naive: NaiveExchange, orders: Iterable<Order>): void {
  for (const spec of SPECS) {
    same(bookLevels(engine, spec.symbol, 'bids'), naive.levels(spec.symbol, Side.buy), `${spec.symbol} bids`);
    same(bookLevels(engine, spec.symbol, 'asks'), naive.levels(spec.symbol, Side.sell), `${spec.symbol} asks`);
    same(engine.lastPrice(spec.symbol), naive.lastPrice(spec.symbol), `${spec.symbol} last price`);
  }
  for (const userId of USERS) {
    for (const coin of COINS) {
      const b = accounts.balancesOf(userId).get(coin);
      const model = naive.balance(userId, coin);
      same(
        [b?.available ?? 0, b?.frozen ?? 0],
        [model.available, model.frozen],
        `user ${userId} ${coin} [available, frozen]`,
      );
    }
  }
  for (const coin of COINS) same(accounts.systemBalance('fees', coin), naive.fees.get(coin) ?? 0, `${coin} fees`);
  for (const o of orders) {
    const m = naive.orders.get(o.id);
    same(
      [o.status, o.filled, o.remaining, o.frozen, o.triggered],
      [m?.status, m?.filled, m?.remaining, m?.frozen, m?.triggered],
      `order ${o.id} [status, filled, remaining, frozen, triggered]`,
    );
  }
  same(
    [...engine.allOpenOrders()].map((o) => o.id).sort((a, b) => a - b),
    naive.openOrders().map((o) => o.id),
    'open order ids',
  );
  same(engine.nextOrderId, naive.nextOrderId, 'next order id');
}

function run(setup: Setup, cmds: readonly Cmd[]): void {
  let now = 1;
  const accounts = new Accounts();
  const options = { maxOpenOrders: MAX_OPEN_ORDERS, isMarketMaker: (u: number) => MARKET_MAKERS.includes(u) };
  const engine = new Engine(SPECS, accounts, () => now, options);
  const naive = new NaiveExchange(SPECS, { maxOpenOrders: MAX_OPEN_ORDERS, marketMakers: MARKET_MAKERS });
  for (const d of setup.deposits) {
    deposit(accounts, d.userId, d.coin, d.amount);
    naive.credit(d.userId, d.coin, d.amount);
  }
  const placed = new Map<number, Order>();

  for (const cmd of cmds) {
    now++;
    const entriesBefore = accounts.entries.length;
    const idBefore = engine.nextOrderId;
    let mine: EngineResult;
    let theirs: NaiveResult;
    switch (cmd.kind) {
      case 'place': {
        const place = toPlaceCommand(cmd, setup);
        mine = engine.place(place);
        theirs = naive.place(place);
        if (mine.ok && mine.order) placed.set(mine.order.id, mine.order);
        if (mine.ok && theirs.ok) same(mine.order?.id, theirs.orderId, 'order id');
        break;
      }
      case 'cancel': {
        const open = [...engine.allOpenOrders()];
        const id =
          cmd.target === 'open' ? (open[cmd.pick % Math.max(open.length, 1)]?.id ?? 0) : cmd.pick % (idBefore + 3);
        mine = engine.cancel(cmd.userId, id);
        theirs = naive.cancel(cmd.userId, id);
        break;
      }
      case 'cancelAll': {
        const symbol = cmd.market === 'all' ? undefined : SYMBOLS[cmd.market];
        mine = engine.cancelAll(cmd.userId, symbol);
        theirs = naive.cancelAll(cmd.userId, symbol);
        break;
      }
      case 'index': {
        const symbol = SYMBOLS[cmd.market] as string;
        const price = cmd.badPrice ?? midPrice(cmd.market, setup) + cmd.step;
        mine = engine.setIndexPrice(symbol, price);
        theirs = naive.setIndexPrice(symbol, price);
        break;
      }
    }
    same(outcome(mine), outcome(theirs), 'outcome');
    same(tradesOf(mine), theirs.trades, 'trades');
    if (!mine.ok) {
      // A refusal changes nothing: no event, no ledger entry, no order id used.
      same([mine.events.length, accounts.entries.length, engine.nextOrderId], [0, entriesBefore, idBefore], 'refusal');
    }
    checkInvariants(engine, accounts);
    // The orders this command touched and every open one; all of them once the sequence is over.
    const touched = new Set<Order>(engine.allOpenOrders());
    for (const e of mine.events) if (e.type === 'order') touched.add(e.order);
    checkAgainstNaive(engine, accounts, naive, touched);
  }
  checkAgainstNaive(engine, accounts, naive, placed.values());

  // Every ledger transaction balances per coin, and every balance is the sum of its account's entries.
  const byTxn = new Map<string, number>();
  const byAccount = new Map<string, number>();
  for (const e of accounts.entries) {
    byTxn.set(`${e.txn} ${e.coin}`, (byTxn.get(`${e.txn} ${e.coin}`) ?? 0) + e.amount);
    byAccount.set(`${e.account} ${e.coin}`, (byAccount.get(`${e.account} ${e.coin}`) ?? 0) + e.amount);
  }
  for (const [key, sum] of byTxn) check(sum === 0, () => `${key} sums to ${sum}`);
  for (const coin of COINS) {
    for (const userId of USERS) {
      const b = accounts.balancesOf(userId).get(coin);
      same(
        [b?.available ?? 0, b?.frozen ?? 0],
        [byAccount.get(`user:${userId} ${coin}`) ?? 0, byAccount.get(`user:${userId}:frozen ${coin}`) ?? 0],
        `user ${userId} ${coin} against its entries`,
      );
    }
    same(accounts.systemBalance('fees', coin), byAccount.get(`fees ${coin}`) ?? 0, `fees ${coin} against its entries`);
  }
}

/** `ENGINE_PROPERTY_SCALE=20 npx vitest run tests/server/engine` runs 20 times as many sequences (a soak, not for CI). */
const SCALE = Number(process.env.ENGINE_PROPERTY_SCALE ?? 1);

describe('engine against the naive matcher', () => {
  it('agrees on every command of random sequences and keeps every invariant', () => {
    fc.assert(fc.property(setupArb, fc.array(cmdArb, { minLength: 1, maxLength: 80, size: 'max' }), run), {
      numRuns: 200 * SCALE,
    });
  });

  it('agrees on long sequences that build deep books and long trigger cascades', () => {
    // Known markets only, so that every command can do something.
    const known = cmdArb.filter((c) => !('market' in c) || c.market !== 2);
    fc.assert(fc.property(setupArb, fc.array(known, { minLength: 1, maxLength: 300, size: 'max' }), run), {
      numRuns: 30 * SCALE,
    });
  });
});
