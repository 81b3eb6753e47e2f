import { pack, unpack } from 'msgpackr';
import WebSocket from 'ws';
import { WS_PATH } from '../../common/protocol.ts';

/** What one market's feed did over the measured window. */
export interface MarketFigures {
  market: string;
  diffsPerS: number;
  /** Most diffs in one second of the window: the bursts. */
  diffsMaxS: number;
  tradesPerS: number;
  tradesMaxS: number;
  /** Seconds with no trade at all, in % of the window. */
  quietPct: number;
  /** Diffs whose prevSeq was not the seq before: a diff lost or out of order. */
  seqGaps: number;
  /** Volatility of the book's mid: the standard deviation of its one-second log returns, in basis points. */
  midVolBp: number;
  /** Highest mid over lowest over the window, in basis points. */
  midRangeBp: number;
}

/** What the client saw over the measured window. */
export interface FeedFigures {
  markets: MarketFigures[];
  /** Ticker frames a second (every page holds the ticker). */
  tickerPerS: number;
  /** Frame time to arrival, p99 (one clock: both ends run on this machine). */
  delayP99: number;
  /** Round trip of a ping every 50 ms, p99 and max: how long the server's event loop kept a frame waiting. */
  pingP99: number;
  pingMax: number;
}

interface Counts {
  diffs: number[];
  trades: number[];
  seq: number;
  gaps: number;
  /** The book as the frames built it (price → volume), for its mid once a second. */
  bids: Map<number, number>;
  asks: Map<number, number>;
  mids: number[];
}

interface Frame {
  ch?: string;
  kind: string;
  seq?: number;
  prevSeq?: number;
  t: number;
  trades?: number[];
  bids?: number[];
  asks?: number[];
}

/** Applies flat [price, volume, …] levels to a side; volume 0 deletes. */
function apply(side: Map<number, number>, levels: readonly number[] | undefined): void {
  if (!levels) return;
  for (let i = 0; i + 1 < levels.length; i += 2) {
    const price = levels[i] as number;
    const volume = levels[i + 1] as number;
    if (volume === 0) side.delete(price);
    else side.set(price, volume);
  }
}

function mid(c: Counts): number {
  let bid = Number.NEGATIVE_INFINITY;
  let ask = Number.POSITIVE_INFINITY;
  for (const price of c.bids.keys()) bid = Math.max(bid, price);
  for (const price of c.asks.keys()) ask = Math.min(ask, price);
  return Number.isFinite(bid) && Number.isFinite(ask) ? (bid + ask) / 2 : Number.NaN;
}

/** Standard deviation of one-step log returns and the range, both in basis points. */
function midFigures(mids: readonly number[]): { midVolBp: number; midRangeBp: number } {
  const valid = mids.filter((m) => m > 0);
  const returns = valid.slice(1).map((m, i) => Math.log(m / (valid[i] as number)));
  const mean = returns.reduce((a, b) => a + b, 0) / Math.max(1, returns.length);
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / Math.max(1, returns.length - 1);
  const range = valid.length > 0 ? Math.log(Math.max(...valid) / Math.min(...valid)) : 0;
  return { midVolBp: Math.sqrt(variance) * 1e4, midRangeBp: range * 1e4 };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * A client on the real socket, subscribed to the ticker and to the depth and trades of `markets`; it counts per second
 * only between {@link start} and {@link stop}.
 */
export class FeedClient {
  private readonly counts = new Map<string, Counts>();
  private readonly delays: number[] = [];
  private readonly pings: number[] = [];
  private ticker = 0;
  private startedAt = 0;
  private seconds = 0;
  private measuring = false;
  private pinger: NodeJS.Timeout | null = null;
  private sampler: NodeJS.Timeout | null = null;

  private constructor(
    private readonly ws: WebSocket,
    private readonly markets: readonly string[],
  ) {
    for (const market of markets) {
      this.counts.set(market, { diffs: [], trades: [], seq: -1, gaps: 0, bids: new Map(), asks: new Map(), mids: [] });
    }
    ws.on('message', (data: Buffer) => this.receive(unpack(data) as Frame));
  }

  static async open(port: number, markets: readonly string[]): Promise<FeedClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new FeedClient(ws, markets);
    const ch = ['ticker', ...markets.flatMap((m) => [`depth:${m}`, `trades:${m}`])];
    ws.send(pack({ op: 'sub', ch }));
    return client;
  }

  start(): void {
    this.startedAt = performance.now();
    this.measuring = true;
    this.pinger = setInterval(() => this.ws.send(pack({ op: 'ping', t: performance.now() })), 50);
    const sample = () => {
      for (const c of this.counts.values()) c.mids.push(mid(c));
    };
    sample();
    this.sampler = setInterval(sample, 1000);
  }

  stop(): FeedFigures {
    this.measuring = false;
    this.seconds = Math.floor((performance.now() - this.startedAt) / 1000);
    if (this.pinger) clearInterval(this.pinger);
    if (this.sampler) clearInterval(this.sampler);
    this.ws.close();
    const window = Math.max(1, this.seconds);
    const markets = this.markets.map((market) => {
      const c = this.counts.get(market) as Counts;
      const perSecond = (list: number[]) => Array.from({ length: window }, (_, i) => list[i] ?? 0);
      const diffs = perSecond(c.diffs);
      const trades = perSecond(c.trades);
      const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
      return {
        market,
        diffsPerS: sum(diffs) / window,
        diffsMaxS: Math.max(...diffs),
        tradesPerS: sum(trades) / window,
        tradesMaxS: Math.max(...trades),
        quietPct: (trades.filter((n) => n === 0).length / window) * 100,
        seqGaps: c.gaps,
        ...midFigures(c.mids),
      };
    });
    return {
      markets,
      tickerPerS: this.ticker / window,
      delayP99: quantile(this.delays, 0.99),
      pingP99: quantile(this.pings, 0.99),
      pingMax: quantile(this.pings, 1),
    };
  }

  private receive(frame: Frame): void {
    const now = performance.now();
    if (frame.kind === 'pong') {
      if (this.measuring) this.pings.push(now - frame.t);
      return;
    }
    const [kind, market] = splitChannel(frame.ch);
    if (kind === 'ticker' && frame.kind === 'update' && this.measuring) this.ticker++;
    const c = market === undefined ? undefined : this.counts.get(market);
    if (!c) return;
    const second = Math.floor((now - this.startedAt) / 1000);
    const inWindow = this.measuring && second >= 0;
    if (kind === 'depth') {
      if (frame.kind === 'diff' && c.seq >= 0 && frame.prevSeq !== c.seq) c.gaps++;
      c.seq = frame.seq ?? c.seq;
      if (frame.kind === 'snapshot') {
        c.bids.clear();
        c.asks.clear();
      }
      apply(c.bids, frame.bids);
      apply(c.asks, frame.asks);
      if (frame.kind !== 'diff' || !inWindow) return;
      c.diffs[second] = (c.diffs[second] ?? 0) + 1;
      this.delays.push(Date.now() - frame.t);
    } else if (kind === 'trades' && frame.kind === 'update' && inWindow) {
      c.trades[second] = (c.trades[second] ?? 0) + (frame.trades?.length ?? 0) / 4;
    }
  }
}

/** `depth:BTC/USDT` → ['depth', 'BTC/USDT']; a perpetual's market keeps its colon (`BTC/USDT:USDT`). */
function splitChannel(ch: string | undefined): [string, string | undefined] {
  if (ch === undefined) return ['', undefined];
  const at = ch.indexOf(':');
  return at < 0 ? [ch, undefined] : [ch.slice(0, at), ch.slice(at + 1)];
}
