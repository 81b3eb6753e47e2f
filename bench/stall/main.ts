/**
 * bench/stall — event-loop stalls of the exchange at work (issue 17 item 10; goal: none over 50 ms), side by side in
 * one run, each in a fresh process on a fresh data folder:
 * - tickstream: the server as it runs now: retention in steps of at most 1 000 rows, one per event-loop turn
 *   (server/exchange/retention.ts), the journal's projection in steps of 2 000 rows (journal.ts), WAL checkpoints on
 *   a thread of their own, finished on the loop once the WAL is past its bound (server/db/checkpoint.ts);
 * - baseline: the server as it was: exchange.sync() and one retention transaction over the whole period's churn
 *   (baseline.ts), every pending batch projected in one transaction, checkpoints at the end of the commit that fills
 *   the WAL;
 * - off: tickstream without retention — the floor of the rest (simulator, engine, journal commits, market data, GC).
 *   No published library does this job, so the floor stands in for a peer: ours should sit on it.
 * Each process runs what `npm start` runs on the event loop minus HTTP and sockets with no clients: the simulator at
 * --rate (TICKSTREAM_SIM_RATE), the exchange and its journal, market data. After the simulator's first ladders and
 * --warmup seconds, a 10 ms interval measures how late each tick comes for --seconds. Retention marks at once and
 * then runs every --every seconds (the server: 60 s), so a run folds one period's churn. vs_baseline: baseline ÷
 * impl, so > 1 means fewer or shorter stalls than the old server. `wal_largest` is the WAL file's largest size.
 * Run: npm run bench -- stall [--seconds 300] [--rate 10] [--every 60] [--warmup 5] [--impl tickstream,baseline,off]
 * [--json]. The default run takes about 3 × 5.5 minutes.
 * With --url http://host:port, it probes a running server from outside instead (http.ts): the answer time of
 * GET /health, back to back, for --seconds (start it with RATE_LIMIT=1000000: the probe asks ~100 times a second).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCheckpoints } from '../../server/db/checkpoint.ts';
import { openDatabase, sqliteOf } from '../../server/db/database.ts';
import { marketsRepository } from '../../server/exchange/catalogue.ts';
import { Exchange } from '../../server/exchange/index.ts';
import { openMarketData } from '../../server/exchange/market-data.ts';
import { Retention, scheduleRetention } from '../../server/exchange/retention.ts';
import { ensureSimUsers, type SimUsers, startSimulator } from '../../server/sim/index.ts';
import { option, type Row, report } from '../report.ts';
import { SyncRetention } from './baseline.ts';
import { probeServer } from './http.ts';
import { StallProbe, type StallSummary } from './probe.ts';

const IMPLS = ['tickstream', 'baseline', 'off'] as const;
type Impl = (typeof IMPLS)[number];

const SECONDS = option('seconds', 300);
const RATE = option('rate', 10);
const EVERY = option('every', Math.min(60, SECONDS / 2));
const WARMUP = option('warmup', 5);

/** One process's findings. */
interface Result extends StallSummary {
  impl: Impl;
  runs: number;
  /** The longest the retention held the event loop at once: its longest step, or the whole run for the baseline. */
  longestHoldMs: number;
  /** Rows folded or deleted by all runs. */
  removed: number;
  /** Simulator commands per second, to show each process carried the same load. */
  commandsPerS: number;
  /** The WAL file's largest size during the run (a WAL that never restarts grows with every commit). */
  walMb: number;
}

interface RunningRetention {
  windows: [number, number][];
  runs: number;
  longestHoldMs: number;
  removed: number;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startRetention(impl: Impl, exchange: Exchange, sqlite: ReturnType<typeof sqliteOf>, bots: SimUsers) {
  const r: RunningRetention = { windows: [], runs: 0, longestHoldMs: 0, removed: 0, stop: async () => {} };
  const everyMs = EVERY * 1000;
  if (impl === 'tickstream') {
    const retention = new Retention(sqlite, bots.ids);
    // The mark, so that the first run, one period in, folds a period's churn as every later run does.
    for (const _ of retention.steps(Date.now()));
    const scheduled = scheduleRetention(retention, {
      everyMs,
      clock: Date.now,
      onReport: (run) => {
        r.windows.push([performance.now() - run.ms, performance.now()]);
        r.runs++;
        r.longestHoldMs = Math.max(r.longestHoldMs, run.longestStepMs);
        r.removed += run.ledgerLines + run.orders + run.trades;
      },
      onError: (error) => {
        throw error;
      },
    });
    r.stop = () => scheduled.stop();
  } else if (impl === 'baseline') {
    const retention = new SyncRetention(sqlite, bots.ids);
    retention.run(Date.now());
    const timer = setInterval(() => {
      const start = performance.now();
      exchange.sync();
      const run = retention.run(Date.now());
      const end = performance.now();
      r.windows.push([start, end]);
      r.runs++;
      r.longestHoldMs = Math.max(r.longestHoldMs, end - start);
      r.removed += run.ledgerLines + run.orders + run.trades;
    }, everyMs);
    r.stop = async () => clearInterval(timer);
  }
  return r;
}

/** One implementation in this process: the exchange at work, probed. */
async function measure(impl: Impl): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-bench-stall-'));
  const db = await openDatabase(dir);
  const sqlite = sqliteOf(db);
  const bots = await ensureSimUsers(db, Date.now());
  const old = impl === 'baseline';
  const exchange = await Exchange.open(db, {
    clock: Date.now,
    isMarketMaker: (id) => bots.ids.has(id),
    ...(old ? { projectSliceRows: Number.POSITIVE_INFINITY } : {}),
  });
  const checkpoints = old ? null : startCheckpoints(sqlite, { onError: (error) => process.stderr.write(`${error}\n`) });
  const marketData = await openMarketData(db, marketsRepository(db), exchange, {
    clock: Date.now,
    onError: (error) => process.stderr.write(`market data: ${String(error)}\n`),
  });
  marketData.start();
  const sim = startSimulator(exchange, bots, { rate: RATE, clock: Date.now });
  await sim.ready;
  await sleep(WARMUP * 1000);
  const probe = new StallProbe();
  const before = sim.stats();
  probe.start();
  const retention = startRetention(impl, exchange, sqlite, bots);
  let walBytes = 0;
  const walTimer = setInterval(() => {
    walBytes = Math.max(walBytes, statSync(join(dir, 'tickstream.db-wal')).size);
  }, 1000);
  await sleep(SECONDS * 1000);
  clearInterval(walTimer);
  probe.stop();
  const after = sim.stats();
  await retention.stop();
  await sim.stop();
  exchange.close();
  marketData.stop();
  await checkpoints?.stop();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
  const commands = (s: typeof before) => s.placed + s.cancelled + s.takerOrders;
  return {
    impl,
    ...probe.summary(retention.windows),
    runs: retention.runs,
    longestHoldMs: retention.longestHoldMs,
    removed: retention.removed,
    commandsPerS: (commands(after) - commands(before)) / SECONDS,
    walMb: walBytes / 2 ** 20,
  };
}

/** Each implementation in a fresh process, so no heap, JIT or page cache carries over. */
function inChild(impl: Impl): Result {
  const args = [process.argv[1] as string, '--child', impl, ...process.argv.slice(2)];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const last = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !last.startsWith('{')) throw new Error(`stall: ${impl} failed (exit ${child.status})`);
  return JSON.parse(last) as Result;
}

function rows(results: readonly Result[]): Row[] {
  const base = results.find((r) => r.impl === 'baseline');
  const common = { rate: RATE, seconds: SECONDS, every_s: EVERY };
  return results.flatMap((r) => {
    const row = (metric: string, key: keyof Result, unit: string): Row => {
      const value = Number(r[key]);
      const vs = unit === 'ms' && base && r !== base && value > 0 ? Number(base[key]) / value : null;
      return {
        bench: 'stall',
        metric,
        value: Number(value.toFixed(1)),
        unit,
        impl: r.impl,
        ...(vs === null ? {} : { vs_baseline: Number(vs.toFixed(1)) }),
        ...common,
      };
    };
    const retention =
      r.impl === 'off'
        ? []
        : [
            row('max_stall_during_retention', 'maxInWindows', 'ms'),
            row('retention_longest_hold', 'longestHoldMs', 'ms'),
            row('retention_runs', 'runs', 'count'),
            row('rows_removed', 'removed', 'count'),
          ];
    return [
      row('max_stall', 'max', 'ms'),
      row('p99_stall', 'p99', 'ms'),
      row('p999_stall', 'p999', 'ms'),
      row('stalls_over_50ms', 'over50', 'count'),
      ...retention,
      row('sim_commands_per_s', 'commandsPerS', '1/s'),
      row('wal_largest', 'walMb', 'MB'),
    ];
  });
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const result = await measure(process.argv[childAt + 1] as Impl);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
const urlAt = process.argv.indexOf('--url');
if (urlAt >= 0) {
  const url = String(process.argv[urlAt + 1]);
  const s = await probeServer(url, SECONDS);
  const row = (metric: string, value: number, unit: string): Row => ({
    bench: 'stall',
    metric,
    value: Number(value.toFixed(1)),
    unit,
    impl: url,
    seconds: SECONDS,
  });
  report([
    row('max_answer', s.max, 'ms'),
    row('p99_answer', s.p99, 'ms'),
    row('p999_answer', s.p999, 'ms'),
    row('answers_over_50ms', s.over50, 'count'),
    row('answers', s.samples, 'count'),
  ]);
  process.exit(0);
}
const implAt = process.argv.indexOf('--impl');
const impls = implAt >= 0 ? (String(process.argv[implAt + 1]).split(',') as Impl[]) : [...IMPLS];
for (const impl of impls) if (!IMPLS.includes(impl)) throw new Error(`--impl: one of ${IMPLS.join(', ')}`);
if (EVERY >= SECONDS) process.stderr.write('stall: --every is not below --seconds: no retention run will fold\n');
report(rows(impls.map(inChild)));
