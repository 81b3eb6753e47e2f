/**
 * depth-decode: diff frames per second decoded from the bytes the gateway sends, by our decoder
 * (workers/feed/msgpack.ts; alone, then with the feed's shape checks as the worker runs it) and by msgpackr, and from
 * JSON. The four run back to back in every pass; vs_json and vs_msgpackr are the medians of the per-pass ratios, so
 * that load from other processes slows both sides of a ratio alike.
 */
import { isDeepStrictEqual } from 'node:util';
import { Packr, unpack } from 'msgpackr';
import type { DepthDiffFrame } from '../../common/protocol.ts';
import { decodeFrame, decodeMsgpack } from '../../workers/feed/index.ts';
import { median, type Row, seconds } from '../report.ts';
import type { DepthStream } from './stream.ts';

export function decodeRows(s: DepthStream, passes: number): Row[] {
  const frames = s.diffs.slice(0, 20_000);
  // As the gateway packs (server/gateway/frames.ts): plain maps, no records.
  const packr = new Packr({ useRecords: false, variableMapSize: true });
  const packed = frames.map((f) => packr.pack(f));
  // What a worker's socket hands over: each message in an ArrayBuffer of its own.
  const views = packed.map((b) => new Uint8Array(b));
  const texts = frames.map((f) => JSON.stringify(f));
  const bytes = (sizes: number[]) => Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  const msgpackBytes = bytes(packed.map((b) => b.length));
  const jsonBytes = bytes(texts.map((t) => Buffer.byteLength(t)));
  const check = (frame: unknown, k: number, what: string) => {
    if (!isDeepStrictEqual(frame, frames[k])) throw new Error(`${what}: decode went wrong`);
  };
  // The checks double as the warm-up.
  packed.forEach((b, k) => {
    check(unpack(b), k, 'msgpackr');
  });
  views.forEach((b, k) => {
    check(decodeMsgpack(b), k, 'tickstream');
    check(decodeFrame(b), k, 'tickstream checked');
  });
  texts.forEach((t, k) => {
    check(JSON.parse(t), k, 'json');
  });
  const runs = { ours: [] as number[], checked: [] as number[], msgpackr: [] as number[], json: [] as number[] };
  // One loop per decoder, so that each call site sees one function (as in a worker).
  for (let p = 0; p < passes; p++) {
    let sink = 0;
    runs.ours.push(
      seconds(() => {
        for (const b of views) sink += (decodeMsgpack(b) as DepthDiffFrame).bids.length;
      }),
    );
    runs.checked.push(
      seconds(() => {
        for (const b of views) sink += (decodeFrame(b) as DepthDiffFrame).bids.length;
      }),
    );
    runs.msgpackr.push(
      seconds(() => {
        for (const b of packed) sink += (unpack(b) as DepthDiffFrame).bids.length;
      }),
    );
    runs.json.push(
      seconds(() => {
        for (const t of texts) sink += (JSON.parse(t) as DepthDiffFrame).bids.length;
      }),
    );
    if (!(sink > 0)) throw new Error('nothing decoded');
  }
  /** Median over the passes of another decoder's time over this one's. */
  const vs = (times: number[], other: number[]) =>
    Number(median(times.map((t, p) => (other[p] as number) / t)).toFixed(2));
  const row = (impl: string, metric: string, times: number[], size: number): Row => {
    const rates = times.map((t) => frames.length / t);
    return {
      bench: 'depth-decode',
      metric,
      impl,
      value: Math.round(median(rates)),
      unit: '1/s',
      best: Math.round(Math.max(...rates)),
      vs_json: vs(times, runs.json),
      vs_msgpackr: vs(times, runs.msgpackr),
      bytes_per_frame: size,
    };
  };
  return [
    row('tickstream', 'frames_per_s', runs.ours, msgpackBytes),
    row('tickstream', 'frames_per_s_checked', runs.checked, msgpackBytes),
    row('msgpack', 'frames_per_s', runs.msgpackr, msgpackBytes),
    row('json', 'frames_per_s', runs.json, jsonBytes),
  ];
}
