/// <reference lib="webworker" />
/** The SharedWorker: one socket and one book per market for every tab of the origin; each tab connects a port. */
import { expose } from 'comlink';
import { overPort, startPlane } from './worker-main.ts';

const scope = self as unknown as SharedWorkerGlobalScope;
const plane = startPlane(scope.location.origin);

scope.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  if (port) expose(overPort(plane.connect()), port);
};
