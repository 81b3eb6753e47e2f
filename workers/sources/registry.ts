import type { ServerFrame } from '../../common/protocol.ts';
import type { UserLoad } from '../api.ts';
import type { ChannelRouter } from '../feed/index.ts';
import type { Resting } from '../user/index.ts';
import { BookSource } from './book.ts';
import { CandlesSource } from './candles.ts';
import { MarkSource } from './mark.ts';
import type { Kind, Source, SourceContext, SpecOf } from './source.ts';
import { TickersSource } from './tickers.ts';
import { TradesSource } from './trades.ts';
import { UserSource } from './user.ts';

const USER_KEY = 'user';

/** Per kind: which views share a source (its key), and how to make one. The one place that knows every kind. */
const KINDS: {
  [K in Kind]: { key(spec: SpecOf<K>): string; create(spec: SpecOf<K>, context: SourceContext): Source<K> };
} = {
  book: { key: (s) => `book:${s.symbol}`, create: (s, c) => new BookSource(s.symbol, c) },
  trades: { key: (s) => `trades:${s.symbol}`, create: (s, c) => new TradesSource(s.symbol, c) },
  tickers: { key: () => 'tickers', create: (_, c) => new TickersSource(c) },
  candles: {
    key: (s) => `candles:${s.symbol}:${s.interval}`,
    create: (s, c) => new CandlesSource(s.symbol, s.interval, c),
  },
  mark: { key: (s) => `mark:${s.symbol}`, create: (s, c) => new MarkSource(s.symbol, c) },
  user: { key: () => USER_KEY, create: (_, c) => new UserSource(c) },
};

function keyOf(spec: SpecOf<Kind>): string {
  return (KINDS[spec.kind] as { key(spec: SpecOf<Kind>): string }).key(spec);
}

/** What the registry is given: a source's context, less what the registry itself answers. */
export type RegistryContext = Omit<SourceContext, 'openOrders' | 'openOrdersChanged'> & {
  /** Where a source's exception goes: one bad source must not stop the rest (default console.error). */
  report?: (error: unknown) => void;
};

/**
 * The worker's sources, each made with its first view and dropped with its last: the one count of the views on a
 * source is kept here (`refs`), and the feed asks this registry which channels to hold (it is the feed's router). A
 * channel two sources need (a market's trades: its tape and its candles) is held once and delivered to both.
 */
export class Sources implements ChannelRouter {
  private readonly held = new Map<string, { source: Source; refs: number }>();
  /** Channel → the sources that need it: derived from `held`, in the order channels were first wanted. */
  private readonly byChannel = new Map<string, Source[]>();
  private readonly context: SourceContext;
  private readonly report: (error: unknown) => void;

  constructor(context: RegistryContext) {
    this.report = context.report ?? ((error) => console.error('data plane source', error));
    this.context = {
      ...context,
      openOrders: (symbol) => this.openOrders(symbol),
      openOrdersChanged: (symbols) => this.openOrdersChanged(symbols),
    };
  }

  /** The source for a view, made if it is the first; every call is one more view on it until {@link release}. */
  acquire(spec: SpecOf<Kind>): Source {
    const key = keyOf(spec);
    let entry = this.held.get(key);
    if (!entry) {
      const make = KINDS[spec.kind] as { create(spec: SpecOf<Kind>, context: SourceContext): Source };
      entry = { source: make.create(spec, this.context), refs: 0 };
      this.held.set(key, entry);
      for (const ch of entry.source.channels) this.byChannel.set(ch, [...(this.byChannel.get(ch) ?? []), entry.source]);
      this.context.feed.sync();
    }
    entry.refs++;
    return entry.source;
  }

  /** One view less on the source of `spec`; the last one drops it and lets go of its channels. */
  release(spec: SpecOf<Kind>): void {
    const key = keyOf(spec);
    const entry = this.held.get(key);
    if (!entry || --entry.refs > 0) return;
    this.held.delete(key);
    for (const ch of entry.source.channels) {
      const rest = (this.byChannel.get(ch) ?? []).filter((s) => s !== entry.source);
      if (rest.length > 0) this.byChannel.set(ch, rest);
      else this.byChannel.delete(ch);
    }
    this.context.feed.sync();
    entry.source.close();
  }

  /** Views on the source of `spec` (0 when there is none). */
  refs(spec: SpecOf<Kind>): number {
    return this.held.get(keyOf(spec))?.refs ?? 0;
  }

  /** The socket came back: every source may have missed frames. */
  reconnected(): void {
    for (const { source } of this.held.values()) this.guard(() => source.reconnected());
  }

  /** The page's REST answer for the user's state; nothing while no user view is open. */
  loadUser(load: UserLoad): void {
    const user = this.held.get(USER_KEY)?.source;
    if (user instanceof UserSource) user.load(load);
  }

  // ─── ChannelRouter ─────────────────────────────────────────────────────────────────────────────────────────────────

  channels(): Iterable<string> {
    return this.byChannel.keys();
  }

  holds(ch: string): boolean {
    return this.byChannel.has(ch);
  }

  deliver(ch: string, frame: ServerFrame): void {
    const sources = this.byChannel.get(ch);
    if (!sources) return;
    // The list is replaced, never changed in place, so a source dropped meanwhile does not disturb the loop.
    for (const source of sources) this.guard(() => source.apply(ch, frame));
  }

  // ─── Between sources ───────────────────────────────────────────────────────────────────────────────────────────────

  private openOrders(symbol: string): readonly Resting[] {
    const user = this.held.get(USER_KEY)?.source;
    return user instanceof UserSource ? user.restingAt(symbol) : [];
  }

  private openOrdersChanged(symbols: readonly string[]): void {
    for (const symbol of symbols) {
      const book = this.held.get(KINDS.book.key({ kind: 'book', symbol, depth: 0, groupTicks: 0 }))?.source;
      if (book instanceof BookSource) this.guard(() => book.openOrdersChanged());
    }
  }

  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.report(error);
    }
  }
}
