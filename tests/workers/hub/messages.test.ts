import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { decodeMsgpack } from '../../../workers/feed/index.ts';
import { packChannelFrame, packFrames, unpackFrames } from '../../../workers/hub/index.ts';

describe('the hub’s messages', () => {
  it('packs a turn’s frames into one buffer and reads them back as views into it', () => {
    const frames = [new Uint8Array([1, 2, 3]), new Uint8Array([]), new Uint8Array([9])];
    const buffer = packFrames(frames);
    expect(unpackFrames(buffer).map((f) => [...f])).toEqual([[1, 2, 3], [], [9]]);
    expect(unpackFrames(buffer)[0]?.buffer).toBe(buffer);
  });

  it('reads a buffer of the wrong shape as no frames', () => {
    expect(unpackFrames(new ArrayBuffer(3))).toEqual([]);
    const lying = new Uint32Array([1000, 0, 0]).buffer;
    expect(unpackFrames(lying)).toEqual([]);
    const backwards = new Uint32Array([1, 12, 8]).buffer;
    expect(unpackFrames(backwards)).toEqual([]);
  });

  it('packs sub and unsub frames as msgpack decodes them, long lists and names included', () => {
    const many = Array.from({ length: 40 }, (_, i) => `depth:COIN${i}/USDT`);
    const long = `candles:${'X'.repeat(40)}/USDT:M1`;
    const named = ['ticker', 'depth:比特币/USDT', long, 'y'.repeat(300)];
    for (const frame of [
      { op: 'sub' as const, ch: ['ticker'] },
      { op: 'unsub' as const, ch: many },
      { op: 'sub' as const, ch: named },
    ]) {
      const packed = packChannelFrame(frame);
      expect(decodeMsgpack(packed)).toEqual(frame);
      expect(new Packr({ useRecords: false }).unpack(packed)).toEqual(frame);
    }
  });
});
