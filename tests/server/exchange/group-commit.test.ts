import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderType, Side, TriggerType } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Db } from '../../../server/db/schema.ts';
import { PlanStatus } from '../../../server/engine/contracts/plans.ts';
import type { EngineEvent } from '../../../server/engine/engine.ts';
import { Exchange, type ExchangeOptions } from '../../../server/exchange/index.ts';
import { createUser, fundContractWallets } from '../helpers.ts';

/** The WAL's fdatasync (server/exchange/wal-sync.ts), held until the test lets it return, or failed. */
const disk = vi.hoisted(() => ({
  hold: false,
  fail: false,
  held: [] as (() => void)[],
  /** Syncs asked for, and done by the disk (returned or held). */
  syncs: 0,
  returned: 0,
}));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const fdatasync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    disk.syncs++;
    fs.fdatasync(fd, (error) => {
      disk.returned++;
      const settle = () =>
        done(disk.fail ? Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }) : error);
      if (disk.hold) disk.held.push(settle);
      else settle();
    });
  };
  return { ...fs, default: { ...fs, fdatasync }, fdatasync };
});

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  Object.assign(disk, { hold: false, fail: false, held: [], syncs: 0, returned: 0 });
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** From now on, a sync's return waits for the test. */
function holdSyncs(): void {
  Object.assign(disk, { hold: true, syncs: 0, returned: 0 });
}
/** Once the disk has done the syncs asked of it, lets them return (the next ones are held too while `hold`). */
async function settleHeld(): Promise<void> {
  while (disk.returned < disk.syncs) await new Promise((resolve) => setTimeout(resolve, 1));
  disk.syncs = 0;
  disk.returned = 0;
  for (const settle of disk.held.splice(0)) settle();
  await turn();
}
/** Stops holding syncs and lets the held ones return. */
async function release(): Promise<void> {
  disk.hold = false;
  await settleHeld();
}

async function open(options: Partial<ExchangeOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-group-'));
  dirs.push(dir);
  const db = await openDatabase(dir);
  dbs.push(db);
  const [a, b] = [await createUser(db, 'a'), await createUser(db, 'b')];
  const exchange = await Exchange.open(db, { clock: () => 1000, projectAfterMs: 3_600_000, ...options });
  await exchange.credit(a, 'USDT', 1_000_000_000_000, 'system:test', 't1', 'test');
  await exchange.credit(b, 'BTC', 1_000_000_000, 'system:test', 't2', 'test');
  const sqlite = sqliteOf(db);
  const commits = () => (sqlite.prepare('select max(seq) as seq from journal').get() as { seq: number }).seq;
  return { db, sqlite, exchange, a, b, commits };
}

/** `open` with both traders' contract wallets funded. */
async function withContractWallets() {
  const opened = await open();
  await fundContractWallets(opened.exchange, [opened.a, opened.b]);
  return opened;
}

const limit = (userId: number, side: Side, price = 5_000_000) =>
  ({ userId, symbol: 'BTC/USDT', side, type: OrderType.limit, price, quantity: 100 }) as const;

describe('group commit with the sync off the event loop', () => {
  it('writes the commands of one turn in one commit and acknowledges none before its sync returns', async () => {
    const { exchange, a, b, commits } = await open();
    const before = commits();
    holdSyncs();
    const acked: number[] = [];
    const placed = Array.from({ length: 20 }, (_, i) =>
      exchange.place(limit(i % 2 ? a : b, i % 2 ? Side.buy : Side.sell)).then((r) => {
        acked.push(i);
        return r;
      }),
    );
    await turn();
    await turn();
    // Written in one commit, its sync under way: nobody is told yet.
    expect(commits()).toBe(before + 1);
    expect(disk.syncs).toBe(1);
    expect(acked).toEqual([]);
    await release();
    const results = await Promise.all(placed);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(acked).toHaveLength(20);
    expect(commits()).toBe(before + 1);
  });

  it('gathers the turns that end while a sync runs into one commit, written once it returns', async () => {
    const { exchange, a, b, commits } = await open();
    const before = commits();
    holdSyncs();
    const first = exchange.place(limit(a, Side.buy, 4_000_000));
    await turn();
    expect(commits()).toBe(before + 1);
    // Three more turns while the first sync runs: they wait for it, and then go together.
    const later: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      later.push(exchange.place(limit(b, Side.sell, 6_000_000 + i)));
      await turn();
    }
    expect(commits()).toBe(before + 1);
    let laterAcked = false;
    void Promise.all(later).then(() => {
      laterAcked = true;
    });
    await settleHeld();
    await first;
    expect(commits()).toBe(before + 2);
    // Their own sync is held in turn: written is not acknowledged.
    expect(laterAcked).toBe(false);
    await release();
    await Promise.all(later);
    expect(commits()).toBe(before + 2);
  });

  it('acknowledges an order as its own command left it, not with fills of later commands not yet on disk', async () => {
    const { exchange, a, b } = await open();
    holdSyncs();
    const resting = exchange.place(limit(b, Side.sell));
    await turn();
    // Its batch is written and syncing; this fill goes into the next batch, which a crash now would lose.
    const taker = exchange.place(limit(a, Side.buy));
    await settleHeld();
    const ack = await resting;
    expect(ack.ack?.filled).toBe(0);
    expect(ack.ack?.remaining).toBe(100);
    // The live order has moved on: the engine's own state is not what the acknowledgement reports.
    expect(ack.ok && ack.order?.filled).toBe(100);
    await release();
    const fill = await taker;
    expect(fill.ack?.filled).toBe(100);
  });

  it('acknowledges a contract order as its own command left it, too', async () => {
    const { exchange, a, b } = await withContractWallets();
    const order = (userId: number, side: Side) =>
      exchange.swap.run((e) =>
        e.place({ userId, symbol: 'BTC/USDT', side, type: OrderType.limit, price: 950_000, volume: 100 }),
      );
    holdSyncs();
    const resting = order(b, Side.sell);
    await turn();
    const taker = order(a, Side.buy);
    await settleHeld();
    const ack = await resting;
    expect(ack.ack?.filled).toBe(0);
    expect(ack.ok && ack.order?.filled).toBe(100);
    await release();
    expect((await taker).ack?.filled).toBe(100);
  });

  it('acknowledges a contract plan as its own command left it, not as a later trigger changed it', async () => {
    const { exchange, a, b } = await withContractWallets();
    const { swap } = exchange;
    await swap.run((e) => e.setIndex('BTC/USDT', 950_000));
    await swap.run((e) =>
      e.place({ userId: b, symbol: 'BTC/USDT', side: Side.sell, type: OrderType.limit, price: 955_000, volume: 100 }),
    );
    holdSyncs();
    const planned = swap.run((e) =>
      e.placePlan({
        userId: a,
        symbol: 'BTC/USDT',
        side: Side.buy,
        type: OrderType.market,
        price: 0,
        volume: 100,
        triggerPrice: 955_000,
        triggerType: TriggerType.indexPrice,
        orderType: OrderType.market,
        orderPrice: 0,
      }),
    );
    await turn();
    // The index reaches the trigger in the next batch, still unsynced when the plan is acknowledged.
    const fired = swap.run((e) => e.setIndex('BTC/USDT', 955_000));
    await settleHeld();
    const ack = await planned;
    expect(ack.ackPlans.map((p) => p.status)).toEqual([PlanStatus.waiting]);
    expect(ack.ok && ack.plans?.map((p) => p.status)).toEqual([PlanStatus.triggered]);
    await release();
    await fired;
  });

  it('publishes a batch to the private channels only once it is durable', async () => {
    const { exchange, a, b } = await open();
    const published: EngineEvent[][] = [];
    exchange.listen({ committed: (events) => published.push([...events]) });
    holdSyncs();
    const placed = [exchange.place(limit(b, Side.sell)), exchange.place(limit(a, Side.buy))];
    await turn();
    await turn();
    expect(published).toEqual([]);
    await release();
    await Promise.all(placed);
    expect(published).toHaveLength(1);
    expect(published[0]?.some((e) => e.type === 'trade')).toBe(true);
  });

  it('acknowledges nothing when the sync fails: the commands reject and the owner is told to stop', async () => {
    const fatal: unknown[] = [];
    const { exchange, a } = await open({ onFatal: (error) => fatal.push(error) });
    disk.fail = true;
    const placed = exchange.place(limit(a, Side.buy));
    await expect(placed).rejects.toThrow(/EIO/);
    expect(fatal).toHaveLength(1);
    // Memory may be ahead of the disk now: nothing more is accepted until a restart recovers.
    await expect(exchange.place(limit(a, Side.buy))).rejects.toThrow(/EIO/);
  });

  it('at close, syncs on the loop whatever is written or queued, and acknowledges it', async () => {
    const { exchange, a, b, commits } = await open();
    const before = commits();
    holdSyncs();
    const first = exchange.place(limit(a, Side.buy, 4_000_000));
    await turn();
    const queued = exchange.place(limit(b, Side.sell, 6_000_000));
    exchange.close();
    expect(commits()).toBe(before + 2);
    await expect(Promise.all([first, queued])).resolves.toHaveLength(2);
    await release();
  });

  it('with syncOnLoop, commits and syncs in the turn, as before (the bench baseline)', async () => {
    const { exchange, a, commits } = await open({ syncOnLoop: true });
    const syncs = disk.syncs;
    const before = commits();
    const placed = await exchange.place(limit(a, Side.buy));
    expect(placed.ok).toBe(true);
    expect(commits()).toBe(before + 1);
    expect(disk.syncs).toBe(syncs);
  });
});
