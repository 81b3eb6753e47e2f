import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { AUTOCHECKPOINT_PAGES } from './checkpoint.ts';
import { migrate } from './migrations/index.ts';
import type { Database, Db, Sqlite } from './schema.ts';

// The connection under each Kysely instance, for the hot paths (journal, candles) that use prepared statements.
const connections = new WeakMap<Db, Sqlite>();

/** The better-sqlite3 connection behind `db`; synchronous, so never use it between the awaits of a Kysely transaction. */
export function sqliteOf(db: Db): Sqlite {
  const sqlite = connections.get(db);
  if (!sqlite) throw new Error('not a database opened by openDatabase');
  return sqlite;
}

/**
 * Runs `write` without the fsync of its commit (synchronous=NORMAL for its span), for writes that are redone from what
 * is durable when a power cut loses them: the journal's projection, retention. The next synchronous commit syncs the
 * WAL with their pages in it; an application crash loses nothing either way (WAL).
 */
export function unsynchronized<T>(sqlite: Sqlite, write: () => T): T {
  const synchronous = Number(sqlite.pragma('synchronous', { simple: true }));
  sqlite.pragma('synchronous = normal');
  try {
    return write();
  } finally {
    sqlite.pragma(`synchronous = ${synchronous}`);
  }
}

/**
 * Opens (or creates) `tickstream.db` in `dataDir` and applies pending migrations.
 * WAL with synchronous=FULL: a committed transaction survives a crash or power loss.
 */
export async function openDatabase(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, 'tickstream.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The journal writes in large batches: a 64 MB page cache keeps the hot indexes in memory, and checkpoints every
  // ~40 MB of WAL instead of 4 MB spare the disk a copy per few batches. The running server moves them to a thread
  // (checkpoint.ts).
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  connections.set(db, sqlite);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
