import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Sqlite } from './schema.ts';

/** The WAL pages after which the connection checkpoints by itself while no checkpoint thread runs (database.ts). */
export const AUTOCHECKPOINT_PAGES = 10_000;

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

/**
 * Moves the WAL checkpoints of `sqlite` to a worker thread (issue 17 item 10): done by the connection itself, a
 * checkpoint runs at the end of whichever commit fills the WAL and held the event loop for 60–130 ms every few
 * seconds at TICKSTREAM_SIM_RATE=10. `stop` ends the thread and gives the connection its own checkpoints back.
 */
export function startCheckpoints(
  sqlite: Sqlite,
  options: { everyMs?: number; onReport?: (report: CheckpointReport) => void; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
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
  worker.on('message', (message: CheckpointReport | { error: string }) => {
    if ('error' in message) options.onError(new Error(`checkpoint: ${message.error}`));
    else options.onReport?.(message);
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
