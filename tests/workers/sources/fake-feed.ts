import type { ServerFrame } from '../../../common/protocol.ts';
import type { FeedState } from '../../../workers/api.ts';
import type { ChannelRouter } from '../../../workers/feed/index.ts';
import type { FeedPort } from '../../../workers/sources/index.ts';

/** The socket as the data plane sees it, in memory: it delivers what the test emits on the channels the router holds. */
export class FakeFeed implements FeedPort {
  router: ChannelRouter | null = null;
  /** Calls of `sync`: the router's channels changed. */
  syncs = 0;
  readonly resyncs: string[] = [];
  state: FeedState = 'live';
  private readonly healthListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();

  route(router: ChannelRouter): void {
    this.router = router;
  }
  sync(): void {
    this.syncs++;
  }
  resync(ch: string): boolean {
    this.resyncs.push(ch);
    return true;
  }
  auth(): void {}
  health() {
    return { state: this.state, lastFrameAt: 0, reconnects: 0, malformed: 0 };
  }
  onHealth(listener: () => void) {
    this.healthListeners.add(listener);
    return () => this.healthListeners.delete(listener);
  }
  onReconnect(listener: () => void) {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }
  /** The channels the router holds now. */
  channels(): string[] {
    return [...(this.router?.channels() ?? [])];
  }
  emit(ch: string, frame: ServerFrame): void {
    if (this.router?.holds(ch)) this.router.deliver(ch, frame);
  }
  reconnect(): void {
    for (const listener of this.reconnectListeners) listener();
  }
}
