// The publish stage of the data plane: pages, views, throttled batches, transfer.
export { Arena } from './arena.ts';
export { DataPlane, PAINTED_EVERY_MS, VIEW_EVERY_MS } from './plane.ts';
export { realScheduler, type Scheduler, Throttle } from './throttle.ts';
