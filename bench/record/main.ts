/**
 * npm run record -- --market BTC/USDT --seconds 30 --out FILE.jsonl [--url http://127.0.0.1:8080]
 * Records a live depth session from the server as JSON Lines: a `market` line with the grid, then one line per
 * snapshot or diff frame exactly as received, for `npm run replay` and for profiling the depth pipeline.
 */
import { createWriteStream } from 'node:fs';
import { Packr, unpack } from 'msgpackr';
import WebSocket from 'ws';
import { WS_PATH } from '../../common/protocol.ts';

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) {
    process.stderr.write(`usage: npm run record -- --market BTC/USDT --seconds 30 --out FILE.jsonl [--url URL]\n`);
    process.exit(2);
  }
  return value;
}

const market = arg('market').toUpperCase().replace('-', '/');
const seconds = Number(arg('seconds', '30'));
const out = arg('out');
const base = arg('url', `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/$/, '');
if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--seconds needs a positive number');

const info = (await (await fetch(`${base}/market/symbol-info?symbol=${encodeURIComponent(market)}`)).json()) as {
  code: number;
  message: string;
  data: { priceScale: number; amountScale: number } | null;
};
if (info.code !== 0 || !info.data) throw new Error(`${market}: ${info.message}`);

const ch = `depth:${market}`;
const file = createWriteStream(out);
file.write(
  `${JSON.stringify({ kind: 'market', ch, priceScale: info.data.priceScale, volumeScale: info.data.amountScale })}\n`,
);
let frames = 0;
const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${WS_PATH}`);
// Plain msgpack maps, as the gateway speaks.
const packr = new Packr({ useRecords: false });
ws.on('open', () => ws.send(packr.pack({ op: 'sub', ch: [ch] })));
ws.on('message', (data: Buffer) => {
  const frame = unpack(data) as Record<string, unknown>;
  if (frame.ch !== ch || (frame.kind !== 'snapshot' && frame.kind !== 'diff')) return;
  const { kind, seq, prevSeq, bids, asks, checksum } = frame;
  file.write(`${JSON.stringify({ kind, seq, prevSeq, bids, asks, checksum })}\n`);
  frames++;
});
ws.on('error', (error) => {
  process.stderr.write(`record: ${error.message}\n`);
  process.exit(1);
});
setTimeout(() => {
  ws.close();
  file.end(() => {
    process.stdout.write(`recorded ${frames} frames of ${ch} to ${out}\n`);
    process.exit(0);
  });
}, seconds * 1000);
