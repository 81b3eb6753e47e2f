/**
 * The bench's child process: the real server (server/app.ts with the simulator, the exchange, market data and the
 * gateway; no client files) on a fresh data folder, and what it costs. Commands come on stdin, one a line:
 * `start` begins the measured window, `stop` ends it, prints one JSON line of {@link ServerFigures} and exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { app, serverOptions } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { StallProbe } from '../stall/probe.ts';
import { OLD_FLOW, OLD_FLUSH_MS } from './baseline.ts';

/** One server's cost over the measured window. */
export interface ServerFigures {
  seconds: number;
  /** Process CPU (every thread: the event loop, SQLite's checkpoint thread, GC) in % of one core. */
  cpuPct: number;
  /** Share of the window the event loop was busy, in %. */
  eluPct: number;
  /** Lateness of a 10 ms timer: how long the loop was held. */
  lagP99: number;
  lagMax: number;
  stallsOver50: number;
  /** Engine events of every market: orders accepted or changed, trades. */
  ordersPerS: number;
  tradesPerS: number;
  /** The gateway's flush interval this server ran with. */
  flushMs: number;
}

export type Impl = 'tickstream' | 'baseline';

function configFor(impl: Impl, rate: number, dataDir: string, flushMs: number | null): Config {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    RATE_LIMIT: '1000000',
    TICKSTREAM_SIM_RATE: String(rate),
    ...(flushMs === null ? {} : { TICKSTREAM_FLUSH_MS: String(flushMs) }),
  });
  if (impl === 'tickstream') return config;
  // The runtime spreads simOptions into both simulators, so the old flow reaches them without a setting of its own.
  const simOptions = { ...config.simOptions, ...OLD_FLOW };
  return { ...config, simOptions, flushMs: flushMs ?? OLD_FLUSH_MS };
}

/** Boots the server, prints `{"port": n}`, then follows the commands on stdin. */
export async function serve(impl: Impl, rate: number, flushMs: number | null): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tickstream-bench-feed-'));
  const config = configFor(impl, rate, dir, flushMs);
  const db = await openDatabase(config.dataDir);
  const server = Fastify(serverOptions(config));
  await server.register(app, { config, db, onFatal: () => process.exit(70) });
  await server.listen({ port: 0, host: '127.0.0.1' });
  let orders = 0;
  let trades = 0;
  server.exchange.listen({
    market: (event) => {
      if (event.type === 'order') orders++;
      else if (event.type === 'trade') trades++;
    },
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);

  const probe = new StallProbe();
  let started = { at: 0, cpu: process.cpuUsage(), elu: performance.eventLoopUtilization(), orders: 0, trades: 0 };
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'start') {
      started = {
        at: performance.now(),
        cpu: process.cpuUsage(),
        elu: performance.eventLoopUtilization(),
        orders,
        trades,
      };
      probe.start();
    } else if (line === 'stop') {
      probe.stop();
      const seconds = (performance.now() - started.at) / 1000;
      const cpu = process.cpuUsage(started.cpu);
      const lag = probe.summary([]);
      const figures: ServerFigures = {
        seconds,
        cpuPct: ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
        eluPct: performance.eventLoopUtilization(started.elu).utilization * 100,
        lagP99: lag.p99,
        lagMax: lag.max,
        stallsOver50: lag.over50,
        ordersPerS: (orders - started.orders) / seconds,
        tradesPerS: (trades - started.trades) / seconds,
        flushMs: config.flushMs,
      };
      process.stdout.write(`${JSON.stringify(figures)}\n`);
      break;
    }
  }
  await server.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
