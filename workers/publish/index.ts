// The publish stage of the data plane: views, throttled batches, transfer.
export { DataPlane, type FeedPort, type MarketGrid, type Post } from './plane.ts';
export { realScheduler, type Scheduler, Throttle } from './throttle.ts';
