/// <reference lib="webworker" />
/** The dedicated Worker, where SharedWorker is missing: the same plane for one tab. */
import { expose } from 'comlink';
import { overPort, startPlane } from './worker-main.ts';

expose(overPort(startPlane(self.location.origin).connect()));
