import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Side } from '../../../common/trading.ts';
import { Retention } from '../../../server/exchange/retention.ts';
import { auditLedger } from '../../../server/ledger/audit.ts';
import { apply, type Command, type History, kept, openHistory, reopen, SYMBOLS } from './retention-fixture.ts';

const CLEAN = { unbalancedTxns: [], mismatches: [], negative: [] };

/** A retention run between commands: whole, or cut off after `crashAfter` steps and forgotten (a crash). */
interface Run {
  crashAfter: number | undefined;
  /** Project the journal first; without it, the newest batches reach the tables after the run. */
  sync: boolean;
}

const command: fc.Arbitrary<Command> = fc.record({
  bot: fc.constantFrom(true, true, false),
  who: fc.nat(3),
  market: fc.nat(1),
  kind: fc.constantFrom('limit', 'limit', 'market', 'cancel'),
  side: fc.constantFrom(Side.buy, Side.sell),
  offset: fc.integer({ min: -20, max: 20 }),
  lots: fc.integer({ min: 100, max: 5000 }),
  pick: fc.nat(20),
});
const run: fc.Arbitrary<Run> = fc.record({
  crashAfter: fc.option(fc.nat(8), { nil: undefined }),
  sync: fc.boolean(),
});
const action = fc.oneof({ arbitrary: command, weight: 4 }, { arbitrary: run, weight: 1 });

function book(h: History) {
  return SYMBOLS.map((s) => {
    const b = h.exchange.engine.book(s);
    return [b?.bids.flat([]), b?.asks.flat([])];
  });
}

function balances(h: History) {
  return [...h.bots, ...h.users].flatMap((id) => ['USDT', 'BTC', 'ETH'].map((c) => h.exchange.accounts.balance(id, c)));
}

/** Runs retention as `r` says and checks that it changed nothing it must keep; adds what it removed to `removed`. */
function retain(h: History, retention: Retention, r: Run, removed: Record<string, number>): void {
  if (r.sync) h.exchange.sync();
  const before = kept(h);
  const steps = retention.steps(h.now);
  for (let taken = 0; r.crashAfter === undefined || taken < r.crashAfter; taken++) {
    const step = steps.next();
    if (step.done) break;
    expect(step.value.skipped).toBe(false);
    removed[step.value.table] = (removed[step.value.table] ?? 0) + step.value.removed;
  }
  expect(kept(h)).toEqual(before);
  expect(auditLedger(h.sqlite)).toEqual(CLEAN);
}

describe('retention over random histories of users and bots', () => {
  it('never changes a user’s orders, trades, lines or any balance, and keeps every account’s sum', async () => {
    const removed: Record<string, number> = {};
    let crashes = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 10, maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 3 }),
        // Histories whose bot lines the journal folded as it wrote them (fold.ts) and ones written line by line.
        fc.boolean(),
        async (actions, sliceRows, keepBotTrades, fold) => {
          const h = await openHistory(undefined, fold);
          try {
            const options = { sliceRows, keepBotTrades };
            let retention = new Retention(h.sqlite, h.bots, options);
            for (const a of actions) {
              if ('kind' in a) {
                await apply(h, a);
                continue;
              }
              retain(h, retention, a, removed);
              if (a.crashAfter !== undefined) {
                // What a restarted process has: the disk, not the run's memory.
                crashes++;
                retention = new Retention(h.sqlite, h.bots, options);
              }
            }
            // Two whole runs fold everything a run old, then the exchange restarts to the same state.
            for (let i = 0; i < 2; i++) retain(h, retention, { crashAfter: undefined, sync: true }, removed);
            const state = { book: book(h), balances: balances(h) };
            h.exchange.close();
            h.exchange = await reopen(h);
            expect({ book: book(h), balances: balances(h) }).toEqual(state);
            h.exchange.accounts.assertConserved();
          } finally {
            h.exchange.close();
            await h.db.destroy();
            rmSync(h.dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 25 },
    );
    // Not vacuous: every kind of row went, and runs were cut off part-way.
    expect(removed.ledger_entries).toBeGreaterThan(100);
    expect(removed.spot_orders).toBeGreaterThan(10);
    expect(removed.spot_trades).toBeGreaterThan(0);
    expect(crashes).toBeGreaterThan(5);
  }, 120_000);
});
