import { describe, expect, it } from 'vitest';
import { replay } from '../../bench/replay/replay.ts';
import { CH, expectedRows, ModelBook } from '../workers/book/model.ts';

const GRID = { priceScale: 2, amountScale: 4 };

/** A session as `npm run record` writes it: the market line, then frames, from a model book the gateway's way. */
function session(steps: number, seed = 7) {
  let s = seed;
  const random = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const model = new ModelBook(GRID);
  for (let i = 0; i < 40; i++) {
    model.set(1, 100_000 - i * 5, 1 + Math.floor(random() * 5000));
    model.set(2, 100_005 + i * 5, 1 + Math.floor(random() * 5000));
  }
  const frames: object[] = [model.snapshot()];
  for (let i = 0; i < steps; i++) {
    const side = random() < 0.5 ? 1 : 2;
    const ticks = side === 1 ? 100_000 - Math.floor(random() * 60) * 5 : 100_005 + Math.floor(random() * 60) * 5;
    frames.push(model.diff([[side, ticks, random() < 0.15 ? 0 : 1 + Math.floor(random() * 5000)]]));
  }
  return { model, frames };
}

const header = JSON.stringify({ kind: 'market', ch: CH, priceScale: GRID.priceScale, volumeScale: GRID.amountScale });
const lines = (frames: object[]) => [header, ...frames.map((f) => JSON.stringify(f))];
const top = (model: ModelBook, side: 1 | 2, depth: number) => {
  const rows = expectedRows(model.levels(side).slice(0, depth), GRID);
  return Array.from({ length: rows.length / 4 }, (_, i) => rows.slice(i * 4, i * 4 + 4));
};

describe('npm run replay', () => {
  it('reproduces the recorded book exactly', () => {
    const { model, frames } = session(300);
    const result = replay(lines(frames), 20);
    expect(result).toMatchObject({ seq: model.seq, stale: false, resyncs: 0 });
    expect(result.bids).toEqual(top(model, 1, 20));
    expect(result.asks).toEqual(top(model, 2, 20));
  });

  it('marks a gap stale until the next snapshot, then is exact again', () => {
    const { model, frames } = session(200);
    const gapped = frames.filter((_, i) => i !== 50);
    expect(replay(lines(gapped))).toMatchObject({ stale: true, resyncs: 1 });
    const healed = replay(lines([...gapped, model.snapshot()]), 30);
    expect(healed).toMatchObject({ stale: false, resyncs: 1, seq: model.seq });
    expect(healed.bids).toEqual(top(model, 1, 30));
    expect(healed.asks).toEqual(top(model, 2, 30));
  });

  it('drops duplicates, the last frame again or an older one, without a resync and counts them', () => {
    const { model, frames } = session(100);
    const again = frames.flatMap((f, i) => (i === 60 ? [f, f] : [f]));
    const result = replay(lines(again), 10);
    expect(result).toMatchObject({ stale: false, resyncs: 0, duplicates: 1 });
    expect(result.bids).toEqual(top(model, 1, 10));
    const older = [...frames.slice(0, 61), frames[40] as object, ...frames.slice(61)];
    const late = replay(lines(older), 10);
    expect(late).toMatchObject({ stale: false, resyncs: 0, duplicates: 1, seq: model.seq });
    expect(late.asks).toEqual(top(model, 2, 10));
  });

  it('replays a recording without checksums on sequence alone, and skips lines that are not frames', () => {
    const { model, frames } = session(80);
    const bare = frames.map((f) => ({ ...f, checksum: undefined }));
    const result = replay([...lines(bare), '{"kind":"diff","seq":"x"}'], 10);
    expect(result).toMatchObject({ stale: false, seq: model.seq, rejected: 1 });
    expect(result.asks).toEqual(top(model, 2, 10));
  });
});
