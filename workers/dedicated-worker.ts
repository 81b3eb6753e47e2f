/// <reference lib="webworker" />
/** The dedicated Worker, where SharedWorker is missing: the same plane for one tab. */
import { expose } from 'comlink';
import { startPlane } from './worker-main.ts';

expose(startPlane(self.location.origin).connect());
