import { afterEach, describe, expect, it } from 'vitest';
import type { DepthDiffFrame, DepthSnapshotFrame, ServerFrame } from '../../../common/protocol.ts';
import { FakeSource } from './fake-source.ts';
import { startServer, TestClient, type TestServer } from './harness.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const diffs = (client: TestClient): DepthDiffFrame[] =>
  client.on('depth:BTC/USDT').filter((f): f is DepthDiffFrame => f.kind === 'diff');

describe('flush interval', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function subscribed(flushMs: number): Promise<{ source: FakeSource; client: TestClient }> {
    const source = new FakeSource([{ symbol: 'BTC/USDT', priceScale: 2, amountScale: 4 }]);
    source.setLevel('BTC/USDT', 1, 9_999, 10);
    server = await startServer(source, { flushMs });
    const client = await TestClient.open(server.url);
    client.send({ op: 'sub', ch: ['depth:BTC/USDT'] });
    await client.expect<DepthSnapshotFrame>('snapshot', 'depth:BTC/USDT');
    return { source, client };
  }

  it('sends a change right after its turn once the interval has passed, and holds later ones till then', async () => {
    // A minute: nothing in this test waits for it, so the held changes must stay held.
    const { source, client } = await subscribed(60_000);
    source.setLevel('BTC/USDT', 1, 9_998, 5);
    const first = await client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT');
    expect(first.bids).toEqual([99.98, 0.0005]);
    source.setLevel('BTC/USDT', 1, 9_997, 7);
    await turn();
    source.setLevel('BTC/USDT', 2, 10_001, 3);
    // A round trip behind the changes: the diff would have come first.
    client.send({ op: 'ping', t: 1 });
    await client.expect<ServerFrame>('pong');
    expect(diffs(client)).toHaveLength(1);
    // A new subscriber's snapshot takes the held changes first, as one diff, so the stream stays contiguous.
    client.send({ op: 'sub', ch: ['depth:BTC/USDT'] });
    const held = await client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT');
    expect(held).toMatchObject({ seq: first.seq + 1, bids: [99.97, 0.0007], asks: [100.01, 0.0003] });
    await client.close();
  });

  it('sends the changes of separate turns as separate diffs when the interval is short', async () => {
    const { source, client } = await subscribed(1);
    for (let i = 0; i < 5; i++) {
      source.setLevel('BTC/USDT', 2, 10_000 + i, 1 + i);
      await client.expect<DepthDiffFrame>('diff', 'depth:BTC/USDT');
    }
    const seqs = diffs(client).map((d) => d.seq);
    expect(seqs).toHaveLength(5);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] as number) + i));
    await client.close();
  });
});
