import { afterEach, describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../common/trading.ts';
import type { SwapEngine } from '../../../server/engine/contracts/engine.ts';
import { Retention } from '../../../server/exchange/retention.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { fundContractWallets } from '../helpers.ts';
import { closeHistory, type History, lineCount, openHistory, reopen } from './retention-fixture.ts';

const CLEAN = { unbalancedTxns: [], mismatches: [], negative: [] };
const BTC = 'BTC/USDT';
const P = 950_000;

/** Contract wallets for everyone, through the ledger. */
async function fundContracts(h: History): Promise<void> {
  await fundContractWallets(h.exchange, [...h.bots, ...h.users]);
}

/** `rounds` of the contract bots' churn: a sell, a buy that takes part of it, a resting bid taken back. */
async function swapChurn(h: History, rounds: number): Promise<void> {
  const [maker, taker] = [...h.bots] as [number, number];
  const place = (userId: number, side: Side, price: number, volume: number) => {
    h.now += 10;
    return h.exchange.swap.run((e) => e.place({ userId, symbol: BTC, side, type: OrderType.limit, price, volume }));
  };
  for (let i = 0; i < rounds; i++) {
    await place(maker, Side.sell, P + (i % 7), 100);
    await place(taker, i % 2 === 0 ? Side.buy : Side.sell, P + (i % 7), 40);
    const resting = await place(maker, Side.buy, P - 5_000 - (i % 7), 50);
    if (resting.ok && resting.order) await h.exchange.swap.run((e) => e.cancel(maker, resting.order?.id ?? 0));
  }
}

/** `rounds` positions the taker bot opens and closes against the maker bot: closed positions nobody reads. */
async function roundTrips(h: History, rounds: number): Promise<void> {
  const [maker, taker] = [...h.bots] as [number, number];
  const place = (userId: number, side: Side, type: OrderType, volume: number) => {
    h.now += 10;
    return h.exchange.swap.run((e) => e.place({ userId, symbol: BTC, side, type, price: P, volume }));
  };
  for (let i = 0; i < rounds; i++) {
    await place(maker, Side.sell, OrderType.limit, 10);
    await place(taker, Side.buy, OrderType.limit, 10);
    await place(maker, Side.buy, OrderType.limit, 10);
    await place(taker, Side.sell, OrderType.limit, 10);
  }
}

/** What retention must leave: the users' contract rows, open orders, every account's sum, and the balances. */
function keptOf(h: History) {
  const s = h.sqlite;
  const bots = [...h.bots].join(', ');
  return {
    userOrders: s.prepare(`select * from swap_orders where user_id not in (${bots}) order by id`).all(),
    openOrders: s.prepare('select * from swap_orders where status in (0, 3) order by id').all(),
    userFills: s.prepare(`select * from swap_fills where user_id not in (${bots}) order by trade_id, user_id`).all(),
    userTrades: s
      .prepare(`select * from swap_trades where maker_user_id not in (${bots}) or taker_user_id not in (${bots})`)
      .all(),
    userLines: s.prepare(`select * from ledger_entries where user_id not in (${bots}) order by id`).all(),
    positions: s
      .prepare(`select * from swap_positions where user_id not in (${bots}) or closed_at is null order by id`)
      .all(),
    tallies: s
      .prepare(
        `select t.* from swap_position_tallies t join swap_positions p on p.id = t.position_id
         where p.user_id not in (${bots}) or p.closed_at is null order by t.position_id`,
      )
      .all(),
    balances: s.prepare('select * from wallet_balances order by user_id, wallet, coin').all(),
    sums: s
      .prepare(
        `select account, coin, sum(amount) as total from ledger_entries group by account, coin
         having sum(amount) <> 0 order by account, coin`,
      )
      .all(),
  };
}

function engineState(engine: SwapEngine, users: readonly number[]): string {
  const out = users.map((u) => [
    [...engine.holdings.openOf(u)].map((x) => ({ ...x, position: x.position && { ...x.position } })),
    engine.openOrders(u).map((o) => ({ ...o, prev: null, next: null })),
    engine.accounts.walletBalance(u, 'contract', 'USDT'),
  ]);
  return JSON.stringify(out, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
}

describe('retention of the contract bots’ churn', () => {
  let h: History;
  afterEach(() => closeHistory(h));

  it('folds their margin reservations and trades among them, prunes their orders, fills and closed positions, keeps users whole', async () => {
    h = await openHistory();
    const [alice] = h.users as [number];
    const [maker] = [...h.bots] as [number];
    await fundContracts(h);
    await roundTrips(h, 8);
    await swapChurn(h, 40);
    // A user's position against a bot: nothing of it may go.
    await h.exchange.swap.run((e) =>
      e.place({ userId: maker, symbol: BTC, side: Side.sell, type: OrderType.limit, price: P, volume: 30 }),
    );
    await h.exchange.swap.run((e) =>
      e.place({ userId: alice, symbol: BTC, side: Side.buy, type: OrderType.market, price: 0, volume: 30 }),
    );
    h.exchange.sync();
    const before = {
      kept: keptOf(h),
      lines: lineCount(h),
      state: engineState(h.exchange.swap.engine, [...h.bots, ...h.users]),
    };
    const count = (table: string) => (h.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const orders = count('swap_orders');
    const botClosed = `select count(*) as n from swap_positions where closed_at is not null and user_id in (${[...h.bots]})`;
    const closedBefore = (h.sqlite.prepare(botClosed).get() as { n: number }).n;
    expect(closedBefore).toBeGreaterThan(5);

    const retention = new Retention(h.sqlite, h.bots, { keepBotTrades: 0 });
    await retention.run(2000);
    const report = await retention.run(3000);
    expect(report.skipped).toBe(0);
    expect(report.ledgerLines).toBeGreaterThan(200);
    expect(count('swap_orders')).toBeLessThan(orders / 2);
    expect(count('swap_fills')).toBeLessThan(before.kept.userFills.length + 5);
    // The bots' closed positions go (the newest position of all stays: ids continue after it).
    expect((h.sqlite.prepare(botClosed).get() as { n: number }).n).toBeLessThanOrEqual(1);
    expect(report.positions).toBeGreaterThanOrEqual(closedBefore - 1);

    expect(auditLedger(h.sqlite)).toEqual(CLEAN);
    expect(keptOf(h)).toEqual(before.kept);
    expect(lineCount(h)).toBeLessThan(before.lines / 2);

    // What is left restarts to the same contract engine.
    h.exchange.close();
    h.exchange = await reopen(h);
    expect(engineState(h.exchange.swap.engine, [...h.bots, ...h.users])).toEqual(before.state);
    h.exchange.accounts.assertConserved();
  });
});
