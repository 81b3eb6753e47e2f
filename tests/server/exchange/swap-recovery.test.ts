import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MarginModel, PositionClass, PricePreference, TpslMode } from '../../../common/margin/codes.ts';
import { OrderType, Side, TriggerType } from '../../../common/trading.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { SwapEngine } from '../../../server/engine/contracts/engine.ts';
import { Exchange } from '../../../server/exchange/index.ts';
import { createUser, fundContractWallets } from '../helpers.ts';

const BTC = 'BTC/USDT';
const P = 950_000;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Everything the contract engine holds, as comparable text. */
function stateOf(engine: SwapEngine, users: number[]): string {
  const out: unknown[] = [];
  for (const u of users) {
    out.push(
      [...engine.holdings.openOf(u)].map((h) => ({ ...h, position: h.position && { ...h.position } })),
      engine.openOrders(u).map((o) => ({ ...o, prev: null, next: null })),
      engine.plansOf(u),
      engine.accounts.walletBalance(u, 'contract', 'USDT'),
      // What the liquidator measures a cross account with comes back with the orders.
      engine.crossReserved(u),
    );
  }
  const btc = engine.market(BTC);
  out.push(btc?.lastPrice, btc?.book.bids.flat([]), btc?.book.asks.flat([]), engine.nextOrderId, engine.nextTradeId);
  return JSON.stringify(out, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
}

/** A data folder with three traders (ids 1, 2, 3: the first users of a fresh database). */
async function prepare(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-swap-'));
  dirs.push(dir);
  const db = await openDatabase(dir);
  for (const name of ['alice', 'bob', 'carol']) await createUser(db, name);
  await db.destroy();
  return dir;
}

async function open(dir: string) {
  const db = await openDatabase(dir);
  let now = 1_000;
  const exchange = await Exchange.open(db, { clock: () => now++ });
  return { db, exchange };
}

async function trade(exchange: Exchange): Promise<void> {
  await fundContractWallets(exchange, [1, 2, 3]);
  const { swap } = exchange;
  await swap.run((e) => e.setMarginModel(1, BTC, MarginModel.isolated));
  await swap.run((e) => e.setPositionClass(3, BTC, PositionClass.multi));
  await swap.run((e) => e.setLeverage(1, BTC, 50));
  await swap.run((e) =>
    e.place({ userId: 2, symbol: BTC, side: Side.sell, type: OrderType.limit, price: P, volume: 3000 }),
  );
  await swap.run((e) =>
    e.place({ userId: 1, symbol: BTC, side: Side.buy, type: OrderType.market, price: 0, volume: 1000 }),
  );
  await swap.run((e) =>
    e.place({ userId: 3, symbol: BTC, side: Side.buy, type: OrderType.limit, price: P - 50, volume: 700 }),
  );
  await swap.run((e) => e.setIndex(BTC, P));
  await swap.run((e) =>
    e.setTpsl(1, BTC, 'both', TpslMode.whole, {
      stopLoss: { triggerPrice: P - 20_000, triggerType: TriggerType.indexPrice },
    }),
  );
  await swap.run((e) =>
    e.place({
      userId: 1,
      symbol: BTC,
      side: Side.sell,
      type: OrderType.limit,
      price: P + 500,
      volume: 400,
      close: true,
    }),
  );
  // User 2's short trails the mark down 1 %: its low so far is state that must come back.
  await swap.run((e) => e.setPricePreference(2, PricePreference.mark));
  await swap.run((e) => e.placeTrailing(2, BTC, 'both', 0, 1_000_000n, 0));
  await swap.run((e) => e.setMark(BTC, P - 3_000));
  await swap.run((e) => e.setMark(BTC, P - 2_000));
}

describe('the contract engine across a restart', () => {
  it('comes back exactly as committed and projected', async () => {
    const dir = await prepare();
    const first = await open(dir);
    await trade(first.exchange);
    const before = stateOf(first.exchange.swap.engine, [1, 2, 3]);
    const trailing = first.exchange.swap.engine.plansOf(2).find((p) => p.kind === 'trailing');
    expect(trailing?.trail?.extreme).toBe(P - 3_000);
    first.exchange.close();
    await first.db.destroy();
    const second = await open(dir);
    expect(JSON.parse(stateOf(second.exchange.swap.engine, [1, 2, 3]))).toEqual(JSON.parse(before));
    second.exchange.accounts.assertConserved();
    second.exchange.close();
    await second.db.destroy();
  });

  it('comes back from the journal alone when the projection never ran (a crash after the commit)', async () => {
    const dir = await prepare();
    const first = await open(dir);
    await trade(first.exchange);
    const before = stateOf(first.exchange.swap.engine, [1, 2, 3]);
    // Committed, not projected: what a kill -9 between the commit and the projection leaves.
    first.exchange.journal.flush();
    await first.db.destroy();
    const second = await open(dir);
    expect(JSON.parse(stateOf(second.exchange.swap.engine, [1, 2, 3]))).toEqual(JSON.parse(before));
    second.exchange.close();
    await second.db.destroy();
  });
});
