/// <reference lib="webworker" />
/**
 * The page's paint worker: a dedicated worker that draws the order book's ladders on the canvases the page hands over,
 * from the snapshots the data worker sends it over a port of their own (workers/paint/painters.ts).
 */
import { expose } from 'comlink';
import { Painters } from './paint/index.ts';

expose(new Painters());
