import type { CandleInterval, TickerValues, UserKind } from '../../../common/protocol.ts';
import type {
  LiquidationTick,
  MarketListener,
  MarketMeta,
  MarketSource,
  MarkValues,
  PerpetualReader,
  SocketSession,
  TradeTick,
} from '../../../server/gateway/index.ts';

/** A perpetual's contract-channel state, as a test sets it. */
class FakePerpetual implements PerpetualReader {
  values: MarkValues | null = null;
  readonly recentSettlements: number[] = [];
  readonly recentLiquidations: LiquidationTick[] = [];

  mark(): MarkValues | null {
    return this.values;
  }

  settlements(): readonly number[] {
    return this.recentSettlements;
  }

  liquidations(): readonly LiquidationTick[] {
    return this.recentLiquidations;
  }
}

/** One side of a tiny book: `[priceTicks, volumeLots]` pairs kept sorted best first. */
class BookSide {
  readonly levels: [number, number][] = [];

  constructor(private readonly better: (a: number, b: number) => boolean) {}

  set(price: number, lots: number): void {
    let lo = 0;
    let hi = this.levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const level = this.levels[mid] as [number, number];
      if (this.better(level[0], price)) lo = mid + 1;
      else hi = mid;
    }
    const found = this.levels[lo];
    if (found && found[0] === price) {
      if (lots === 0) this.levels.splice(lo, 1);
      else found[1] = lots;
    } else if (lots !== 0) {
      this.levels.splice(lo, 0, [price, lots]);
    }
  }

  volume(price: number): number {
    return this.levels.find((level) => level[0] === price)?.[1] ?? 0;
  }

  flat(): number[] {
    return this.levels.flat();
  }
}

interface Book {
  bids: BookSide;
  asks: BookSide;
}

/** An in-memory exchange: books, trades, tickers and candles that tests mutate, each change pushed to the listeners. */
export class FakeSource implements MarketSource {
  readonly metas = new Map<string, MarketMeta>();
  readonly listeners = new Set<MarketListener>();
  readonly trades = new Map<string, TradeTick[]>();
  readonly tickerValues: Record<string, TickerValues> = {};
  readonly candles = new Map<string, number[]>();
  /** Session token → user id. */
  readonly tokens = new Map<string, number>();
  /** Markets that are perpetuals (their contract channels exist). */
  readonly perpetuals = new Map<string, FakePerpetual>();
  private readonly books = new Map<string, Book>();

  constructor(metas: readonly MarketMeta[]) {
    for (const meta of metas) {
      this.metas.set(meta.symbol, meta);
      this.books.set(meta.symbol, { bids: new BookSide((a, b) => a > b), asks: new BookSide((a, b) => a < b) });
      this.trades.set(meta.symbol, []);
    }
  }

  // ─── MarketSource ──────────────────────────────────────────────────────────────────────────────────────────────────

  markets(): ReadonlyMap<string, MarketMeta> {
    return this.metas;
  }

  depth(symbol: string, maxLevels = Number.POSITIVE_INFINITY): { bids: number[]; asks: number[] } {
    const book = this.book(symbol);
    return { bids: book.bids.flat().slice(0, maxLevels * 2), asks: book.asks.flat().slice(0, maxLevels * 2) };
  }

  recentTrades(symbol: string): readonly TradeTick[] {
    return this.trades.get(symbol) ?? [];
  }

  tickers(): Record<string, TickerValues> {
    return structuredClone(this.tickerValues);
  }

  currentCandle(symbol: string, interval: CandleInterval): readonly number[] | null {
    return this.candles.get(`${symbol}:${interval}`) ?? null;
  }

  perpetual(market: string): PerpetualReader | null {
    return this.perpetuals.get(market) ?? null;
  }

  async authenticate(token: string): Promise<SocketSession | null> {
    // A real lookup is asynchronous; frames sent meanwhile must wait their turn.
    await new Promise((resolve) => setImmediate(resolve));
    const userId = this.tokens.get(token);
    return userId === undefined ? null : { userId, session: `session:${token}`, expiresAt: Number.POSITIVE_INFINITY };
  }

  listen(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ─── Test controls: mutate, then tell the listeners, as the engine does ────────────────────────────────────────────

  setLevel(symbol: string, side: 1 | 2, priceTicks: number, volumeLots: number): void {
    const book = this.book(symbol);
    (side === 1 ? book.bids : book.asks).set(priceTicks, volumeLots);
    for (const listener of this.listeners) listener.level(symbol, side, priceTicks, volumeLots);
  }

  volume(symbol: string, side: 1 | 2, priceTicks: number): number {
    const book = this.book(symbol);
    return (side === 1 ? book.bids : book.asks).volume(priceTicks);
  }

  trade(symbol: string, trade: TradeTick): void {
    const list = this.trades.get(symbol) ?? [];
    list.push(trade);
    if (list.length > 150) list.shift();
    for (const listener of this.listeners) listener.trade(symbol, trade);
  }

  ticker(symbol: string, values: TickerValues): void {
    this.tickerValues[symbol] = values;
    for (const listener of this.listeners) listener.ticker(symbol, values);
  }

  candle(symbol: string, interval: CandleInterval, candle: number[]): void {
    this.candles.set(`${symbol}:${interval}`, candle);
    for (const listener of this.listeners) listener.candle(symbol, interval, candle);
  }

  user(userId: number, kind: UserKind, data: Record<string, unknown>): void {
    for (const listener of this.listeners) listener.user(userId, kind, data);
  }

  /** Makes a listed market a perpetual. */
  perpetualOf(market: string): FakePerpetual {
    let p = this.perpetuals.get(market);
    if (!p) {
      p = new FakePerpetual();
      this.perpetuals.set(market, p);
    }
    return p;
  }

  mark(market: string, values: MarkValues): void {
    this.perpetualOf(market).values = values;
    for (const listener of this.listeners) listener.mark(market, values);
  }

  settle(market: string, rate: number, time: number): void {
    this.perpetualOf(market).recentSettlements.push(rate, time);
    for (const listener of this.listeners) listener.funding(market, rate, time);
  }

  liquidate(market: string, tick: LiquidationTick): void {
    this.perpetualOf(market).recentLiquidations.push(tick);
    for (const listener of this.listeners) listener.liquidation(market, tick);
  }

  private book(symbol: string): Book {
    const book = this.books.get(symbol);
    if (!book) throw new Error(`no market ${symbol}`);
    return book;
  }
}
