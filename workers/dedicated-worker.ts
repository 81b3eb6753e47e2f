/// <reference lib="webworker" />
/**
 * A tab's own data worker: where SharedWorker is missing (a socket of its own), or in a cross-origin-isolated tab,
 * where it shares memory with the page (workers/ring) and its socket with the other tabs (the hub, workers/hub). It
 * starts on the page's first message (api.ts DedicatedInit).
 */
import { expose } from 'comlink';
import type { DedicatedInit, WorkerApi } from './api.ts';
import { portSockets } from './hub/index.ts';
import { RingWriter } from './ring/index.ts';
import { overPort, startPlane, workerRequests } from './worker-main.ts';

self.addEventListener(
  'message',
  (event: MessageEvent<DedicatedInit>) => {
    const { hub, ring } = event.data;
    const sockets = hub ? portSockets(hub) : null;
    const plane = startPlane(self.location.origin, workerRequests(), sockets?.Socket);
    const api = overPort(plane.connect(), ring ? new RingWriter(ring) : null);
    // A hub gone quiet fails the page's pings, so the page replaces this worker and the hub.
    const ping: WorkerApi['ping'] = (t) => {
      if (sockets && !sockets.alive()) throw new Error('the socket hub stopped answering');
      return api.ping(t);
    };
    expose({ ...api, ping });
  },
  { once: true },
);
