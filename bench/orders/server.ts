import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Fastify from 'fastify';
import { app, serverOptions } from '../../server/app.ts';
import { hashToken, newToken, SESSION_TTL_MS } from '../../server/auth/tokens.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, sqliteOf } from '../../server/db/database.ts';
import type { JournalTuning } from '../../server/exchange/runtime.ts';
import { freshDir, fundedUsers } from './flow.ts';

/** What the parent reads from the server's first stdout line. */
export interface Served {
  port: number;
  tokens: string[];
}

/** What the parent reads from the server's last stdout line: journal commits and CPU time of the measured window. */
export interface Closed {
  commits: number;
  cpuMs: number;
}

/** Settings a row of the bench runs the server with, beside the environment `npm start` reads. */
export interface ServeOptions {
  clients: number;
  sim: boolean;
  journal: JournalTuning;
}

/**
 * The real server (the app plugin of `npm start`, from source) on 127.0.0.1 with a fresh data folder: RATE_LIMIT at
 * its maximum (20 clients on one address would spend the default 1 200 a minute in a blink; the plugin still runs),
 * request logs off as in production, `clients` users funded and signed in. Prints `{port, tokens}`; on the line
 * `mark` from stdin it notes the journal's sequence and its CPU time; when stdin ends it prints the commits and the
 * CPU time since, closes and exits (so it also stops when the bench dies).
 */
export async function serve(options: ServeOptions): Promise<void> {
  const dir = freshDir();
  const config = loadConfig({
    DATA_DIR: dir,
    CLIENT_DIR: 'none',
    LOG_LEVEL: 'warn',
    TICKSTREAM_SIM: options.sim ? 'on' : 'off',
    RATE_LIMIT: '1000000',
  });
  const db = await openDatabase(dir);
  const server = Fastify(serverOptions(config));
  await server.register(app, { config, db, journal: options.journal });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const ids = await fundedUsers(db, server.exchange, options.clients);
  const tokens: string[] = [];
  const now = Date.now();
  for (const userId of ids) {
    const token = newToken();
    await server.store.sessions.create({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
      ip: null,
      userAgent: null,
    });
    tokens.push(token);
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, tokens } satisfies Served)}\n`);

  const sqlite = sqliteOf(db);
  const seq = () =>
    (
      sqlite
        .prepare(
          'select max(coalesce((select max(seq) from journal), 0), (select projected from journal_state)) as seq',
        )
        .get() as { seq: number }
    ).seq;
  let marked = seq();
  let cpu = process.cpuUsage();
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line !== 'mark') return;
    marked = seq();
    cpu = process.cpuUsage();
  });
  await new Promise((resolve) => lines.once('close', resolve));
  const commits = seq() - marked;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  await server.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ commits, cpuMs } satisfies Closed)}\n`);
}
