import type { Levels } from '../../common/margin/funding.ts';
import { ContractPrices } from '../engine/contracts/prices.ts';
import type { SwapMarket } from '../engine/contracts/types.ts';
import type { Exchange } from '../exchange/index.ts';

/** How often index, mark and funding are brought up to date (research §1.11: mark at 1 Hz). */
const EVERY_MS = 1_000;
/** Book levels a side the premium's impact price may walk. */
const LEVELS = 200;

export interface SwapPrices {
  /** The predicted rate and the next settlement instant of a contract. */
  funding(symbol: string): { rate: bigint; next: number };
  /**
   * Dev only (POST /swap/dev/index): the index of `symbol` is `ticks` instead of the spot mid until `until` (or until
   * released), and the contract's prices are brought up to date at once. Resolves once that update is on disk.
   */
  pin(symbol: string, ticks: number, until: number): Promise<void>;
  /** Back to the spot mid, updated at once. */
  release(symbol: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Index, mark and funding of every perpetual, once a second: the index from the spot book of the same pair (its mid,
 * moved to the contract's tick), the mark and the premium from the contract's own book, a settlement at the exact
 * instant the clock reaches. Each change goes through the contract exchange like any command, so it is journaled.
 */
export function startSwapPrices(
  exchange: Exchange,
  clock: () => number,
  intervalMs: number,
  onError: (e: unknown) => void,
): SwapPrices {
  const prices = new SwapPriceService(exchange, clock, intervalMs);
  let running: Promise<void> = Promise.resolve();
  // One update at a time: a pin waits for the tick in progress, so two never interleave their commands.
  const queue = (step: () => Promise<void>): Promise<void> => {
    const next = running.then(step);
    running = next.catch(onError);
    return next;
  };
  const timer = setInterval(() => void queue(() => prices.step()).catch(() => undefined), EVERY_MS);
  timer.unref();
  return {
    funding: (symbol) => prices.funding(symbol),
    pin: (symbol, ticks, until) => queue(() => prices.pin(symbol, ticks, until)),
    release: (symbol) => queue(() => prices.release(symbol)),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** The state behind {@link startSwapPrices}, without its timer: tests and the simulator's tests step it by hand. */
export class SwapPriceService {
  private readonly prices = new Map<string, ContractPrices>();
  private readonly pins = new Map<string, { ticks: number; until: number }>();

  constructor(
    private readonly exchange: Exchange,
    private readonly clock: () => number,
    intervalMs: number,
  ) {
    for (const market of exchange.swap.engine.allMarkets()) {
      this.prices.set(market.contract.symbol, new ContractPrices(market.contract, clock(), intervalMs));
    }
  }

  funding(symbol: string): { rate: bigint; next: number } {
    const p = this.prices.get(symbol);
    return { rate: p?.predictedRate ?? 0n, next: p?.nextFundingTime ?? 0 };
  }

  /** Every contract once. */
  async step(): Promise<void> {
    for (const market of this.exchange.swap.engine.allMarkets()) await this.update(market);
  }

  async pin(symbol: string, ticks: number, until: number): Promise<void> {
    this.pins.set(symbol, { ticks, until });
    const market = this.exchange.swap.engine.market(symbol);
    if (market) await this.update(market);
  }

  async release(symbol: string): Promise<void> {
    this.pins.delete(symbol);
    const market = this.exchange.swap.engine.market(symbol);
    if (market) await this.update(market);
  }

  /** The pinned index while the pin lasts, else the spot mid. */
  private source(market: SwapMarket, now: number): number {
    const symbol = market.contract.symbol;
    const pin = this.pins.get(symbol);
    if (pin && now < pin.until) return pin.ticks;
    if (pin) this.pins.delete(symbol);
    return spotMid(this.exchange, market);
  }

  private async update(market: SwapMarket): Promise<void> {
    const symbol = market.contract.symbol;
    const p = this.prices.get(symbol);
    if (!p) return;
    const now = this.clock();
    const state = p.update(now, {
      sources: [this.source(market, now)],
      bids: levels(market, 'bids'),
      asks: levels(market, 'asks'),
      last: market.lastPrice || null,
    });
    const swap = this.exchange.swap;
    if (state.index > 0 && state.index !== market.index) await swap.run((e) => e.setIndex(symbol, state.index));
    if (state.mark > 0 && state.mark !== market.mark) await swap.run((e) => e.setMark(symbol, state.mark));
    const settle = state.settle;
    if (settle) await swap.run((e) => e.settleFunding(symbol, settle.rate, settle.mark));
    // Published whether or not anything changed: the market-data side keeps only changes.
    const { index, mark, predictedRate, nextFundingTime } = state;
    const settled = settle ? { rate: settle.rate, time: settle.time } : null;
    swap.publishPrices({ symbol, index, mark, predictedRate, nextFundingTime, settled });
  }
}

/** The mid of the spot book of the contract's pair, in the contract's ticks (0: no two-sided book). */
function spotMid(exchange: Exchange, market: SwapMarket): number {
  const spot = exchange.markets.get(market.contract.symbol);
  const book = exchange.engine.book(market.contract.symbol);
  const bid = book?.bids.best()?.price;
  const ask = book?.asks.best()?.price;
  if (!spot || bid === undefined || ask === undefined) return 0;
  const shift = Number(market.contract.grid.ticksPerCoin.toString().length - 1) - spot.priceScale;
  return Math.round(((bid + ask) / 2) * 10 ** shift);
}

function levels(market: SwapMarket, side: 'bids' | 'asks'): Levels {
  const flat = market.book[side].flat([], LEVELS);
  const prices: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    prices.push(flat[i] as number);
    sizes.push(flat[i + 1] as number);
  }
  return { prices, sizes };
}
