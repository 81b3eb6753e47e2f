import { channel, type ServerFrame, type TradesFrame } from '../../common/protocol.ts';
import { type Health, TRADE_COLUMNS } from '../api.ts';
import { TRADES_CAP, TradeTape } from '../trades/index.ts';
import type { SnapshotOf, SnapshotWriter, Source, SourceContext } from './source.ts';

/** A market's last 100 trades, newest first (spec trading §4). */
export class TradesSource implements Source<'trades'> {
  readonly channels: readonly string[];
  version = 0;
  private readonly tape = new TradeTape();

  constructor(
    symbol: string,
    private readonly context: SourceContext,
  ) {
    this.channels = [channel.trades(symbol)];
  }

  apply(_ch: string, frame: ServerFrame): void {
    if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
    this.tape.apply(frame as TradesFrame);
    this.context.changed(this);
  }

  reconnected(): void {
    // The trades snapshot that follows the re-subscription replaces the tape.
  }

  size(): number {
    return TRADES_CAP * TRADE_COLUMNS;
  }

  snapshot(_spec: unknown, out: SnapshotWriter, health: Health): SnapshotOf<'trades'> {
    const n = this.tape.extract(out.peek(TRADES_CAP * TRADE_COLUMNS));
    return { kind: 'trades', trades: out.take(n * TRADE_COLUMNS), health };
  }

  close(): void {}
}
