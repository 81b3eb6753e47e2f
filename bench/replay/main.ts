/**
 * npm run replay -- FILE.jsonl [--depth N]
 * Runs a recording (npm run record) through the worker's frame validation and book and prints the final state as one
 * JSON object: `{"seq", "stale", "resyncs", "bids": [[price, volume, cumVolume, value], …], "asks": […]}`, top N per
 * side (default 50), best first.
 */
import { readFileSync } from 'node:fs';
import { replay } from './replay.ts';

const file = process.argv[2];
const depthAt = process.argv.indexOf('--depth');
const depth = depthAt >= 0 ? Number(process.argv[depthAt + 1]) : 50;
if (!file || !Number.isInteger(depth) || depth <= 0) {
  process.stderr.write('usage: npm run replay -- FILE.jsonl [--depth N]\n');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(replay(readFileSync(file, 'utf8').split('\n'), depth))}\n`);
