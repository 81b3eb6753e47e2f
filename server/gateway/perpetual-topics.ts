/**
 * The channels of perpetuals only: `mark`, `funding` and `liquidations`. Topics like those of topics.ts: collect between
 * flushes, one packed frame per flush for every subscriber.
 */
import { channel, TRADES_CAP } from '../../common/protocol.ts';
import type { Connection, Topic } from './connection.ts';
import { packFrame } from './frames.ts';
import type { LiquidationTick, MarkValues, PerpetualReader } from './source.ts';

function broadcast(subscribers: Set<Connection>, frame: Buffer): void {
  for (const connection of subscribers) connection.send(frame);
}

/** Index, mark and predicted funding: only the latest values matter, so an update carries the last of a flush. */
export class MarkTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel: `mark:${string}`;
  private pending: MarkValues | null = null;

  constructor(
    private readonly reader: PerpetualReader,
    market: string,
  ) {
    this.channel = channel.mark(market);
  }

  record(values: MarkValues): boolean {
    if (this.subscribers.size === 0) return false;
    this.pending = { ...values };
    return true;
  }

  flush(t: number): void {
    if (!this.pending) return;
    const values = this.pending;
    this.pending = null;
    broadcast(this.subscribers, packFrame({ ch: this.channel, kind: 'update', t, ...values }));
  }

  snapshot(t: number): Buffer {
    const values = this.reader.mark() ?? { index: 0, mark: 0, fundingRate: 0, nextFundingTime: 0 };
    return packFrame({ ch: this.channel, kind: 'snapshot', t, ...values });
  }

  idle(): void {
    this.pending = null;
  }
}

export class FundingTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel: `funding:${string}`;
  private pending: number[] = [];

  constructor(
    private readonly reader: PerpetualReader,
    market: string,
  ) {
    this.channel = channel.funding(market);
  }

  record(rate: number, time: number): boolean {
    if (this.subscribers.size === 0) return false;
    this.pending.push(rate, time);
    return true;
  }

  flush(t: number): void {
    if (this.pending.length === 0) return;
    const settlements = this.pending;
    this.pending = [];
    broadcast(this.subscribers, packFrame({ ch: this.channel, kind: 'update', t, settlements }));
  }

  snapshot(t: number): Buffer {
    return packFrame({ ch: this.channel, kind: 'snapshot', t, settlements: [...this.reader.settlements()] });
  }

  idle(): void {
    this.pending = [];
  }
}

export class LiquidationsTopic implements Topic {
  readonly subscribers = new Set<Connection>();
  readonly channel: `liquidations:${string}`;
  private pending: number[] = [];

  constructor(
    private readonly reader: PerpetualReader,
    market: string,
  ) {
    this.channel = channel.liquidations(market);
  }

  record(l: LiquidationTick): boolean {
    if (this.subscribers.size === 0) return false;
    this.pending.push(l.price, l.side, l.volume, l.time);
    return true;
  }

  flush(t: number): void {
    if (this.pending.length === 0) return;
    const liquidations = this.pending;
    this.pending = [];
    broadcast(this.subscribers, packFrame({ ch: this.channel, kind: 'update', t, liquidations }));
  }

  snapshot(t: number): Buffer {
    const recent = this.reader.liquidations();
    const liquidations: number[] = [];
    for (const l of recent.slice(-TRADES_CAP)) liquidations.push(l.price, l.side, l.volume, l.time);
    return packFrame({ ch: this.channel, kind: 'snapshot', t, liquidations });
  }

  idle(): void {
    this.pending = [];
  }
}

/** The perpetual topics of one market, made on its first subscription. */
export class PerpetualTopics {
  readonly mark: MarkTopic;
  readonly funding: FundingTopic;
  readonly liquidations: LiquidationsTopic;

  constructor(reader: PerpetualReader, market: string) {
    this.mark = new MarkTopic(reader, market);
    this.funding = new FundingTopic(reader, market);
    this.liquidations = new LiquidationsTopic(reader, market);
  }
}
