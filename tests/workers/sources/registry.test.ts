import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../common/protocol.ts';
import { Sources } from '../../../workers/sources/index.ts';
import { swapPosition } from '../../common/swap-views.ts';
import { ManualScheduler } from '../feed/manual-scheduler.ts';
import { FakeFeed } from './fake-feed.ts';

const SYMBOL = 'BTC/USDT';
const trade = (price: number, time: number): ServerFrame => ({
  ch: `trades:${SYMBOL}`,
  kind: 'update',
  t: time,
  trades: [price, 1, 1, time],
});

function setup() {
  const feed = new FakeFeed();
  const changed: string[] = [];
  const reported: unknown[] = [];
  const sources = new Sources({
    feed,
    scheduler: new ManualScheduler(),
    grid: async () => ({ priceScale: 2, amountScale: 4 }),
    history: null,
    changed: (source) => changed.push(source.channels[0] ?? ''),
    report: (error) => reported.push(error),
  });
  feed.route(sources);
  return { feed, sources, changed, reported };
}

describe('the registry of sources', () => {
  it('keeps one source per market and kind, counts its views once, and drops it with the last', () => {
    const { feed, sources } = setup();
    const spec = { kind: 'book', symbol: SYMBOL, depth: 10, groupTicks: 0 } as const;
    const a = sources.acquire(spec);
    // Another depth or grouping is another view of the same book.
    const b = sources.acquire({ ...spec, depth: 50, groupTicks: 10 });
    expect(b).toBe(a);
    expect(sources.refs(spec)).toBe(2);
    expect(feed.channels()).toEqual([`depth:${SYMBOL}`]);
    sources.release(spec);
    expect(feed.channels()).toEqual([`depth:${SYMBOL}`]);
    sources.release(spec);
    expect(sources.refs(spec)).toBe(0);
    expect(feed.channels()).toEqual([]);
    // Made anew with the next view.
    expect(sources.acquire(spec)).not.toBe(a);
  });

  it('holds a channel two sources need once, delivers it to both, and keeps it while one of them is left', () => {
    const { feed, sources, changed } = setup();
    const tape = { kind: 'trades', symbol: SYMBOL } as const;
    const candles = { kind: 'candles', symbol: SYMBOL, interval: 'M1' } as const;
    sources.acquire(tape);
    sources.acquire(candles);
    expect(feed.channels()).toEqual([`trades:${SYMBOL}`, `candles:${SYMBOL}:M1`]);
    feed.emit(`trades:${SYMBOL}`, trade(100, 60_000));
    expect(changed).toEqual([`trades:${SYMBOL}`, `candles:${SYMBOL}:M1`]);
    sources.release(tape);
    expect(feed.channels()).toEqual([`trades:${SYMBOL}`, `candles:${SYMBOL}:M1`]);
    sources.release(candles);
    expect(feed.channels()).toEqual([]);
  });

  it('goes on delivering to the other sources of a channel when one throws, and reports it', () => {
    const { feed, sources, changed, reported } = setup();
    const tape = sources.acquire({ kind: 'trades', symbol: SYMBOL });
    sources.acquire({ kind: 'candles', symbol: SYMBOL, interval: 'M1' });
    tape.apply = () => {
      throw new Error('bad source');
    };
    feed.emit(`trades:${SYMBOL}`, trade(100, 60_000));
    expect(reported).toEqual([new Error('bad source')]);
    expect(changed).toEqual([`candles:${SYMBOL}:M1`]);
  });

  it('hands a user load to the user source only, and nothing when no user view is open', () => {
    const { sources } = setup();
    sources.loadUser({ resyncs: 0, seq: 0, orders: [], balances: [] });
    const user = sources.acquire({ kind: 'user' });
    sources.loadUser({ resyncs: 0, seq: 0, orders: [], balances: [{ coin: 'USDT', available: '1', frozen: '0' }] });
    expect(
      user.snapshot(
        { kind: 'user' },
        { peek: () => new Float64Array(), take: () => new Float64Array() },
        {
          feed: 'live',
          frameAge: 0,
          reconnects: 0,
          malformed: 0,
        },
      ),
    ).toMatchObject({ balances: [{ coin: 'USDT' }], health: { user: { status: 'live' } } });
  });

  it('keeps the user state live through contract events on the user channel, and ignores contract tickers it is not asked for', () => {
    const { sources, feed } = setup();
    const user = sources.acquire({ kind: 'user' });
    const tickers = sources.acquire({ kind: 'tickers', symbols: [SYMBOL] });
    sources.loadUser({ resyncs: 0, seq: 0, orders: [], balances: [] });
    feed.emit('user', { ch: 'user', kind: 'position', seq: 1, t: 1, data: { ...swapPosition(1) } });
    feed.emit('user', {
      ch: 'user',
      kind: 'balance',
      seq: 2,
      t: 2,
      data: { coin: 'USDT', available: '1', frozen: '0' },
    });
    const values = [1, 0, 1, 1, 1, 0, 0, 1] as [number, number, number, number, number, number, number, number];
    feed.emit('ticker', {
      ch: 'ticker',
      kind: 'snapshot',
      t: 1,
      tickers: { [SYMBOL]: values, 'BTC/USDT:USDT': values },
    });
    const out = { peek: () => new Float64Array(64), take: (n: number) => new Float64Array(n) };
    const health = { feed: 'live' as const, frameAge: 0, reconnects: 0, malformed: 0 };
    expect(user.snapshot({ kind: 'user' }, out, { ...health })).toMatchObject({
      balances: [{ coin: 'USDT', available: '1' }],
      positions: [{ positionId: 1 }],
      health: { user: { status: 'live', seq: 2 } },
    });
    expect(tickers.snapshot({ kind: 'tickers', symbols: [SYMBOL] }, out, { ...health })).toMatchObject({
      symbols: [SYMBOL],
    });
  });
});
