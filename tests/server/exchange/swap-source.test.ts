import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CandlesFrame,
  DepthDiffFrame,
  FundingFrame,
  LiquidationsFrame,
  MarkFrame,
  ServerFrame,
  TickerFrame,
  TradesFrame,
  UserFrame,
} from '../../../common/protocol.ts';
import { WS_PATH } from '../../../common/protocol.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { hashPassword } from '../../../server/auth/password.ts';
import { usersRepository } from '../../../server/auth/users-repository.ts';
import { openDatabase } from '../../../server/db/database.ts';
import type { SwapEvent } from '../../../server/engine/contracts/types.ts';
import { publishSwapPrivate } from '../../../server/exchange/swap-user-events.ts';
import type { MarketListener } from '../../../server/gateway/index.ts';
import { TestClient } from '../gateway/harness.ts';
import { buildTestApp, createUser, type TestApp } from '../helpers.ts';

const USDT = 1_000_000;
const PERP = 'BTC/USDT:USDT';

/** The running exchange's perpetuals on the market-data socket. */
describe('perpetuals on the market-data socket', () => {
  let t: TestApp;
  let wsUrl: string;
  let demo: Record<string, string>;
  let other: Record<string, string>;
  let demoId = 0;
  let otherId = 0;
  let market: TestClient;
  let user: TestClient;
  let tradeTime = 0;

  const call = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.server.inject({ method: 'POST', url, headers: { lang: 'en_US', ...headers }, payload });
  const login = async (username: string, password: string) => {
    const res = await t.server.inject({ method: 'POST', url: '/uc/login', payload: { username, password } });
    return res.json().data.token as string;
  };
  const fund = (userId: number, amount: number) =>
    t.server.exchange.transact(
      `test:${userId}`,
      [{ from: { system: 'test' }, to: { userId, wallet: 'contract' }, coin: 'USDT', amount, kind: 'transfer' }],
      () => undefined,
    );
  const userFrame = (kind: UserFrame['kind']) =>
    user.next<UserFrame>((f: ServerFrame) => 'ch' in f && f.ch === 'user' && f.kind === kind, kind);

  // Two sign-ins and a password hash: slow on a loaded machine, hence the hook's own timeout.
  beforeAll(async () => {
    t = await buildTestApp();
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    const address = t.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsUrl = `ws://127.0.0.1:${address.port}${WS_PATH}`;
    const demoToken = await login('demo', DEMO_ACCOUNT.password);
    demo = { 'x-auth-token': demoToken };
    demoId = (await usersRepository(t.db).findByUsername('demo'))?.id ?? 0;
    otherId = await createUser(t.db, 'perp-maker', await hashPassword('PerpMaker1'));
    other = { 'x-auth-token': await login('perp-maker', 'PerpMaker1') };
    await fund(demoId, 20_000 * USDT);
    await fund(otherId, 100_000 * USDT);
    market = await TestClient.open(wsUrl);
    user = await TestClient.open(wsUrl);
    user.send({ op: 'auth', token: demoToken });
    await user.expect('authenticated');
    user.send({ op: 'sub', ch: ['user'] });
    await user.expect('subscribed');
  }, 60_000);
  afterAll(async () => {
    await market?.close();
    await user?.close();
    await t.close();
  });

  it('streams a contract trade on depth, trades, candles and ticker, and tells both users after commit', async () => {
    const names = [`depth:${PERP}`, `trades:${PERP}`, `candles:${PERP}:M1`, 'ticker'];
    market.send({ op: 'sub', ch: names });
    expect((await market.expect('subscribed')) as { ch: string[] }).toMatchObject({ ch: names });
    await market.expect('snapshot', `depth:${PERP}`);
    const ask = await call('/swap/order/open', other, {
      symbol: 'BTC/USDT',
      direction: 2,
      type: 1,
      entrustPrice: '95000.0',
      volume: 2000,
    });
    expect(ask.json().code).toBe(0);
    const diff = await market.expect<DepthDiffFrame>('diff', `depth:${PERP}`);
    expect(diff.asks).toEqual([95_000, 2000]);

    const committed: SwapEvent[] = [];
    const stop = t.server.exchange.swap.listen({ committed: (events) => committed.push(...events) });
    const open = await call('/swap/order/open', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    stop();
    expect(open.json().code).toBe(0);
    const trades = await market.expect<TradesFrame>('update', `trades:${PERP}`);
    expect(trades.trades.slice(0, 3)).toEqual([95_000, 1, 1000]);
    tradeTime = trades.trades[3] as number;
    const candles = await market.expect<CandlesFrame>('update', `candles:${PERP}:M1`);
    expect(candles.candles.slice(1)).toEqual([95_000, 95_000, 95_000, 95_000, 1000]);
    const ticker = await market.next<TickerFrame>((f) => f.kind === 'update' && 'tickers' in f && PERP in f.tickers);
    // 1000 contracts of 0.001 BTC at 95 000: 95 000 USDT traded.
    expect(ticker.tickers[PERP]?.slice(0, 2)).toEqual([95_000, 1000]);
    expect(ticker.tickers[PERP]?.[6]).toBeCloseTo(95_000, 6);

    const order = await userFrame('swapOrder');
    expect(order.data).toMatchObject({ symbol: 'BTC/USDT', dealVolume: 1000, averagePrice: '95000.0' });
    const position = await userFrame('position');
    const rest = (await call('/swap/position-list', demo, {})).json().data[0];
    expect(position.data).toEqual(rest);
    const wallet = await userFrame('swapWallet');
    expect(wallet.data).toMatchObject({ coin: 'USDT' });
    // The maker is not watched here, but its events are built like the taker's: only bots are left out.
    const told = new Set<number>();
    const listener = { user: (userId: number) => told.add(userId) } as unknown as MarketListener;
    publishSwapPrivate(t.server.exchange.swap, committed, listener, (id) => id === otherId);
    expect([...told]).toEqual([demoId]);
    publishSwapPrivate(t.server.exchange.swap, committed, listener, () => false);
    expect([...told].sort()).toEqual([demoId, otherId].sort());
  });

  it('publishes index, mark, predicted funding and a settlement from a price tick', async () => {
    market.send({ op: 'sub', ch: [`mark:${PERP}`, `funding:${PERP}`] });
    const first = await market.expect<MarkFrame>('snapshot', `mark:${PERP}`);
    await market.expect<FundingFrame>('snapshot', `funding:${PERP}`);
    // The app's own price service ticks every second: its funding clock reaches the channel.
    const ticked =
      first.nextFundingTime > 0
        ? first
        : await market.next<MarkFrame>((f) => 'ch' in f && f.ch === `mark:${PERP}`, 'a price tick');
    expect(ticked.nextFundingTime).toBeGreaterThan(t.server.clock());
    const next = Date.now() + 3600_000;
    t.server.exchange.swap.publishPrices({
      symbol: 'BTC/USDT',
      index: 950_123,
      mark: 950_456,
      predictedRate: 12_345n,
      nextFundingTime: next,
      settled: { rate: 10_000n, time: next - 8 * 3600_000 },
    });
    const mark = await market.next<MarkFrame>((f) => f.kind === 'update' && 'mark' in f && f.index === 95_012.3);
    expect(mark).toMatchObject({ mark: 95_045.6, fundingRate: 0.00012345, nextFundingTime: next });
    const funding = await market.expect<FundingFrame>('update', `funding:${PERP}`);
    expect(funding.settlements).toEqual([0.0001, next - 8 * 3600_000]);
  });

  it('tells a position’s funding to its user at a settlement', async () => {
    const result = await t.server.exchange.swap.run((e) => e.settleFunding('BTC/USDT', 10_000n, 950_000));
    expect(result.ok).toBe(true);
    const notice = await userFrame('funding');
    // 1000 contracts of 0.001 BTC at 95 000, 0.01 %: the long pays 9.5 USDT.
    expect(notice.data).toMatchObject({ symbol: 'BTC/USDT', direction: 1, amount: '-9.5', rate: '0.0001' });
    expect(notice.data.markPrice).toBe('95000.0');
    expect((await userFrame('swapWallet')).data).toMatchObject({ coin: 'USDT' });
  });

  it('publishes a liquidation on the public feed and to its user', async () => {
    market.send({ op: 'sub', ch: [`liquidations:${PERP}`] });
    await market.expect('snapshot', `liquidations:${PERP}`);
    const time = tradeTime + 1;
    // The engine's event as the liquidator emits it; its ledger moves are not what this test is about.
    await t.server.exchange.swap.run(() => ({
      ok: true,
      order: null,
      events: [
        {
          type: 'liquidation',
          userId: demoId,
          symbol: 'BTC/USDT',
          positionSide: 'both',
          sign: 1,
          contracts: 5,
          price: 900_000,
          time,
        },
      ],
    }));
    const feed = await market.expect<LiquidationsFrame>('update', `liquidations:${PERP}`);
    expect(feed.liquidations).toEqual([90_000, 2, 5, time]);
    const notice = await userFrame('liquidation');
    expect(notice.data).toEqual({ symbol: 'BTC/USDT', direction: 1, volume: 5, price: '90000.0', time });
  });

  it('tells a position’s stop loss as a swapPlan, in the REST view', async () => {
    const positionId = (await call('/swap/position-list', demo, {})).json().data[0].positionId;
    const res = await call('/swap/order/position-take-profit-stop-loss', demo, {
      positionId,
      stopLossPrice: '80000.0',
    });
    expect(res.json().code).toBe(0);
    const plan = await userFrame('swapPlan');
    expect(plan.data).toEqual(res.json().data[0]);
  });

  it('tells a closed position by positionClosed, not by a flat position row', async () => {
    const positionId = (await call('/swap/position-list', demo, {})).json().data[0].positionId;
    const bid = { symbol: 'BTC/USDT', direction: 1, type: 1, entrustPrice: '94000.0', volume: 1000 };
    expect((await call('/swap/order/open', other, bid)).json().code).toBe(0);
    const close = await call('/swap/order/close', demo, { symbol: 'BTC/USDT', direction: 1, type: 2, volume: 1000 });
    expect(close.json().code).toBe(0);
    const closed = await userFrame('positionClosed');
    expect(closed.data).toMatchObject({ positionId, symbol: 'BTC/USDT', direction: 1, maxVolume: 1000 });
    // 1000 contracts bought at 95 000 and sold at 94 000: −1000 USDT before fees; the record of position history.
    expect(Number(closed.data.closePnl)).toBe(-1000);
    expect(closed.data).toMatchObject({ entryPrice: '95000', closePrice: '94000', closedVolume: 1000 });
    const [history] = (await call('/swap/order/positionHistory', demo, {})).json().data.records;
    const { funding: _funding, realizedPnl: _net, ...known } = history;
    expect(closed.data).toEqual(known);
    await userFrame('swapWallet');
    const positions = user.received.filter((f) => 'ch' in f && f.ch === 'user' && f.kind === 'position');
    expect(positions.every((f) => (f as UserFrame).data.volume !== 0)).toBe(true);
  });
});

describe('a funding snapshot after a restart', () => {
  it('shows the settlements stored before, oldest first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-funding-'));
    const db = await openDatabase(dir);
    const rows = [
      { symbol: 'BTC/USDT', time: 1_000, rate: '-2500', mark: 950_000 },
      { symbol: 'BTC/USDT', time: 2_000, rate: '10000', mark: 951_000 },
      { symbol: 'ETH/USDT', time: 2_000, rate: '5', mark: 30_000 },
    ];
    await db.insertInto('swap_funding_rates').values(rows).execute();
    await db.destroy();
    const t = await buildTestApp({}, { dataDir: dir });
    const client = await openClient(t);
    try {
      client.send({ op: 'sub', ch: [`funding:${PERP}`] });
      const snapshot = await client.expect<FundingFrame>('snapshot', `funding:${PERP}`);
      expect(snapshot.settlements).toEqual([-0.000025, 1_000, 0.0001, 2_000]);
    } finally {
      await client.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

async function openClient(t: TestApp): Promise<TestClient> {
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return TestClient.open(`ws://127.0.0.1:${address.port}${WS_PATH}`);
}
