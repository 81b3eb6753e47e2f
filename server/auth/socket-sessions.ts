/** Something bound to a session that can be ended: a market-data connection. */
export interface SessionBound {
  endSession(): void;
}

/** How long an ended session is remembered, so that an auth already looking it up cannot bind to it afterwards. */
const ENDED_MEMORY_MS = 60_000;

/**
 * Which live sessions the market-data sockets serve, so that ending a session (password change or reset, logout,
 * device revoke) also closes its sockets: a dead session must not keep receiving private events. The gateway binds a
 * socket only after its token was validated against the session table, never on the frame alone.
 */
export class SocketSessions {
  readonly #bySession = new Map<string, Set<SessionBound>>();
  /** Sessions ended recently, with the time they ended. */
  readonly #ended = new Map<string, number>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Files a socket under a validated session; false when that session was ended meanwhile (the socket must not). */
  bind(session: string, socket: SessionBound): boolean {
    if (this.#ended.has(session)) return false;
    const set = this.#bySession.get(session) ?? new Set<SessionBound>();
    set.add(socket);
    this.#bySession.set(session, set);
    return true;
  }

  unbind(session: string, socket: SessionBound): void {
    const set = this.#bySession.get(session);
    set?.delete(socket);
    if (set?.size === 0) this.#bySession.delete(session);
  }

  /** Ends the sockets of these sessions; returns how many were open. */
  close(sessions: readonly string[]): number {
    const now = this.clock();
    this.#forget(now);
    let closed = 0;
    for (const session of sessions) {
      // Re-inserted so that the map stays in end order.
      this.#ended.delete(session);
      this.#ended.set(session, now);
      const set = this.#bySession.get(session);
      if (!set) continue;
      this.#bySession.delete(session);
      for (const socket of set) {
        closed += 1;
        socket.endSession();
      }
    }
    return closed;
  }

  #forget(now: number): void {
    for (const [session, at] of this.#ended) {
      // Insertion order is end order, so the first recent one ends the sweep.
      if (now - at < ENDED_MEMORY_MS) break;
      this.#ended.delete(session);
    }
  }
}
