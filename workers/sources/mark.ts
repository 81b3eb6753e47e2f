import { channel, type MarkFrame, type ServerFrame } from '../../common/protocol.ts';
import { MARK_COLUMN as COL, type Health, MARK_COLUMNS } from '../api.ts';
import type { SnapshotOf, SnapshotWriter, Source, SourceContext } from './source.ts';

/**
 * A perpetual's index and mark prices and the predicted funding of its next settlement (`mark:{market}`). The server's
 * snapshot is all zeros until its price service has ticked once: such a frame is no data, so no view is posted for it.
 */
export class MarkSource implements Source<'mark'> {
  readonly channels: readonly string[];
  version = 0;
  private readonly values = new Float64Array(MARK_COLUMNS);

  constructor(
    symbol: string,
    private readonly context: SourceContext,
  ) {
    this.channels = [channel.mark(symbol)];
  }

  apply(_ch: string, frame: ServerFrame): void {
    if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
    const f = frame as MarkFrame;
    if (f.index === 0 && f.mark === 0) return;
    this.values[COL.index] = f.index;
    this.values[COL.mark] = f.mark;
    this.values[COL.fundingRate] = f.fundingRate;
    this.values[COL.nextFundingTime] = f.nextFundingTime;
    this.values[COL.time] = f.t;
    this.context.changed(this);
  }

  reconnected(): void {
    // The snapshot that follows the re-subscription carries the current prices.
  }

  size(): number {
    return MARK_COLUMNS;
  }

  snapshot(_spec: unknown, out: SnapshotWriter, health: Health): SnapshotOf<'mark'> {
    const values = out.take(MARK_COLUMNS);
    values.set(this.values);
    return { kind: 'mark', values, health };
  }

  close(): void {}
}
