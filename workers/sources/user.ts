import { swapMarket } from '../../common/market.ts';
import type { ServerFrame, UserFrame } from '../../common/protocol.ts';
import type { Health, UserLoad } from '../api.ts';
import { type Resting, UserChannel } from '../user/index.ts';
import type { SnapshotOf, Source, SourceContext } from './source.ts';

/**
 * The signed-in user's state from the private channel; the gateway refuses the channel until the feed's `auth` (the
 * page sends that first). Stale until the page's REST load is merged, and again after a reconnect or a seq gap: its
 * health says so, and the page loads again. Books mark the user's resting orders from its open orders.
 */
export class UserSource implements Source<'user'> {
  readonly channels: readonly string[] = ['user'];
  /** Posted at once: a stale state is news to the page, which loads it. */
  version = 1;
  private readonly user = new UserChannel();

  constructor(private readonly context: SourceContext) {}

  apply(_ch: string, frame: ServerFrame): void {
    if (!('ch' in frame) || frame.ch !== 'user') return;
    // Every kind goes through the channel, those it does not hold too: skipping one would read as a seq gap.
    // A duplicate changes only the health's count; it is posted all the same.
    this.user.apply(frame as UserFrame);
    this.told();
  }

  reconnected(): void {
    this.user.reset();
    this.told();
  }

  load(load: UserLoad): void {
    if (this.user.load(load)) this.told();
  }

  /** The orders resting in one market's book. */
  restingAt(symbol: string): Resting[] {
    return this.user.restingAt(symbol);
  }

  size(): number {
    return 0;
  }

  snapshot(_spec: unknown, _out: unknown, health: Health): SnapshotOf<'user'> {
    const { status, seq, resyncs, duplicates } = this.user;
    health.user = { status, seq, resyncs, duplicates };
    return { kind: 'user', ...this.user.state(), health };
  }

  close(): void {
    // The registry no longer holds this source: the books' marks go.
    const { orders, swapOrders } = this.user.state();
    const marked = new Set([...orders.map((o) => o.symbol), ...swapOrders.map((o) => swapMarket(o.symbol))]);
    this.context.openOrdersChanged([...marked]);
  }

  private told(): void {
    const markets = this.user.takeChangedMarkets();
    if (markets.length > 0) this.context.openOrdersChanged(markets);
    this.context.changed(this);
  }
}
