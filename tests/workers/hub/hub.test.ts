import { describe, expect, it } from 'vitest';
import { HUB_ALIVE_MS } from '../../../workers/hub/index.ts';
import { type FakeTab, hubSetup } from './hub-setup.ts';

const snapshot = (ch: string, seq: number) => ({ ch, kind: 'snapshot', seq, t: 1 });
const diff = (ch: string, seq: number) => ({ ch, kind: 'diff', seq, prevSeq: seq - 1, t: 1 });
const seqs = (tab: FakeTab) => tab.frames().map((f) => `${f.kind}${f.seq ?? ''}`);

/** Two tabs whose sockets are open on the hub's one live connection. */
function twoTabs() {
  const setup = hubSetup();
  const [a, b] = [setup.tab(), setup.tab()];
  a.tell({ op: 'open', socket: 1 });
  b.tell({ op: 'open', socket: 7 });
  setup.socket().opened();
  return { ...setup, a, b };
}

describe('SocketHub: one connection for every tab', () => {
  it('opens one socket for every tab and tells each tab its socket is open once it is', () => {
    const { a, b } = twoTabs();
    expect(a.told).toEqual([{ op: 'open', socket: 1 }]);
    expect(b.told).toEqual([{ op: 'open', socket: 7 }]);
  });

  it('subscribes a channel once for the first tab, again for a later one, whose snapshot goes to it alone', async () => {
    const { a, b, socket, turn } = twoTabs();
    a.send(1, { op: 'sub', ch: ['depth:BTC/USDT'] });
    await turn();
    socket().frame(snapshot('depth:BTC/USDT', 10));
    socket().frame(diff('depth:BTC/USDT', 11));
    await turn();
    b.send(7, { op: 'sub', ch: ['depth:BTC/USDT'] });
    await turn();
    // Diffs the gateway flushes ahead of the new snapshot belong to the books that have one.
    socket().frame(diff('depth:BTC/USDT', 12));
    socket().frame(snapshot('depth:BTC/USDT', 12));
    socket().frame(diff('depth:BTC/USDT', 13));
    await turn();
    expect(socket().sent).toEqual([
      { op: 'sub', ch: ['depth:BTC/USDT'] },
      { op: 'sub', ch: ['depth:BTC/USDT'] },
    ]);
    expect(seqs(a)).toEqual(['snapshot10', 'diff11', 'diff12', 'diff13']);
    expect(seqs(b)).toEqual(['snapshot12', 'diff13']);
  });

  it('passes each turn’s frames to a tab in one message', async () => {
    const { a, socket, turn } = twoTabs();
    a.send(1, { op: 'sub', ch: ['trades:BTC/USDT'] });
    await turn();
    socket().frame(snapshot('trades:BTC/USDT', 1));
    socket().frame({ ch: 'trades:BTC/USDT', kind: 'update', seq: 2, t: 1 });
    socket().frame({ kind: 'heartbeat', t: 2 });
    await turn();
    expect(a.told.filter((m) => m.op === 'frames')).toHaveLength(1);
    expect(seqs(a)).toEqual(['snapshot1', 'update2', 'heartbeat']);
  });

  it('unsubscribes a channel when the last tab holding it lets it go, or its socket closes', async () => {
    const { a, b, socket, turn } = twoTabs();
    a.send(1, { op: 'sub', ch: ['ticker', 'trades:ETH/USDT'] });
    b.send(7, { op: 'sub', ch: ['ticker'] });
    await turn();
    a.send(1, { op: 'unsub', ch: ['ticker'] });
    await turn();
    b.tell({ op: 'close', socket: 7 });
    await turn();
    a.send(1, { op: 'unsub', ch: ['trades:ETH/USDT'] });
    await turn();
    expect(socket().sent).toEqual([
      { op: 'sub', ch: ['ticker', 'trades:ETH/USDT'] },
      { op: 'unsub', ch: ['ticker'] },
      { op: 'unsub', ch: ['trades:ETH/USDT'] },
    ]);
  });

  it('keeps the private channel’s frames going to every tab that holds it (no snapshot to wait for)', async () => {
    const { a, b, socket, turn } = twoTabs();
    a.send(1, { op: 'auth', token: 't' });
    a.send(1, { op: 'sub', ch: ['user'] });
    await turn();
    socket().frame({ ch: 'user', kind: 'order', seq: 1, t: 1, data: {} });
    b.send(7, { op: 'sub', ch: ['user'] });
    await turn();
    socket().frame({ ch: 'user', kind: 'order', seq: 2, t: 1, data: {} });
    await turn();
    expect(socket().sent[0]).toEqual({ op: 'auth', token: 't' });
    expect(seqs(a)).toEqual(['order1', 'order2']);
    expect(seqs(b)).toEqual(['order2']);
  });

  it('ignores what a closed or unknown socket sends and a client frame that does not decode', async () => {
    const { a, socket, turn } = twoTabs();
    a.send(2, { op: 'sub', ch: ['ticker'] });
    a.tell({ op: 'send', socket: 1, data: new Uint8Array([0xc1]) });
    await turn();
    expect(socket().sent).toEqual([]);
  });

  it('closes every tab’s socket when the connection drops, and opens a new one when a tab reconnects', async () => {
    const { a, b, socket, turn } = twoTabs();
    a.send(1, { op: 'sub', ch: ['ticker'] });
    await turn();
    socket().dropped(1006);
    expect(a.told.at(-1)).toEqual({ op: 'close', socket: 1, code: 1006, reason: '' });
    expect(b.told.at(-1)).toEqual({ op: 'close', socket: 7, code: 1006, reason: '' });
    a.tell({ op: 'open', socket: 2 });
    socket().opened();
    a.send(2, { op: 'sub', ch: ['ticker'] });
    await turn();
    expect(socket().sent).toEqual([{ op: 'sub', ch: ['ticker'] }]);
    expect(a.told.at(-1)).toEqual({ op: 'open', socket: 2 });
  });

  it('replaces a connection that went silent (half-open), and drops a tab it no longer hears from', async () => {
    const { hub, a, b, socket, scheduler, turn } = twoTabs();
    a.send(1, { op: 'sub', ch: ['ticker'] });
    await turn();
    const first = socket();
    for (let t = 0; t < 7; t++) {
      scheduler.advance(HUB_ALIVE_MS);
      b.tell({ op: 'alive' });
    }
    expect(first.readyState).toBe(3);
    expect(a.told).toContainEqual({ op: 'close', socket: 1, code: 4000, reason: 'no frames' });
    expect(b.told.filter((m) => m.op === 'alive').length).toBeGreaterThan(5);
    scheduler.advance(10 * HUB_ALIVE_MS);
    expect(hub.tabCount()).toBe(1);
  });
});
