// The publish stage of the data plane: views, throttled batches, transfer.
export { DataPlane, type FeedPort, HISTORY_BACKOFF, type HistoryLoader, type MarketGrid, type Post } from './plane.ts';
export { realScheduler, type Scheduler, Throttle } from './throttle.ts';
