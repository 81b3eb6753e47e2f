import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthChecksum } from '../../../common/checksum.ts';
import type {
  CandlesFrame,
  DepthDiffFrame,
  DepthSnapshotFrame,
  TickerFrame,
  TradesFrame,
  UserFrame,
} from '../../../common/protocol.ts';
import { DEMO_ACCOUNT } from '../../../server/auth/demo.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { TestClient } from './harness.ts';

/** The acceptance run against the whole server with the simulator on: a client watches BTC/USDT for a while. */
describe('live market data from the simulator', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp({ sim: true }, { realClock: true });
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    const address = t.server.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  }, 60_000);
  afterAll(() => t.close());

  it('streams a snapshot then contiguous, checksum-true diffs of a book that never crosses, trades and tickers', async () => {
    const client = await TestClient.open(url);
    client.send({ op: 'sub', ch: ['depth:BTC/USDT', 'trades:BTC/USDT', 'ticker', 'candles:BTC/USDT:M1'] });
    const bids = new Map<number, number>();
    const asks = new Map<number, number>();
    const state = { seq: -1, diffs: 0, trades: 0, tickers: new Set<string>(), crossed: 0, gaps: 0, bad: 0, candles: 0 };
    const apply = (side: Map<number, number>, flat: number[]) => {
      for (let i = 0; i < flat.length; i += 2) {
        const [price, volume] = [flat[i] as number, flat[i + 1] as number];
        if (volume === 0) side.delete(price);
        else side.set(price, volume);
      }
    };
    // Wall time only bounds the watch; nothing asserts how long anything took.
    const until = Date.now() + 4000;
    while (Date.now() < until || state.diffs < 3 || state.trades === 0 || state.candles === 0) {
      const frame = await client.next(() => true);
      if (frame.kind === 'snapshot' && 'ch' in frame && frame.ch === 'depth:BTC/USDT') {
        const snap = frame as DepthSnapshotFrame;
        bids.clear();
        asks.clear();
        state.seq = snap.seq;
      } else if (frame.kind === 'diff') {
        const diff = frame as DepthDiffFrame;
        if (diff.prevSeq !== state.seq) state.gaps++;
        state.seq = diff.seq;
        state.diffs++;
      }
      if (frame.kind === 'snapshot' || frame.kind === 'diff') {
        if ('bids' in frame) {
          apply(bids, frame.bids);
          apply(asks, frame.asks);
          const b = [...bids].sort((x, y) => y[0] - x[0]).flat();
          const a = [...asks].sort((x, y) => x[0] - y[0]).flat();
          if (depthChecksum(b, a, 2, 5) !== frame.checksum) state.bad++;
          if ((b[0] ?? 0) >= (a[0] ?? Number.POSITIVE_INFINITY)) state.crossed++;
        }
      }
      if ('ch' in frame && frame.ch === 'trades:BTC/USDT') state.trades += (frame as TradesFrame).trades.length / 4;
      if ('ch' in frame && frame.ch === 'candles:BTC/USDT:M1' && frame.kind === 'update') {
        const candles = (frame as CandlesFrame).candles;
        // [openTime, open, high, low, close, volume]: a minute boundary, and low ≤ open, close ≤ high.
        for (let i = 0; i < candles.length; i += 6) {
          const [time = -1, open = 0, high = 0, low = 0, close = 0] = candles.slice(i, i + 5);
          if (time % 60_000 === 0 && low <= Math.min(open, close) && high >= Math.max(open, close)) state.candles++;
        }
      }
      if ('ch' in frame && frame.ch === 'ticker') {
        for (const symbol of Object.keys((frame as TickerFrame).tickers)) state.tickers.add(symbol);
      }
    }
    await client.close();
    expect({ gaps: state.gaps, bad: state.bad, crossed: state.crossed }).toEqual({ gaps: 0, bad: 0, crossed: 0 });
    expect(state.diffs).toBeGreaterThanOrEqual(3);
    expect(state.trades).toBeGreaterThan(0);
    expect(state.candles).toBeGreaterThan(0);
    expect(state.tickers.size).toBeGreaterThanOrEqual(30);
    // The simulator fills the main books hundreds of levels deep.
    expect(bids.size).toBeGreaterThan(500);
    expect(asks.size).toBeGreaterThan(500);
  }, 60_000);

  it('lets the demo account place and cancel an order while the market runs, and tells it on its user channel', async () => {
    const login = await t.server.inject({
      method: 'POST',
      url: '/uc/login',
      payload: { username: 'demo', password: DEMO_ACCOUNT.password },
    });
    const token = login.json().data.token as string;
    const headers = { 'x-auth-token': token };
    const client = await TestClient.open(url);
    client.send({ op: 'auth', token });
    await client.expect('authenticated');
    client.send({ op: 'sub', ch: ['user'] });
    await client.expect('subscribed');

    const placed = await t.server.inject({
      method: 'POST',
      url: '/exchange/order/add',
      headers,
      payload: { symbol: 'BTC/USDT', price: '50000', amount: '0.01', type: 1, direction: 1 },
    });
    expect(placed.json()).toMatchObject({ code: 0, data: { status: 0 } });
    const id = placed.json().data.orderId;
    const pushed = await client.next<UserFrame>((f) => f.kind === 'order' && 'data' in f && f.data.orderId === id);
    expect(pushed.data).toMatchObject({ symbol: 'BTC/USDT', price: '50000', amount: '0.01', status: 0 });
    const balance = await client.next<UserFrame>((f) => f.kind === 'balance' && 'data' in f && f.data.coin === 'USDT');
    expect(balance.data).toEqual({ coin: 'USDT', available: '99500', frozen: '500' });

    const cancelled = await t.server.inject({ method: 'POST', url: `/exchange/order/cancel/${id}`, headers });
    expect(cancelled.json()).toMatchObject({ code: 0, data: { orderId: id, status: 2 } });
    const after = await client.next<UserFrame>((f) => f.kind === 'order' && 'data' in f && f.data.status === 2);
    expect(after.data.orderId).toBe(id);
    await client.close();
    t.server.exchange.accounts.assertConserved();
  });
});
