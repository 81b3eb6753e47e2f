import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { parseClientFrame } from '../gateway/frames.ts';
import { hashToken } from './tokens.ts';

/** Close code sent to a socket whose session was ended (4000: the envelope code of a dead session). */
export const SESSION_ENDED_CLOSE = 4000;

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/**
 * Remembers which session token each market-data socket authenticated with, so that ending sessions (password change
 * or reset, logout) also closes their sockets: a dead session must not keep receiving private events.
 */
export class SocketSessions {
  readonly #byToken = new Map<string, Set<WebSocket>>();

  /** Watches every socket of the server for `auth` frames. */
  attach(server: WebSocketServer): void {
    server.on('connection', (socket: WebSocket) => {
      let current: string | null = null;
      socket.on('message', (data: RawData, isBinary: boolean) => {
        if (!isBinary) return;
        const frame = parseClientFrame(bytesOf(data));
        if (frame?.op !== 'auth') return;
        const tokenHash = hashToken(frame.token);
        if (current) this.#byToken.get(current)?.delete(socket);
        current = tokenHash;
        const set = this.#byToken.get(tokenHash) ?? new Set<WebSocket>();
        set.add(socket);
        this.#byToken.set(tokenHash, set);
      });
      socket.on('close', () => {
        if (!current) return;
        const set = this.#byToken.get(current);
        set?.delete(socket);
        if (set?.size === 0) this.#byToken.delete(current);
      });
    });
  }

  /** Closes the sockets of these sessions; returns how many were open. */
  close(tokenHashes: readonly string[]): number {
    let closed = 0;
    for (const hash of tokenHashes) {
      const set = this.#byToken.get(hash);
      if (!set) continue;
      this.#byToken.delete(hash);
      for (const socket of set) {
        closed += 1;
        socket.close(SESSION_ENDED_CLOSE, 'session ended');
      }
    }
    return closed;
  }
}
