// The market-data socket of a worker: subscriptions, heartbeats, decode and checks (DESIGN §2, §4). Imports only common/.
export { type Backoff, backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { channelFrames, onceATurn } from './channels.ts';
export {
  type ChannelRouter,
  Feed,
  type FeedHealth,
  type FeedOptions,
  type FeedState,
  SNAPSHOT_RETRY_MS,
  type WebSocketClass,
} from './feed.ts';
export { decodeMsgpack, FRAME_KEYS, MAX_DEPTH, MsgpackError } from './msgpack.ts';
export { type FeedScheduler, realFeedScheduler } from './scheduler.ts';
export { decodeFrame, validateFrame } from './validate.ts';
