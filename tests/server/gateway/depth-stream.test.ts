import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthChecksum } from '../../../common/checksum.ts';
import type { DepthDiffFrame, DepthSnapshotFrame } from '../../../common/protocol.ts';
import type { MarketMeta } from '../../../server/gateway/index.ts';
import { FakeSource } from './fake-source.ts';
import { startServer, TestClient, type TestServer } from './harness.ts';

const MARKETS: MarketMeta[] = [
  { symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 },
  { symbol: 'ETH/BTC', priceScale: 6, amountScale: 3 },
];

/** Deterministic PRNG (mulberry32) so a failure replays exactly. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The client side of a depth stream: a book keyed by wire price, rebuilt from a snapshot and diffs as a worker would. */
class ClientBook {
  bids = new Map<number, number>();
  asks = new Map<number, number>();
  seq = -1;

  constructor(readonly meta: MarketMeta) {}

  snapshot(frame: DepthSnapshotFrame): void {
    this.bids = pairs(frame.bids);
    this.asks = pairs(frame.asks);
    this.seq = frame.seq;
    expect(this.checksum()).toBe(frame.checksum);
  }

  diff(frame: DepthDiffFrame): void {
    expect(frame.prevSeq).toBe(this.seq);
    expect(frame.seq).toBe(this.seq + 1);
    for (const [side, levels] of [
      [this.bids, frame.bids],
      [this.asks, frame.asks],
    ] as const) {
      const prices = levels.filter((_, i) => i % 2 === 0);
      // A level at most once per diff.
      expect(new Set(prices).size).toBe(prices.length);
      for (let i = 0; i < levels.length; i += 2) {
        const price = levels[i] as number;
        const volume = levels[i + 1] as number;
        if (volume === 0) side.delete(price);
        else side.set(price, volume);
      }
    }
    this.seq = frame.seq;
    expect(this.checksum()).toBe(frame.checksum);
  }

  /** Best first, flat `[price, volume, …]`. */
  flat(): { bids: number[]; asks: number[] } {
    return {
      bids: [...this.bids].sort((a, b) => b[0] - a[0]).flat(),
      asks: [...this.asks].sort((a, b) => a[0] - b[0]).flat(),
    };
  }

  checksum(): number {
    const { bids, asks } = this.flat();
    return depthChecksum(bids, asks, this.meta.priceScale, this.meta.amountScale);
  }
}

function pairs(flat: number[]): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = 0; i < flat.length; i += 2) map.set(flat[i] as number, flat[i + 1] as number);
  return map;
}

/** The source's book in wire numbers, as the client should hold it. */
function wireBook(source: FakeSource, meta: MarketMeta): { bids: number[]; asks: number[] } {
  const { bids, asks } = source.depth(meta.symbol);
  const wire = (side: number[]) =>
    side.map((n, i) => (i % 2 === 0 ? n / 10 ** meta.priceScale : n / 10 ** meta.amountScale));
  return { bids: wire(bids), asks: wire(asks) };
}

describe('depth channel', () => {
  let source: FakeSource;
  let server: TestServer;
  const rand = random(20_261_122);
  const int = (max: number) => Math.floor(rand() * max);

  /** Mid price 10 000 ticks: bids below, asks at or above, so the book never crosses. */
  function mutate(symbol: string, count: number): void {
    for (let i = 0; i < count; i++) {
      const side = rand() < 0.5 ? 1 : 2;
      const price = side === 1 ? 10_000 - 1 - int(120) : 10_000 + int(120);
      const roll = rand();
      if (roll < 0.3) {
        source.setLevel(symbol, side, price, 0);
      } else if (roll < 0.4) {
        // Changed and changed back within one flush window.
        const before = source.volume(symbol, side, price);
        source.setLevel(symbol, side, price, 1 + int(99_999));
        source.setLevel(symbol, side, price, before);
      } else {
        source.setLevel(symbol, side, price, 1 + int(10_000_000));
      }
    }
  }

  beforeAll(async () => {
    source = new FakeSource(MARKETS);
    for (const { symbol } of MARKETS) mutate(symbol, 150);
    server = await startServer(source);
  });
  afterAll(() => server.close());

  it('rebuilds the exact book from a snapshot and diffs, checksum verified and seq contiguous on every frame', async () => {
    const first = await TestClient.open(server.url);
    first.send({ op: 'sub', ch: MARKETS.map((m) => `depth:${m.symbol}`) });
    expect(await first.expect('subscribed')).toMatchObject({ ch: ['depth:BTC/USDT', 'depth:ETH/BTC'] });
    const books = new Map<string, ClientBook>();
    for (const meta of MARKETS) {
      const book = new ClientBook(meta);
      book.snapshot(await first.expect<DepthSnapshotFrame>('snapshot', `depth:${meta.symbol}`));
      expect(book.flat()).toEqual(wireBook(source, meta));
      books.set(meta.symbol, book);
    }

    const btc = MARKETS[0] as MarketMeta;
    let late: { client: TestClient; book: ClientBook } | null = null;
    for (let round = 0; round < 60; round++) {
      if (round === 20) {
        // A subscriber joining mid-stream gets a snapshot that the next diffs follow.
        const client = await TestClient.open(server.url);
        client.send({ op: 'sub', ch: ['depth:BTC/USDT'] });
        const book = new ClientBook(btc);
        book.snapshot(await client.expect<DepthSnapshotFrame>('snapshot', 'depth:BTC/USDT'));
        expect(book.flat()).toEqual(wireBook(source, btc));
        late = { client, book };
      }
      // Synchronous mutations all land in the next flush: exactly one diff per changed market.
      const touched = MARKETS.filter(() => rand() < 0.7);
      for (const { symbol } of touched) mutate(symbol, 1 + int(25));
      for (const meta of touched) {
        const book = books.get(meta.symbol) as ClientBook;
        book.diff(await first.expect<DepthDiffFrame>('diff', `depth:${meta.symbol}`));
        expect(book.flat()).toEqual(wireBook(source, meta));
      }
      if (late && touched.includes(btc)) {
        late.book.diff(await late.client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT'));
        expect(late.book.flat()).toEqual(wireBook(source, btc));
      }
    }
    expect(first.on('depth:BTC/USDT').filter((f) => f.kind === 'diff').length).toBeGreaterThan(30);
    await first.close();
    await late?.client.close();
  });

  it('sends a changed-and-restored level with its final volume', async () => {
    const client = await TestClient.open(server.url);
    client.send({ op: 'sub', ch: ['depth:ETH/BTC'] });
    const book = new ClientBook(MARKETS[1] as MarketMeta);
    book.snapshot(await client.expect<DepthSnapshotFrame>('snapshot', 'depth:ETH/BTC'));
    source.setLevel('ETH/BTC', 2, 20_000, 5_000);
    source.setLevel('ETH/BTC', 2, 20_000, 7_000);
    source.setLevel('ETH/BTC', 2, 20_000, 0);
    source.setLevel('ETH/BTC', 1, 9_000, 1_500);
    const diff = await client.expect<DepthDiffFrame>('diff', 'depth:ETH/BTC');
    expect(diff.asks).toEqual([0.02, 0]);
    expect(diff.bids).toEqual([0.009, 1.5]);
    book.diff(diff);
    await client.close();
  });

  it('answers a repeated sub with a fresh snapshot at the current seq, which is how a client resyncs', async () => {
    const client = await TestClient.open(server.url);
    client.send({ op: 'sub', ch: ['depth:BTC/USDT'] });
    const first = await client.expect<DepthSnapshotFrame>('snapshot', 'depth:BTC/USDT');
    mutate('BTC/USDT', 5);
    const diff = await client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT');
    expect(diff.seq).toBe(first.seq + 1);
    mutate('BTC/USDT', 5);
    client.send({ op: 'sub', ch: ['depth:BTC/USDT'] });
    // Pending changes are flushed before the snapshot, so the snapshot's seq is that diff's.
    const pending = await client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT');
    const again = await client.expect<DepthSnapshotFrame>('snapshot', 'depth:BTC/USDT');
    expect(pending.seq).toBe(diff.seq + 1);
    expect(again.seq).toBe(pending.seq);
    const book = new ClientBook(MARKETS[0] as MarketMeta);
    book.snapshot(again);
    expect(book.flat()).toEqual(wireBook(source, MARKETS[0] as MarketMeta));
    await client.close();
  });
});
