import { describe, expect, it } from 'vitest';
import type { Health, Snapshot, SnapshotBatch } from '../../../workers/api.ts';
import { after, BEFORE, packBatch, packInto, unpackBatch } from '../../../workers/packed/index.ts';

const health: Health = { feed: 'live', frameAge: 3, reconnects: 1, malformed: 2 };

/** An arena as the data plane makes it for views of `kinds`, and a view of `length` numbers cut from it at `at`. */
function arena(count: number, kinds: Snapshot['kind'][]) {
  const buffer = new ArrayBuffer(8 * (BEFORE + count + after(kinds)));
  const cut = (at: number, length: number) => new Float64Array(buffer, 8 * (BEFORE + at), length);
  return { buffer, cut };
}

/** What a batch reads as, its typed arrays as plain arrays. */
const plain = (b: SnapshotBatch) =>
  JSON.parse(JSON.stringify(b, (_, v) => (ArrayBuffer.isView(v) ? [...(v as Float64Array)] : v)));

describe('a batch packed in its one buffer', () => {
  it('unpacks as it was packed, every kind, health and extra', () => {
    const kinds: Snapshot['kind'][] = ['book', 'tickers', 'candles', 'mark', 'trades', 'user'];
    const { buffer, cut } = arena(16, kinds);
    new Float64Array(buffer).fill(1.5);
    const book = { status: 'resyncing' as const, seq: 12, resyncs: 3, duplicates: 4 };
    const user = { status: 'live' as const, seq: 9, resyncs: 2, duplicates: 1 };
    const batch: SnapshotBatch = {
      t: 42,
      seq: 7,
      views: [
        {
          id: 1,
          snapshot: {
            kind: 'book',
            bids: cut(0, 4),
            asks: cut(4, 4),
            ownBids: cut(8, 0),
            ownAsks: cut(8, 1),
            health: { ...health, book },
          },
        },
        { id: 2, snapshot: { kind: 'tickers', symbols: ['BTC/USDT', '比特币'], values: cut(9, 2), health } },
        {
          id: 3,
          snapshot: {
            kind: 'candles',
            candles: cut(11, 3),
            health: { ...health, feed: 'stale', history: { status: 'retrying', failures: 2 } },
          },
        },
        { id: 4, snapshot: { kind: 'mark', values: cut(14, 1), health: { ...health, feed: 'closed' } } },
        { id: 5, snapshot: { kind: 'trades', trades: cut(15, 1), health: { ...health, feed: 'connecting' } } },
        {
          id: 6,
          snapshot: {
            kind: 'user',
            orders: [{ orderId: 7, symbol: 'BTC/USDT' } as never],
            fills: [],
            balances: [],
            positions: [],
            swapOrders: [],
            plans: [],
            wallets: [],
            notices: [],
            health: { ...health, user },
          },
        },
      ],
    };
    const packed = packBatch(batch, buffer);
    expect(packed).not.toBeNull();
    expect(plain(unpackBatch(packed as ArrayBuffer))).toEqual(plain(batch));
  });

  it('packs a batch of books in place: no copy, its arrays views into the one buffer', () => {
    const { buffer, cut } = arena(8, ['book']);
    const bids = cut(0, 4).fill(3);
    const snapshot = { kind: 'book' as const, bids, asks: cut(4, 4), ownBids: cut(8, 0), ownAsks: cut(8, 0), health };
    expect(packBatch({ t: 1, seq: 0, views: [{ id: 1, snapshot }] }, buffer)).toBe(buffer);
    const got = unpackBatch(buffer).views[0]?.snapshot as { bids: Float64Array };
    expect(got.bids.buffer).toBe(buffer);
    expect([...got.bids]).toEqual([3, 3, 3, 3]);
  });

  it('refuses a batch whose arrays are elsewhere, or an arena without room (it then goes as objects)', () => {
    const { buffer } = arena(4, ['trades']);
    const elsewhere = { kind: 'trades' as const, trades: new Float64Array(4), health };
    expect(packBatch({ t: 1, seq: 0, views: [{ id: 1, snapshot: elsewhere }] }, buffer)).toBeNull();
    const bare = new Float64Array(4);
    const tight = { kind: 'trades' as const, trades: bare, health };
    expect(packBatch({ t: 1, seq: 0, views: [{ id: 1, snapshot: tight }] }, bare.buffer)).toBeNull();
    const odd = arena(4, ['trades']);
    const extra = { kind: 'trades' as const, trades: odd.cut(0, 4), health, more: odd.cut(0, 1) };
    expect(packBatch({ t: 1, seq: 0, views: [{ id: 1, snapshot: extra as never }] }, odd.buffer)).toBeNull();
  });

  it('packs in place into a larger block (a ring slot), its extras after the directory, unpacked where it is', () => {
    const block = new SharedArrayBuffer(8 * 64 + 8 * 256);
    const all = new Float64Array(block, 8 * 64, BEFORE + 2 + after(['tickers']));
    const values = all.subarray(BEFORE, BEFORE + 2).fill(4);
    const batch: SnapshotBatch = {
      t: 3,
      seq: 9,
      views: [{ id: 5, snapshot: { kind: 'tickers', symbols: ['ETH/USDT'], values, health } }],
    };
    const used = packInto(batch, all, 8 * 256);
    expect(used).toBe(all.byteLength + JSON.stringify({ 0: { symbols: ['ETH/USDT'] } }).length);
    const unpacked = unpackBatch(block, 8 * 64);
    expect(plain(unpacked)).toEqual(plain(batch));
    const got = unpacked.views[0]?.snapshot as { values: Float64Array };
    expect(got.values.buffer).toBe(block);
    expect(got.values.byteOffset).toBe(values.byteOffset);
    // No room for the extras: not packed.
    expect(packInto(batch, all, all.byteLength + 4)).toBeNull();
  });
});
