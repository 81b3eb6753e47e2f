import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depthChecksum } from '../../../common/checksum.ts';
import type {
  AckFrame,
  CandlesFrame,
  DepthDiffFrame,
  DepthSnapshotFrame,
  ErrorFrame,
  FundingFrame,
  LiquidationsFrame,
  MarkFrame,
  TickerFrame,
  TradesFrame,
  UserFrame,
} from '../../../common/protocol.ts';
import type { MarketMeta } from '../../../server/gateway/index.ts';
import { FakeSource } from './fake-source.ts';
import { startServer, TestClient, type TestServer } from './harness.ts';

const PERP = 'BTC/USDT:USDT';
const MARKETS: MarketMeta[] = [
  { symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 },
  // A perpetual: price on one decimal, volumes in whole contracts.
  { symbol: PERP, priceScale: 1, amountScale: 0 },
];
const T0 = Date.UTC(2026, 10, 27, 8);

/** The contract markets on the spot channels, and the channels of perpetuals only. */
describe('perpetual channels', () => {
  let source: FakeSource;
  let server: TestServer;
  const clients: TestClient[] = [];
  const open = async () => {
    const client = await TestClient.open(server.url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    source = new FakeSource(MARKETS);
    source.perpetualOf(PERP);
    source.mark(PERP, { index: 95_000.1, mark: 95_001.2, fundingRate: 0.0001, nextFundingTime: T0 });
    source.settle(PERP, -0.00005, T0 - 8 * 3600_000);
    source.setLevel(PERP, 1, 949_990, 30);
    source.setLevel(PERP, 2, 950_010, 12);
    source.tokens.set('token-alice', 1);
    server = await startServer(source);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.close());

  it('serves a perpetual’s book with the spot depth protocol: snapshot, then diffs with checksums', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: [`depth:${PERP}`] });
    const snapshot = await client.expect<DepthSnapshotFrame>('snapshot', `depth:${PERP}`);
    expect(snapshot).toMatchObject({ bids: [94_999, 30], asks: [95_001, 12] });
    expect(snapshot.checksum).toBe(depthChecksum([94_999, 30], [95_001, 12], 1, 0));
    source.setLevel(PERP, 1, 949_990, 0);
    const diff = await client.expect<DepthDiffFrame>('diff', `depth:${PERP}`);
    expect(diff).toMatchObject({ seq: snapshot.seq + 1, bids: [94_999, 0], asks: [] });
    expect(diff.checksum).toBe(depthChecksum([], [95_001, 12], 1, 0));
    source.setLevel(PERP, 1, 949_990, 30);
  });

  it('serves trades, candles with the market’s colons and the perpetual in the ticker', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: [`trades:${PERP}`, `candles:${PERP}:M1`, 'ticker'] });
    expect((await client.expect<AckFrame>('subscribed')).ch).toEqual([
      `trades:${PERP}`,
      `candles:${PERP}:M1`,
      'ticker',
    ]);
    await client.expect<TradesFrame>('snapshot', `trades:${PERP}`);
    expect((await client.expect<CandlesFrame>('snapshot', `candles:${PERP}:M1`)).candles).toEqual([]);
    await client.expect<TickerFrame>('snapshot', 'ticker');
    source.trade(PERP, { price: 950_000, volume: 7, side: 1, time: T0 });
    source.candle(PERP, 'M1', [T0, 95_000, 95_000, 95_000, 95_000, 7]);
    source.ticker(PERP, [95_000, 7, 94_000, 95_000, 94_000, 700, 66_500, T0]);
    expect((await client.expect<TradesFrame>('update', `trades:${PERP}`)).trades).toEqual([95_000, 1, 7, T0]);
    const candles = await client.expect<CandlesFrame>('update', `candles:${PERP}:M1`);
    expect(candles.candles).toEqual([T0, 95_000, 95_000, 95_000, 95_000, 7]);
    const ticker = await client.expect<TickerFrame>('update', 'ticker');
    expect(ticker.tickers[PERP]?.[0]).toBe(95_000);
  });

  it('sends index, mark and predicted funding: the values now, then each change', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: [`mark:${PERP}`] });
    const snapshot = await client.expect<MarkFrame>('snapshot', `mark:${PERP}`);
    expect(snapshot).toMatchObject({ index: 95_000.1, mark: 95_001.2, fundingRate: 0.0001, nextFundingTime: T0 });
    source.mark(PERP, { index: 95_010, mark: 95_011.5, fundingRate: 0.00012, nextFundingTime: T0 });
    source.mark(PERP, { index: 95_020, mark: 95_021.5, fundingRate: 0.00013, nextFundingTime: T0 });
    // Only the latest of a flush goes out.
    const update = await client.expect<MarkFrame>('update', `mark:${PERP}`);
    expect(update).toMatchObject({ index: 95_020, mark: 95_021.5, fundingRate: 0.00013 });
  });

  it('sends the recent funding settlements, then each new one', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: [`funding:${PERP}`] });
    const snapshot = await client.expect<FundingFrame>('snapshot', `funding:${PERP}`);
    expect(snapshot.settlements).toEqual([-0.00005, T0 - 8 * 3600_000]);
    source.settle(PERP, 0.0001, T0);
    expect((await client.expect<FundingFrame>('update', `funding:${PERP}`)).settlements).toEqual([0.0001, T0]);
  });

  it('publishes liquidations like trades: price, side, contracts, time', async () => {
    const client = await open();
    client.send({ op: 'sub', ch: [`liquidations:${PERP}`] });
    expect((await client.expect<LiquidationsFrame>('snapshot', `liquidations:${PERP}`)).liquidations).toEqual([]);
    source.liquidate(PERP, { price: 90_000.5, side: 2, volume: 40, time: T0 + 1 });
    const update = await client.expect<LiquidationsFrame>('update', `liquidations:${PERP}`);
    expect(update.liquidations).toEqual([90_000.5, 2, 40, T0 + 1]);
  });

  it('refuses the contract channels of a spot market and of an unknown one', async () => {
    const client = await open();
    const names = ['mark:BTC/USDT', 'funding:ETH/USDT:USDT', 'liquidations:', `candles:${PERP}:1m`];
    client.send({ op: 'sub', ch: names });
    for (const name of names) {
      const error = await client.expect<ErrorFrame>('error');
      expect(error).toMatchObject({ code: 'unknown_channel', ch: name });
    }
    expect((await client.expect<AckFrame>('subscribed')).ch).toEqual([]);
  });

  it('carries contract events on the user channel in one seq with the spot ones', async () => {
    const client = await open();
    client.send({ op: 'auth', token: 'token-alice' });
    client.send({ op: 'sub', ch: ['user'] });
    await client.expect('subscribed');
    source.user(1, 'position', { positionId: 3, symbol: 'BTC/USDT', adlQuantile: 2 });
    source.user(1, 'balance', { coin: 'USDT', available: '1', frozen: '0' });
    const position = await client.expect<UserFrame>('position', 'user');
    const balance = await client.expect<UserFrame>('balance', 'user');
    expect(position).toMatchObject({ kind: 'position', seq: 1, data: { positionId: 3, adlQuantile: 2 } });
    expect(balance).toMatchObject({ kind: 'balance', seq: 2 });
  });
});
