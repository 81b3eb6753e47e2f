/**
 * What a tab's data worker and the socket hub say over the port between them: the worker's feed opens, uses and
 * closes virtual sockets (numbered by the worker), and the hub passes each turn's server frames on in one buffer.
 */
import type { ChannelFrame } from '../feed/channels.ts';

/** A tab's data worker → the hub. */
export type TabMessage =
  | { op: 'open'; socket: number }
  /** A client frame's bytes (msgpack, common/protocol.ts ClientFrame). */
  | { op: 'send'; socket: number; data: ArrayBuffer | Uint8Array }
  | { op: 'close'; socket: number }
  /** The tab is still there: a hub drops a tab it has not heard from for {@link TAB_IDLE_MS}. */
  | { op: 'alive' };

/** The hub → a tab's data worker. */
export type HubMessage =
  | { op: 'open'; socket: number }
  /** Server frames in arrival order, packed by {@link packFrames}. */
  | { op: 'frames'; socket: number; frames: ArrayBuffer }
  | { op: 'close'; socket: number; code: number; reason: string }
  /** The hub is still there (every {@link HUB_ALIVE_MS}): a worker that stops hearing it has it replaced. */
  | { op: 'alive' };

export const HUB_ALIVE_MS = 1000;
export const TAB_ALIVE_MS = 5000;
export const TAB_IDLE_MS = 15_000;

/** What the hub and a worker use of a MessagePort (a fake one in tests). */
export interface HubPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** Frames in one buffer: their count, the offsets of each (count + 1 of them, from the buffer's start), the bytes. */
export function packFrames(frames: readonly Uint8Array[]): ArrayBuffer {
  const head = 4 * (frames.length + 2);
  let size = head;
  for (const frame of frames) size += frame.byteLength;
  const buffer = new ArrayBuffer(size);
  const index = new Uint32Array(buffer, 0, frames.length + 2);
  const bytes = new Uint8Array(buffer);
  index[0] = frames.length;
  let at = head;
  frames.forEach((frame, i) => {
    index[i + 1] = at;
    bytes.set(frame, at);
    at += frame.byteLength;
  });
  index[frames.length + 1] = at;
  return buffer;
}

/** The frames of a {@link packFrames} buffer, as views into it; empty for a buffer of the wrong shape. */
export function unpackFrames(buffer: ArrayBuffer): Uint8Array[] {
  if (buffer.byteLength < 8) return [];
  const count = new Uint32Array(buffer, 0, 1)[0] as number;
  if (4 * (count + 2) > buffer.byteLength) return [];
  const index = new Uint32Array(buffer, 0, count + 2);
  const frames: Uint8Array[] = [];
  for (let i = 1; i <= count; i++) {
    const from = index[i] as number;
    const to = index[i + 1] as number;
    if (from > to || to > buffer.byteLength) return [];
    frames.push(new Uint8Array(buffer, from, to - from));
  }
  return frames;
}

const utf8 = new TextEncoder();

/**
 * A `sub` or `unsub` frame as msgpack (a map of `op` and `ch`), what the gateway decodes: the hub's only client frames
 * of its own, packed here so that its bundle carries no msgpack library.
 */
export function packChannelFrame(frame: ChannelFrame): Uint8Array {
  const parts: number[] = [0x82];
  const str = (text: string) => {
    const bytes = utf8.encode(text);
    if (bytes.length < 32) parts.push(0xa0 | bytes.length);
    else if (bytes.length < 256) parts.push(0xd9, bytes.length);
    else parts.push(0xda, bytes.length >> 8, bytes.length & 0xff);
    for (const byte of bytes) parts.push(byte);
  };
  str('op');
  str(frame.op);
  str('ch');
  const n = frame.ch.length;
  if (n < 16) parts.push(0x90 | n);
  else parts.push(0xdc, n >> 8, n & 0xff);
  for (const ch of frame.ch) str(ch);
  return Uint8Array.from(parts);
}
