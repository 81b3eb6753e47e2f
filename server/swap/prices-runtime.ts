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
  const prices = new Map<string, ContractPrices>();
  for (const market of exchange.swap.engine.allMarkets()) {
    prices.set(market.contract.symbol, new ContractPrices(market.contract, clock(), intervalMs));
  }
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => tick(exchange, prices, clock)).catch(onError);
  }, EVERY_MS);
  timer.unref();
  return {
    funding(symbol) {
      const p = prices.get(symbol);
      return { rate: p?.predictedRate ?? 0n, next: p?.nextFundingTime ?? 0 };
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function tick(exchange: Exchange, prices: Map<string, ContractPrices>, clock: () => number): Promise<void> {
  const now = clock();
  for (const market of exchange.swap.engine.allMarkets()) {
    const p = prices.get(market.contract.symbol);
    if (!p) continue;
    const state = p.update(now, {
      sources: [spotMid(exchange, market)],
      bids: levels(market, 'bids'),
      asks: levels(market, 'asks'),
      last: market.lastPrice || null,
    });
    const symbol = market.contract.symbol;
    if (state.index > 0 && state.index !== market.index)
      await exchange.swap.run((e) => e.setIndex(symbol, state.index));
    if (state.mark > 0 && state.mark !== market.mark) await exchange.swap.run((e) => e.setMark(symbol, state.mark));
    const settle = state.settle;
    if (settle) await exchange.swap.run((e) => e.settleFunding(symbol, settle.rate, settle.mark));
    // Published whether or not anything changed: the market-data side keeps only changes.
    const { index, mark, predictedRate, nextFundingTime } = state;
    const settled = settle ? { rate: settle.rate, time: settle.time } : null;
    exchange.swap.publishPrices({ symbol, index, mark, predictedRate, nextFundingTime, settled });
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
