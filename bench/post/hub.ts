/**
 * The SharedWorker of bench/post's `hub_frames_ring` row: what the data plane's shared worker would keep if each tab's
 * own dedicated worker merged its books (issue 22 item 5) — the one socket of the browser, passing each turn's raw
 * depth frames on to the tab's worker in one message. It packs the stream's diffs as the gateway does (msgpack) and,
 * on each request, sends them `markets` to a message, one buffer each, packed as the product's hub packs them
 * (workers/hub `packFrames`).
 */
import { Packr } from 'msgpackr';
import { packFrames } from '../../workers/hub/index.ts';
import { depthStream } from '../depth/stream.ts';

/** What this file uses of a shared worker's global scope (bench/ compiles with Node's types only). */
interface HubPort {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  onmessage: ((event: { data: HubSetup | HubRequest }) => void) | null;
}
declare const self: { onconnect: ((event: { ports: HubPort[] }) => void) | null };

export interface HubSetup {
  /** Diffs to pack: every pass sends them from the first. */
  diffs: number;
  /** The port to the tab's dedicated worker. */
  worker: HubPort;
}
export interface HubRequest {
  frames: number;
  markets: number;
}

let packed: Uint8Array[] = [];
let worker: HubPort | null = null;

/** Sends `frames` diffs, `markets` to a message; returns the ms it spent. */
function send({ frames, markets }: HubRequest): number {
  const start = performance.now();
  for (let from = 0; from < frames; from += markets) {
    const buffer = packFrames(packed.slice(from, from + markets));
    worker?.postMessage(buffer, [buffer]);
  }
  return performance.now() - start;
}

self.onconnect = (event) => {
  const page = event.ports[0];
  if (!page) return;
  page.onmessage = ({ data }) => {
    if ('worker' in data) {
      const packr = new Packr({ useRecords: false, variableMapSize: true });
      packed = depthStream(data.diffs * 20, 20).diffs.map((d) => packr.pack(d));
      worker = data.worker;
      page.postMessage({ ready: packed.length });
      return;
    }
    page.postMessage({ hubSent: send(data) });
  };
};
