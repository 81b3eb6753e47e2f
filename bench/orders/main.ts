/**
 * bench/orders — acknowledged spot orders per second over HTTP (issue 22 item 6; goal: ≥ 5 000/s from 20 local
 * clients with p99 ≤ 20 ms), side by side in one run, each row in a fresh process on a fresh data folder:
 * - tickstream: the server as `npm start` runs it (app plugin from source, simulator off unless --sim, request
 *   logs off, RATE_LIMIT at its maximum so the plugin runs but refuses nothing); 20 clients in this process, each
 *   posting `POST /exchange/order/add` (JSON, its own session token, one request in flight on a kept-alive
 *   connection) back to back;
 * - baseline: the same server with the journal as it was before issue 22 item 6: each turn's group commit synced on
 *   the event loop (synchronous=FULL), so no request is served while the disk syncs. The rest of the HTTP path is
 *   this server's (the session lookup and the security headers were made cheaper in the same change): the row
 *   isolates the journal; the server before the whole change is measured by running this bench at that commit;
 * - single (only with --impl): the baseline without group commit, one commit and fsync per order (maxBatch 1);
 * - engine: the same orders through the exchange without HTTP (matching, ledger, the journal as the server runs it;
 *   acknowledged once durable), 20 in flight as the clients ask, and 1 000 in flight (the burst bench/engine
 *   measures).
 * Orders fill against each other (even clients buy, odd ones sell, one price), so every one is frozen, matched and
 * settled. Reported: acknowledged orders/s, p50 / p99 / p99.9 latency (request start to end of answer), refusals,
 * CPU time per order of the process that runs the exchange (robust to a slow disk, unlike the rate), and for the HTTP
 * rows the clients' CPU time per order (they share the two cores) and the commands per journal commit.
 * Run: npm run bench -- orders [--seconds 10] [--warmup 2] [--clients 20] [--client http|fetch] [--sim]
 * [--impl tickstream,baseline,engine] [--rounds N] [--profile DIR] [--json]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { JournalTuning } from '../../server/exchange/runtime.ts';
import { flag, median, option, type Row, report } from '../report.ts';
import { load } from './clients.ts';
import { engineOnly } from './engine.ts';
import { type Summary, summarize } from './flow.ts';
import { type Closed, type Served, serve } from './server.ts';

const IMPLS = ['tickstream', 'baseline', 'single', 'engine'] as const;
type Impl = (typeof IMPLS)[number];
type HttpImpl = Exclude<Impl, 'engine'>;

const SECONDS = option('seconds', 10);
const WARMUP = option('warmup', 2);
const CLIENTS = option('clients', 20);
const SIM = process.argv.includes('--sim');
/** How each HTTP row's journal commits. */
const JOURNAL: Record<HttpImpl, JournalTuning> = {
  tickstream: {},
  baseline: { syncOnLoop: true },
  single: { syncOnLoop: true, maxBatch: 1 },
};

const CLIENT = flag('client') === 'fetch' ? 'fetch' : 'http';

/** Reads one JSON line from the child's stdout. */
function nextLine<T>(child: ChildProcess, lines: AsyncIterator<string>): Promise<T> {
  return lines.next().then((line) => {
    if (line.done) throw new Error(`orders: the server exited (${child.exitCode}) before answering`);
    return JSON.parse(line.value) as T;
  });
}

/** An HTTP row: the server in a child process, the clients here. */
async function overHttp(impl: HttpImpl): Promise<Summary> {
  const args = [process.argv[1] as string, '--child', impl, ...process.argv.slice(2)];
  // --profile DIR: a V8 CPU profile of the server process (node --cpu-prof), to see where a request's time goes.
  const profile = flag('profile');
  const execArgv = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...execArgv, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    const served = await nextLine<Served>(child, lines);
    const outcome = await load({
      port: served.port,
      tokens: served.tokens,
      warmup: WARMUP,
      seconds: SECONDS,
      client: CLIENT,
      onMeasure: () => child.stdin?.write('mark\n'),
    });
    child.stdin?.end();
    const { commits, cpuMs } = await nextLine<Closed>(child, lines);
    return { ...summarize(outcome), commits, cpuMs, commands: outcome.acknowledged + outcome.refused };
  } finally {
    if (child.exitCode === null) child.stdin?.end();
    await exited;
  }
}

function rows(impl: string, o: Summary, extra: Record<string, number | string> = {}): Row[] {
  const common = { clients: CLIENTS, seconds: SECONDS, sim: SIM ? 'on' : 'off', ...extra };
  const row = (metric: string, value: number, unit: string): Row => ({
    bench: 'orders',
    metric,
    value: Number(value.toFixed(unit === 'ms' ? 2 : unit === 'count' ? 1 : 0)),
    unit,
    impl,
    ...common,
  });
  const perCommit = o.commits ? [row('commands_per_commit', (o.commands ?? 0) / o.commits, 'count')] : [];
  // The exchange's process (the server, or the engine row's own): what an order costs it, whatever the disk does.
  const perOrder = (ms: number | undefined) => ((ms ?? 0) * 1000) / Math.max(1, o.acknowledged);
  const cpu = o.cpuMs ? [row('cpu_per_order', perOrder(o.cpuMs), 'µs')] : [];
  if (o.clientCpuMs) cpu.push(row('client_cpu_per_order', perOrder(o.clientCpuMs), 'µs'));
  return [
    row('acknowledged_per_s', o.acknowledged / o.seconds, '1/s'),
    row('p50_latency', o.p50, 'ms'),
    row('p99_latency', o.p99, 'ms'),
    row('p999_latency', o.p999, 'ms'),
    row('refused', o.refused, 'count'),
    ...perCommit,
    ...cpu,
  ];
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const impl = process.argv[childAt + 1] as Impl;
  if (impl === 'engine') {
    const inFlight = Number(flag('in-flight') ?? CLIENTS);
    // A user per command in flight: 50 lanes on one user piled up past the 500 open orders a user may keep, and the
    // refusals, answered at once, spun their lanes and starved the rest.
    const o = await engineOnly({ clients: Math.max(CLIENTS, inFlight), inFlight, warmup: WARMUP, seconds: SECONDS });
    process.stdout.write(`${JSON.stringify(summarize(o))}\n`);
  } else {
    await serve({ clients: CLIENTS, sim: SIM, journal: JOURNAL[impl] });
  }
  process.exit(0);
}

/** The engine rows, each in a fresh process too. */
async function engineRow(inFlight: number): Promise<Summary> {
  const args = [process.argv[1] as string, ...process.argv.slice(2), '--child', 'engine', '--in-flight', `${inFlight}`];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  return nextLine<Summary>(child, lines);
}

/** The median of each number over rounds (on a shared machine one slow round moves it least). */
function medianOf(runs: readonly Summary[]): Summary {
  const first = runs[0] as Summary;
  const out: Record<string, number> = {};
  for (const key of Object.keys(first) as (keyof Summary)[]) {
    out[key] = median(runs.map((r) => Number(r[key] ?? 0)));
  }
  return out as unknown as Summary;
}

const implText = flag('impl');
const impls = implText ? (implText.split(',') as Impl[]) : IMPLS.filter((impl) => impl !== 'single');
for (const impl of impls) if (!IMPLS.includes(impl)) throw new Error(`--impl: one of ${IMPLS.join(', ')}`);
// --rounds N: every row N times, in turn (a, b, c, a, b, c…), so that the host's load falls on all alike; medians.
const ROUNDS = option('rounds', 1);
const runs = new Map<string, { summaries: Summary[]; extra: Record<string, string> }>();
const add = (name: string, summary: Summary, extra: Record<string, string> = {}) => {
  const entry = runs.get(name) ?? { summaries: [], extra };
  entry.summaries.push(summary);
  runs.set(name, entry);
};
for (let round = 0; round < ROUNDS; round++) {
  for (const impl of impls) {
    if (impl === 'engine') {
      add(`engine (${CLIENTS} in flight)`, await engineRow(CLIENTS));
      add('engine (1000 in flight)', await engineRow(1000));
    } else add(`${impl} (HTTP)`, await overHttp(impl), { client: CLIENT });
  }
}
report([...runs].flatMap(([name, r]) => rows(name, medianOf(r.summaries), { ...r.extra, rounds: ROUNDS })));
