import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Sqlite } from './schema.ts';

/** The WAL pages after which the connection checkpoints by itself while no checkpoint thread runs (database.ts). */
export const AUTOCHECKPOINT_PAGES = 10_000;

/**
 * WAL pages past which the event loop's connection finishes a checkpoint itself, right after one of the thread's: see
 * {@link startCheckpoints}. The same size at which the connection checkpointed by itself before the thread (~40 MB).
 */
export const RESET_PAGES = AUTOCHECKPOINT_PAGES;

/** What one checkpoint reported (SQLite's `wal_checkpoint`): pages in the WAL and pages copied into the database. */
export interface CheckpointReport {
  busy: number;
  log: number;
  checkpointed: number;
  ms: number;
}

// A CommonJS worker with its own connection: it copies the WAL into the database file and syncs it, off the event
// loop. PASSIVE never takes the write lock, so the journal's commits go on meanwhile.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  const t0 = performance.now();
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ...r, ms: performance.now() - t0 });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointOptions {
  everyMs?: number;
  /** WAL pages past which the loop's connection catches up (default {@link RESET_PAGES}). */
  resetPages?: number;
  onReport?: (report: CheckpointReport) => void;
  onError: (error: unknown) => void;
}

/**
 * Moves the WAL checkpoints of `sqlite` to a worker thread (issue 17 item 10): done by the connection itself, a
 * checkpoint runs at the end of whichever commit fills the WAL and held the event loop for 60–130 ms every few
 * seconds at TICKSTREAM_SIM_RATE=10. `stop` ends the thread and gives the connection its own checkpoints back.
 *
 * SQLite writes the WAL from its start again only when a write begins with every frame checkpointed; with a commit
 * in nearly every turn, the thread's checkpoint always ends with frames written while it ran, so the WAL grew without
 * end (50 MB a second at TICKSTREAM_SIM_RATE=10). Once it is past `resetPages`, the loop's connection checkpoints
 * right after the thread's: between two of its own commits it copies only what the thread left (a few ms of writes)
 * and its next commit starts the WAL over.
 */
export function startCheckpoints(sqlite: Sqlite, options: CheckpointOptions): { stop(): Promise<void> } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: sqlite.name,
      everyMs: options.everyMs ?? 1000,
    },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  const restore = () => {
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  const catchUp = loopCheckpoint(sqlite, options.onError);
  const resetPages = options.resetPages ?? RESET_PAGES;
  worker.on('message', (message: CheckpointReport | { error: string }) => {
    if ('error' in message) {
      options.onError(new Error(`checkpoint: ${message.error}`));
      return;
    }
    options.onReport?.(message);
    if (message.log >= resetPages) catchUp();
  });
  // A thread that dies (its connection could not open) must not leave the WAL to grow without bound.
  worker.on('error', (error) => {
    restore();
    options.onError(error);
  });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Referenced again, so that the process waits for the thread's exit.
      worker.ref();
      worker.postMessage('stop');
      await exited;
      restore();
    },
  };
}

/** A checkpoint of the loop's own connection at the next turn that is not inside a transaction (at most one waits). */
function loopCheckpoint(sqlite: Sqlite, onError: (error: unknown) => void): () => void {
  let waiting = false;
  const attempt = () => {
    if (!sqlite.open) {
      waiting = false;
      return;
    }
    // A Kysely transaction holds the connection across awaits: a checkpoint inside it could not reach the end.
    if (sqlite.inTransaction) {
      setImmediate(attempt).unref();
      return;
    }
    waiting = false;
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      onError(error);
    }
  };
  return () => {
    if (waiting) return;
    waiting = true;
    setImmediate(attempt).unref();
  };
}
