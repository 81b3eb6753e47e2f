/**
 * What the feed and the socket hub (workers/hub) both do with subscriptions; free of the socket's libraries, so the
 * hub's bundle stays small.
 */
import { WS_LIMITS } from '../../common/protocol.ts';

/** A `sub` or `unsub` frame (common/protocol.ts ClientFrame). */
export interface ChannelFrame<Op extends 'sub' | 'unsub' = 'sub' | 'unsub'> {
  op: Op;
  ch: string[];
}

/** Runs `run` once at the end of the turn, however often it is asked for within it. */
export function onceATurn(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      run();
    });
  };
}

/** The gateway refuses a frame listing more channels than a connection may hold, so long lists go in parts. */
export function channelFrames<Op extends 'sub' | 'unsub'>(op: Op, channels: readonly string[]): ChannelFrame<Op>[] {
  const size = WS_LIMITS.maxSubscriptions;
  const frames: ChannelFrame<Op>[] = [];
  for (let i = 0; i < channels.length; i += size) frames.push({ op, ch: channels.slice(i, i + size) });
  return frames;
}
