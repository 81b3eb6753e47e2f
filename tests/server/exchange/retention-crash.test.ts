import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Side } from '../../../common/trading.ts';
import { openDatabase, sqliteOf } from '../../../server/db/database.ts';
import type { Sqlite } from '../../../server/db/schema.ts';
import { Retention } from '../../../server/exchange/retention.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { bundleForNode } from '../process.ts';
import {
  apply,
  churn,
  closeHistory,
  type History,
  type Kept,
  kept,
  lineCount,
  openHistory,
  reopen,
  SYMBOLS,
} from './retention-fixture.ts';

const root = join(import.meta.dirname, '../../..');
const CLEAN = { unbalancedTxns: [], mismatches: [], negative: [] };

interface Before {
  kept: Kept;
  lines: number;
  book: unknown;
  balances: unknown;
}

function state(h: History) {
  return {
    book: SYMBOLS.map((s) => [h.exchange.engine.book(s)?.bids.flat([]), h.exchange.engine.book(s)?.asks.flat([])]),
    balances: [...h.bots, ...h.users].map((id) => h.exchange.accounts.balance(id, 'USDT')),
  };
}

function dump(sqlite: Sqlite) {
  return ['ledger_entries', 'spot_orders', 'spot_trades'].map((t) =>
    sqlite.prepare(`select * from ${t} order by id`).all(),
  );
}

describe('retention killed with SIGKILL', () => {
  let source: string;
  let child: string;
  let bots: number[];
  let users: readonly number[];
  let before: Before;
  beforeAll(async () => {
    child = await bundleForNode(join(import.meta.dirname, 'retention-crash-child.ts'), 'retention-crash');
    const h = await openHistory();
    source = h.dir;
    bots = [...h.bots];
    users = h.users;
    await churn(h, 40);
    // Users trade with the bots and with each other, and take orders back.
    for (let i = 0; i < 30; i++) {
      await apply(h, {
        bot: i % 3 !== 0,
        who: i,
        market: i >> 1,
        kind: i % 5 === 4 ? 'cancel' : 'limit',
        side: i % 2 === 0 ? Side.buy : Side.sell,
        offset: ((i * 7) % 21) - 10,
        lots: 300 + i * 10,
        pick: i,
      });
    }
    h.exchange.close();
    before = { kept: kept(h), lines: lineCount(h), ...state(h) };
    // One file to copy: everything checkpointed out of the WAL.
    h.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await h.db.destroy();
  }, 60_000);
  /** The tables after the first `steps` steps of the child's run, taken here on a copy without a crash. */
  async function afterSteps(steps: number) {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-retention-ref-'));
    copyFileSync(join(source, 'tickstream.db'), join(dir, 'tickstream.db'));
    const db = await openDatabase(dir);
    const retention = new Retention(sqliteOf(db), new Set(bots), { sliceRows: 20, keepBotTrades: 0 });
    for (const _ of retention.steps(1));
    const run = retention.steps(2);
    for (let i = 0; i < steps; i++) run.next();
    const tables = dump(sqliteOf(db));
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
    return tables;
  }
  afterAll(() => {
    rmSync(source, { recursive: true, force: true });
    rmSync(child, { force: true });
  });

  const cases = [
    { mode: 'between', killAt: 1 },
    { mode: 'between', killAt: 7 },
    { mode: 'inside', killAt: 3 },
    { mode: 'inside', killAt: 6 },
  ] as const;
  for (const { mode, killAt } of cases) {
    it(`loses nothing and stays consistent when killed ${mode} step ${killAt}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tickstream-retention-crash-'));
      copyFileSync(join(source, 'tickstream.db'), join(dir, 'tickstream.db'));
      const result = spawnSync(process.execPath, [child], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, BOTS: JSON.stringify(bots), KILL_AT: String(killAt), MODE: mode },
        encoding: 'utf8',
      });
      expect(result.signal).toBe('SIGKILL');

      const db = await openDatabase(dir);
      const disk = { dir, db, sqlite: sqliteOf(db), bots: new Set(bots), users, now: 0, fold: false };
      // Exactly the steps that committed are on disk: a step killed before its commit left nothing (it had something
      // to change: its tables differ from the ones before it).
      const committed = mode === 'between' ? killAt : killAt - 1;
      expect(dump(disk.sqlite)).toEqual(await afterSteps(committed));
      if (mode === 'inside') expect(await afterSteps(killAt)).not.toEqual(await afterSteps(committed));
      const h: History = Object.assign(disk, { exchange: await reopen(disk) });
      expect(kept(h)).toEqual(before.kept);
      expect(auditLedger(h.sqlite)).toEqual(CLEAN);
      expect(state(h)).toEqual({ book: before.book, balances: before.balances });

      // A restarted process finishes the job from what is on disk.
      const retention = new Retention(h.sqlite, h.bots, { sliceRows: 20, keepBotTrades: 0 });
      for (let i = 0; i < 2; i++) expect((await retention.run(1)).skipped).toBe(0);
      expect(kept(h)).toEqual(before.kept);
      expect(auditLedger(h.sqlite)).toEqual(CLEAN);
      expect(lineCount(h)).toBeLessThan(before.lines * 0.6);
      await closeHistory(h);
    });
  }
});
