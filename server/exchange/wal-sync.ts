import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import type { Sqlite } from '../db/schema.ts';

/**
 * The fsync of a synchronous=FULL commit, taken off the event loop. In WAL mode FULL differs from NORMAL only by the
 * sync of the WAL file at the end of each commit (with the default powersafe-overwrite VFS, no sector padding): so a
 * commit written at NORMAL and followed by an fdatasync of the WAL file is as durable as one written at FULL once that
 * fdatasync returns. Run by libuv off the event loop (its threadpool, or io_uring), the disk's wait no longer holds the
 * loop, and one sync covers every commit written before it started (issue 22 item 6: on the loop, a commit held it
 * 1–3 ms on this machine, and ten times that while other work loaded the disk).
 * Linux and macOS sync the file through any descriptor of it; SQLite keeps the WAL file (same inode) while the
 * connection is open.
 */
export class WalSync {
  private fd: number | null = null;
  private running = false;
  private closing = false;

  private constructor(private readonly path: string) {}

  /** The WAL of `sqlite`, or null when it has none to sync (an in-memory database, another journal mode). */
  static of(sqlite: Sqlite): WalSync | null {
    if (sqlite.memory || String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return null;
    return new WalSync(`${sqlite.name}-wal`);
  }

  /** Whether a sync is under way. */
  get busy(): boolean {
    return this.running;
  }

  /** Starts an fdatasync of everything written to the WAL so far; `done` gets its error or null. One at a time. */
  start(done: (error: Error | null) => void): void {
    if (this.running) throw new Error('a WAL sync is under way');
    let fd: number;
    try {
      fd = this.open();
    } catch (error) {
      queueMicrotask(() => done(error as Error));
      return;
    }
    this.running = true;
    fdatasync(fd, (error) => {
      this.running = false;
      if (this.closing) this.close();
      done(error);
    });
  }

  /** The same on the event loop (shutdown: everything written is durable when it returns). */
  syncNow(): void {
    fdatasyncSync(this.open());
  }

  /** Releases the descriptor (after the sync under way, if any); the next sync opens it again. */
  close(): void {
    this.closing = this.running;
    if (this.running || this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }

  private open(): number {
    // 'r+' never creates: the WAL exists once a commit was written to it.
    this.fd ??= openSync(this.path, 'r+');
    return this.fd;
  }
}
