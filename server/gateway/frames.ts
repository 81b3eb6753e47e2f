/**
 * Frame encoding of the market-data socket. Server frames are plain msgpack maps (no msgpackr records or extensions),
 * so any msgpack decoder reads them; numbers stay numbers (integers as msgpack ints, fractions as float64).
 */
import { Packr, Unpackr } from 'msgpackr';
import type { Lang } from '../../common/i18n.ts';
import { type ClientFrame, type ServerFrame, WS_LIMITS, type WsErrorCode } from '../../common/protocol.ts';
import { type MessageKey, translate } from '../errors/messages.ts';

// Records would make frames unreadable to plain msgpack clients and tie them to one connection's shared structures.
const packr = new Packr({ useRecords: false, variableMapSize: true });
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true });

/** A channel name longer than this cannot be one of ours; refusing it early keeps error frames small. */
export const MAX_CHANNEL_LENGTH = 64;
/** Session tokens are 256-bit base64url strings; anything far longer is not a token. */
export const MAX_TOKEN_LENGTH = 512;

/**
 * Packs a server frame once; the Buffer may be sent to any number of sockets. msgpackr hands out slices of a growing
 * slab and never writes over a slice it has returned, so the Buffer stays valid while ws queues it.
 */
export function packFrame(frame: ServerFrame): Buffer {
  return packr.pack(frame);
}

/** Decodes and checks a client frame; null for anything that is not exactly one of {@link ClientFrame}. */
export function parseClientFrame(bytes: Buffer): ClientFrame | null {
  let value: unknown;
  try {
    value = unpackr.unpack(bytes);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const frame = value as Record<string, unknown>;
  switch (frame.op) {
    case 'sub':
    case 'unsub': {
      const ch = frame.ch;
      // More channels than a connection may hold is never a valid request.
      if (!Array.isArray(ch) || ch.length > WS_LIMITS.maxSubscriptions) return null;
      for (const name of ch) {
        if (typeof name !== 'string' || name.length === 0 || name.length > MAX_CHANNEL_LENGTH) return null;
      }
      return { op: frame.op, ch: ch as string[] };
    }
    case 'auth': {
      const token = frame.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
      return { op: 'auth', token };
    }
    case 'ping': {
      const t = frame.t;
      if (typeof t !== 'number' || !Number.isFinite(t)) return null;
      return { op: 'ping', t };
    }
    default:
      return null;
  }
}

const ERROR_MESSAGES: Record<WsErrorCode, MessageKey> = {
  bad_frame: 'wsBadFrame',
  unknown_channel: 'wsUnknownChannel',
  too_many_subscriptions: 'wsTooManySubscriptions',
  message_too_large: 'wsMessageTooLarge',
  rate_limited: 'wsRateLimited',
  auth_required: 'wsAuthRequired',
  auth_failed: 'wsAuthFailed',
  snapshot_limited: 'wsSnapshotLimited',
};

/** An error frame with its message in the connection's language. */
export function packError(code: WsErrorCode, lang: Lang, t: number, ch?: string): Buffer {
  const message = translate(ERROR_MESSAGES[code], lang, {
    channel: ch ?? '',
    max: code === 'message_too_large' ? WS_LIMITS.maxMessageBytes : WS_LIMITS.maxSubscriptions,
  });
  return packFrame(ch === undefined ? { kind: 'error', code, message, t } : { kind: 'error', code, message, ch, t });
}
