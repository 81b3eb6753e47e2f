/// <reference lib="webworker" />
/**
 * A tab's own data worker, in the page's own process: its socket is a virtual one on the socket hub that every tab
 * shares (workers/hub), or, where SharedWorker is missing, a socket of its own. It starts on the page's first message
 * (api.ts DedicatedInit).
 */
import { expose } from 'comlink';
import type { DedicatedInit, WorkerApi } from './api.ts';
import { portSockets } from './hub/index.ts';
import { overPort, startPlane, workerRequests } from './worker-main.ts';

self.addEventListener(
  'message',
  (event: MessageEvent<DedicatedInit>) => {
    const { hub } = event.data;
    const sockets = hub ? portSockets(hub) : null;
    const { plane, lists } = startPlane(self.location.origin, workerRequests(), sockets?.Socket);
    const api = overPort(plane.connect(), lists);
    // A hub gone quiet fails the page's pings, so the page replaces this worker and the hub.
    const ping: WorkerApi['ping'] = (t) => {
      if (sockets && !sockets.alive()) throw new Error('the socket hub stopped answering');
      return api.ping(t);
    };
    expose({ ...api, ping });
  },
  { once: true },
);
