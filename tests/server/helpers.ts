import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { app, serverOptions } from '../../server/app.ts';
import { ensureDemoAccount } from '../../server/auth/demo.ts';
import { usersRepository } from '../../server/auth/users-repository.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { Db } from '../../server/db/schema.ts';
import type { Exchange } from '../../server/exchange/index.ts';

export interface TestApp {
  server: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Moves the injected clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The real app on a real SQLite file in a temp folder, with the demo account and a movable clock. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: {
    dataDir?: string;
    /** Runs before the app is registered (an onRoute hook sees every route). */
    prepare?: (server: FastifyInstance) => void;
    extend?: (server: FastifyInstance) => void;
    realClock?: boolean;
  } = {},
): Promise<TestApp> {
  const { dataDir, extend } = options;
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'tickstream-test-'));
  const config: Config = {
    // The simulator would fill every book with its bots' orders; the tests that want it turn it on.
    ...loadConfig({ DATA_DIR: dir, CLIENT_DIR: 'none', LOG_LEVEL: 'silent', TICKSTREAM_SIM: 'off' }),
    ...overrides,
  };
  let now = Date.UTC(2026, 10, 22, 12);
  const db = await openDatabase(dir);
  if (!config.production) await ensureDemoAccount(db, now);
  const server = Fastify(serverOptions(config));
  options.prepare?.(server);
  // The simulator and the gateway's timers need time that moves by itself.
  await server.register(app, {
    config,
    db,
    clock: options.realClock ? Date.now : () => now,
    // Every success a test sees is held against its contract.
    checkResponses: true,
  });
  extend?.(server);
  await server.ready();
  return {
    server,
    db,
    dataDir: dir,
    advance(ms) {
      now += ms;
    },
    async close() {
      await server.close();
      await db.destroy();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user straight in the database (no sign-up yet); `passwordHash` "-" matches no password. */
export async function createUser(db: Db, username: string, passwordHash = '-'): Promise<number> {
  const user = await usersRepository(db).create({
    username,
    email: `${username}@example.com`,
    mobile: null,
    country: 'US',
    area_code: null,
    password_hash: passwordHash,
    kyc_two_code: null,
    created_at: 0,
    password_changed_at: 0,
  });
  return user.id;
}

/** Funds each user's contract wallet with 100 000 USDT (ledger units), through the ledger from a system account. */
export async function fundContractWallets(exchange: Exchange, userIds: readonly number[]): Promise<void> {
  const moves = userIds.map((userId) => ({
    from: { system: 'test' },
    to: { userId, wallet: 'contract' as const },
    coin: 'USDT',
    amount: 100_000_000_000,
    kind: 'transfer',
  }));
  await exchange.transact('fund', moves, () => undefined);
}
