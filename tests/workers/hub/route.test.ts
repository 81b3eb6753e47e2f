import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../common/protocol.ts';
import { packFrame } from '../../../server/gateway/frames.ts';
import { decodeMsgpack } from '../../../workers/feed/index.ts';
import { routeOf } from '../../../workers/hub/route.ts';

const frames: ServerFrame[] = [
  { ch: 'depth:BTC/USDT', kind: 'diff', seq: 2, prevSeq: 1, t: 1, bids: [1, 2], asks: [], checksum: 7 },
  { ch: 'trades:比特币/USDT', kind: 'snapshot', t: 1, trades: [1, 1, 1, 1] },
  { ch: `candles:${'X'.repeat(40)}/USDT:M1`, kind: 'update', t: 1, candles: [] },
  { kind: 'heartbeat', t: 1 },
  { kind: 'subscribed', ch: ['ticker'], t: 1 },
  { kind: 'error', code: 'snapshot_limited', message: 'later', ch: 'depth:ETH/USDT', t: 1 },
] as ServerFrame[];

describe('routeOf: a server frame’s channel and kind', () => {
  it('reads what a whole decode reads, for every shape the gateway packs', () => {
    for (const frame of frames) {
      const bytes = new Uint8Array(packFrame(frame));
      const whole = decodeMsgpack(bytes) as { ch?: unknown; kind?: unknown };
      expect(routeOf(bytes)).toEqual({ ch: typeof whole.ch === 'string' ? whole.ch : null, kind: whole.kind });
    }
  });

  it('is null for bytes that do not decode', () => {
    expect(routeOf(new Uint8Array([0xc1]))).toBeNull();
    expect(routeOf(new Uint8Array([]))).toBeNull();
  });
});
