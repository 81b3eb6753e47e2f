import { decodeMsgpack } from '../feed/msgpack.ts';

/** Where a server frame goes: its channel (null: every tab) and kind. */
export interface Route {
  ch: string | null;
  kind: unknown;
}

const utf8 = new TextDecoder();
const CH = [0xa2, 0x63, 0x68];
const KIND = [0xa4, 0x6b, 0x69, 0x6e, 0x64];

/**
 * A server frame's route. Every channel's frame starts with `ch`, then `kind` (server/gateway/frames.ts packs the
 * protocol's objects in that order), so those two are read off the front and the rest is left to the tab's feed, which
 * decodes it anyway; a frame that starts otherwise (heartbeats, acks, errors) is decoded whole. Null for bytes that do
 * not decode: every tab's feed counts them as malformed.
 */
export function routeOf(bytes: Uint8Array): Route | null {
  return leading(bytes) ?? decoded(bytes);
}

function leading(bytes: Uint8Array): Route | null {
  const first = bytes[0] as number;
  let at = (first & 0xf0) === 0x80 ? 1 : first === 0xde ? 3 : -1;
  if (at < 0 || !startsWith(bytes, at, CH)) return null;
  at += CH.length;
  const ch = str(bytes, at);
  if (ch === null || !startsWith(bytes, ch.end, KIND)) return null;
  const kind = str(bytes, ch.end + KIND.length);
  return kind === null ? null : { ch: ch.value, kind: kind.value };
}

function decoded(bytes: Uint8Array): Route | null {
  try {
    const frame = decodeMsgpack(bytes) as { ch?: unknown; kind?: unknown } | null;
    return { ch: typeof frame?.ch === 'string' ? frame.ch : null, kind: frame?.kind };
  } catch {
    return null;
  }
}

function startsWith(bytes: Uint8Array, at: number, prefix: readonly number[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

/** A msgpack string at `at` (fixstr, str8, str16) and where it ends; null for anything else or one cut short. */
function str(bytes: Uint8Array, at: number): { value: string; end: number } | null {
  const tag = bytes[at] as number;
  let start = at + 1;
  let length: number;
  if ((tag & 0xe0) === 0xa0) length = tag & 0x1f;
  else if (tag === 0xd9) length = bytes[start++] as number;
  else if (tag === 0xda) {
    length = ((bytes[start] as number) << 8) | (bytes[start + 1] as number);
    start += 2;
  } else return null;
  const end = start + length;
  if (Number.isNaN(length) || end > bytes.length) return null;
  return { value: utf8.decode(bytes.subarray(start, end)), end };
}
