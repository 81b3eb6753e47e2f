import type { ServerFrame, TickerFrame } from '../../common/protocol.ts';
import { type Health, TICKER_COLUMNS } from '../api.ts';
import { Tickers } from '../ticker/index.ts';
import type { SnapshotOf, SnapshotWriter, Source, SourceContext, SpecOf } from './source.ts';

/** Every market's ticker with the spec's change math (spec trading §3); a view picks its markets. */
export class TickersSource implements Source<'tickers'> {
  readonly channels: readonly string[] = ['ticker'];
  version = 0;
  private readonly tickers = new Tickers();

  constructor(private readonly context: SourceContext) {}

  apply(_ch: string, frame: ServerFrame): void {
    if (frame.kind !== 'snapshot' && frame.kind !== 'update') return;
    this.tickers.apply(frame as TickerFrame);
    this.context.changed(this);
  }

  reconnected(): void {
    // The ticker snapshot that follows the re-subscription replaces them all.
  }

  size(spec: SpecOf<'tickers'>): number {
    return (spec.symbols.length > 0 ? spec.symbols.length : this.tickers.size) * TICKER_COLUMNS;
  }

  snapshot(spec: SpecOf<'tickers'>, out: SnapshotWriter, health: Health): SnapshotOf<'tickers'> {
    const symbols = spec.symbols.length > 0 ? spec.symbols : this.tickers.symbols();
    const values = out.take(symbols.length * TICKER_COLUMNS);
    this.tickers.extract(symbols, values);
    return { kind: 'tickers', symbols, values, health };
  }

  close(): void {}
}
