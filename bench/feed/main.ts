/**
 * bench/feed — does the live feed look live (issue 22 item 4)? The real server (the simulator, the exchange, market
 * data and the gateway, as `npm start` runs them) in a fresh process on a fresh data folder, and a client on its real
 * socket holding the ticker and the depth and trades of a few markets: depth diffs and trades a second per market, the
 * busiest second (bursts), sequence gaps, and what it costs the server (CPU, event-loop busy share, a 10 ms timer's
 * lateness, the round trip of a ping). Side by side in one run, at each --rates:
 * - tickstream: the simulator and gateway as they are;
 * - baseline: the flow they had before (baseline.ts: a step every 250 ms, takers 3 / 1 / 0.5 a second, no quote
 *   updates, a 50 ms flush), through the same code.
 * vs_baseline: tickstream ÷ baseline of the same rate.
 * Run: npm run bench -- feed [--seconds 30] [--warmup 10] [--rates 1,10] [--impl tickstream,baseline] [--flush ms]
 * [--repeat 1] [--markets BTC/USDT,ETH/USDT,…] [--profile DIR] [--json]. `--flush` sets TICKSTREAM_FLUSH_MS for
 * tickstream (default: its own); `--repeat n` runs every pair n times, interleaved, and reports the median of each
 * figure; `--profile DIR` writes a V8 CPU profile of each server process there.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import { flag, median, option, type Row, report } from '../report.ts';
import { FeedClient, type FeedFigures, type MarketFigures } from './client.ts';
import { type Impl, type ServerFigures, serve } from './server.ts';

const IMPLS: readonly Impl[] = ['baseline', 'tickstream'];
const SECONDS = option('seconds', 30);
const WARMUP = option('warmup', 10);
const DEFAULT_MARKETS = 'BTC/USDT,ETH/USDT,SOL/USDT,DOGE/USDT,ETH/BTC,BTC/USDT:USDT';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  impl: Impl;
  rate: number;
  feed: FeedFigures;
  server: ServerFigures;
}

/** The next JSON line the child prints. */
async function nextJson<T>(lines: Interface, child: ChildProcess): Promise<T> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`exit ${code}`))));
  const line = new Promise<T>((resolve) => {
    const onLine = (text: string) => {
      if (!text.startsWith('{')) return;
      lines.off('line', onLine);
      resolve(JSON.parse(text) as T);
    };
    lines.on('line', onLine);
  });
  return Promise.race([line, exited]);
}

/** One server in its own process, measured from outside (the feed) and inside (its cost). */
async function measure(impl: Impl, rate: number, markets: readonly string[]): Promise<Run> {
  const flush = impl === 'tickstream' ? flag('flush') : null;
  const args = [process.argv[1] as string, '--child', impl, '--rate', String(rate)];
  if (flush !== null) args.push('--flush', flush);
  // node --cpu-prof: to see what holds the server's event loop.
  const profile = flag('profile');
  const execArgv = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...execArgv, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  try {
    const { port } = await nextJson<{ port: number }>(lines, child);
    const client = await FeedClient.open(port, markets);
    await sleep(WARMUP * 1000);
    child.stdin?.write('start\n');
    client.start();
    await sleep(SECONDS * 1000);
    const feed = client.stop();
    child.stdin?.write('stop\n');
    const server = await nextJson<ServerFigures>(lines, child);
    await new Promise((resolve) => child.once('exit', resolve));
    return { impl, rate, feed, server };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

/** Every figure of several runs of one implementation and rate: its median. */
function medianRun(runs: readonly Run[]): Run {
  const first = runs[0] as Run;
  const mid = <T extends object>(items: readonly T[]): T => {
    const out = { ...(items[0] as T) } as Record<string, unknown>;
    for (const key of Object.keys(out)) {
      if (typeof out[key] === 'number')
        out[key] = median(items.map((x) => (x as Record<string, number>)[key] as number));
    }
    return out as T;
  };
  const markets = first.feed.markets.map((_, i) => mid(runs.map((r) => r.feed.markets[i] as MarketFigures)));
  return { ...first, feed: { ...mid(runs.map((r) => r.feed)), markets }, server: mid(runs.map((r) => r.server)) };
}

function rows(runs: readonly Run[]): Row[] {
  return runs.flatMap((run) => {
    const base = runs.find((r) => r.impl === 'baseline' && r.rate === run.rate && r !== run);
    const common = { rate: run.rate, flush_ms: run.server.flushMs, seconds: SECONDS };
    const row = (metric: string, value: number, unit: string, extra: Record<string, string | number> = {}): Row => ({
      bench: 'feed',
      metric,
      value: Number(value.toFixed(2)),
      unit,
      impl: run.impl,
      ...common,
      ...extra,
    });
    const perMarket = run.feed.markets.flatMap((m) => {
      const old = base?.feed.markets.find((b) => b.market === m.market);
      const vs = (now: number, before: number | undefined) =>
        before !== undefined && before > 0 ? { vs_baseline: Number((now / before).toFixed(2)) } : {};
      const market = { market: m.market };
      return [
        row('diffs_per_s', m.diffsPerS, '1/s', { ...market, ...vs(m.diffsPerS, old?.diffsPerS) }),
        row('diffs_max_s', m.diffsMaxS, '1/s', market),
        row('trades_per_s', m.tradesPerS, '1/s', { ...market, ...vs(m.tradesPerS, old?.tradesPerS) }),
        row('trades_max_s', m.tradesMaxS, '1/s', market),
        row('quiet_seconds', m.quietPct, '%', market),
        row('seq_gaps', m.seqGaps, 'count', market),
        row('mid_vol_per_s', m.midVolBp, 'bp', market),
        row('mid_range', m.midRangeBp, 'bp', market),
      ];
    });
    const s = run.server;
    return [
      ...perMarket,
      row('ticker_frames_per_s', run.feed.tickerPerS, '1/s'),
      row('server_cpu', s.cpuPct, '%'),
      row('event_loop_busy', s.eluPct, '%'),
      row('timer_lag_p99', s.lagP99, 'ms'),
      row('timer_lag_max', s.lagMax, 'ms'),
      row('stalls_over_50ms', s.stallsOver50, 'count'),
      row('ping_p99', run.feed.pingP99, 'ms'),
      row('ping_max', run.feed.pingMax, 'ms'),
      row('frame_delay_p99', run.feed.delayP99, 'ms'),
      row('engine_orders_per_s', s.ordersPerS, '1/s'),
      row('engine_trades_per_s', s.tradesPerS, '1/s'),
    ];
  });
}

/** The human table: one line per run and market, then one per run for the server. */
function table(runs: readonly Run[]): void {
  const pad = (cells: (string | number)[]) =>
    cells.map((c, i) => String(c).padEnd(i === 0 ? 18 : i === 1 ? 14 : 9)).join(' ');
  const fixed = (n: number) => n.toFixed(1);
  process.stdout.write('\nfeed (per market)\n');
  const head = ['impl @ rate', 'market', 'diffs/s', 'max/s', 'trades/s', 'max/s', 'quiet %', 'gaps'];
  process.stdout.write(`  ${pad([...head, 'mid vol bp/s', 'range bp'])}\n`);
  for (const r of runs) {
    for (const m of r.feed.markets) {
      const cells = [`${r.impl} @ ${r.rate}`, m.market, fixed(m.diffsPerS), m.diffsMaxS, fixed(m.tradesPerS)];
      const more = [m.tradesMaxS, fixed(m.quietPct), m.seqGaps, fixed(m.midVolBp), fixed(m.midRangeBp)];
      process.stdout.write(`  ${pad([...cells, ...more])}\n`);
    }
  }
  process.stdout.write('\nfeed (server)\n');
  const server = ['impl @ rate', 'flush ms', 'cpu %', 'loop %', 'lag p99', 'lag max', '>50ms', 'ping p99', 'ping max'];
  process.stdout.write(`  ${pad([...server, 'delay p99', 'ticker/s', 'orders/s', 'trades/s'])}\n`);
  for (const r of runs) {
    const s = r.server;
    const cells = [`${r.impl} @ ${r.rate}`, s.flushMs, fixed(s.cpuPct), fixed(s.eluPct), fixed(s.lagP99)];
    const more = [fixed(s.lagMax), s.stallsOver50, fixed(r.feed.pingP99), fixed(r.feed.pingMax)];
    const feed = [fixed(r.feed.delayP99), fixed(r.feed.tickerPerS), fixed(s.ordersPerS), fixed(s.tradesPerS)];
    process.stdout.write(`  ${pad([...cells, ...more, ...feed])}\n`);
  }
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const flush = flag('flush');
  await serve(process.argv[childAt + 1] as Impl, option('rate', 1), flush === null ? null : Number(flush));
} else {
  const rates = (flag('rates') ?? '1,10').split(',').map(Number);
  const impls = (flag('impl')?.split(',') ?? IMPLS) as Impl[];
  for (const impl of impls) if (!IMPLS.includes(impl)) throw new Error(`--impl: one of ${IMPLS.join(', ')}`);
  const markets = (flag('markets') ?? DEFAULT_MARKETS).split(',');
  const passes: Run[][] = [];
  // Passes interleave the implementations, so a busy spell of the shared machine falls on both alike.
  for (let pass = 0; pass < option('repeat', 1); pass++) {
    const runs: Run[] = [];
    for (const rate of rates) for (const impl of impls) runs.push(await measure(impl, rate, markets));
    passes.push(runs);
  }
  const runs = (passes[0] as Run[]).map((_, i) => medianRun(passes.map((p) => p[i] as Run)));
  if (process.argv.includes('--json')) report(rows(runs));
  else table(runs);
}
