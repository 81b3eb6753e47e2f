import { swapMarket, swapSymbolOf } from '../../common/market.ts';
import { TRADES_CAP } from '../../common/protocol.ts';
import type { SwapEvent } from '../engine/contracts/types.ts';
import type {
  LiquidationTick,
  MarketListener,
  MarketMeta,
  MarketSource,
  MarkValues,
  PerpetualReader,
} from '../gateway/source.ts';
import type { MarketData } from '../marketdata/index.ts';
import type { SwapExchange, SwapPriceTick } from './swap.ts';
import { publishSwapPrivate } from './swap-user-events.ts';

export interface SwapSourceOptions {
  /** Users nobody watches (the simulator's bots): no private events are built for them. */
  isMarketMaker: (userId: number) => boolean;
  /** Stored settlements per contract symbol (`BTC_USDT`), oldest first: a `funding` snapshot after a restart has them. */
  settled?: ReadonlyMap<string, readonly { rate: bigint; time: number }[]>;
}

/** Funding settlements kept per perpetual for a `funding` snapshot (a week of 8 h intervals and more). */
export const SETTLEMENTS_KEPT = 30;

const rateNumber = (rate: bigint) => Number(rate) / 1e8;

/** One perpetual's latest prices and its recent settlements and liquidations, in wire numbers. */
class Perpetual implements PerpetualReader {
  last: MarkValues | null = null;
  readonly recentSettlements: number[] = [];
  readonly recentLiquidations: LiquidationTick[] = [];

  constructor(
    readonly market: string,
    readonly priceUnit: number,
  ) {}

  mark(): MarkValues | null {
    return this.last;
  }

  settlements(): readonly number[] {
    return this.recentSettlements;
  }

  liquidations(): readonly LiquidationTick[] {
    return this.recentLiquidations;
  }

  /** Keeps a settlement for the snapshot; returns its rate in wire numbers. */
  settle(rate: bigint, time: number): number {
    const value = rateNumber(rate);
    this.recentSettlements.push(value, time);
    if (this.recentSettlements.length > SETTLEMENTS_KEPT * 2) this.recentSettlements.splice(0, 2);
    return value;
  }
}

/**
 * The spot source with the perpetuals added as markets of their own (`BTC/USDT:USDT`): their books, trades, tickers and
 * candles on the spot channels, prices, funding and liquidations on the contract channels, and each user's contract
 * events on `user` once committed. Prices and liquidations are kept from the start, so a snapshot has them.
 */
export function swapSource(
  spot: MarketSource,
  swap: SwapExchange,
  data: MarketData,
  options: SwapSourceOptions,
): MarketSource {
  const perpetuals = new Map<string, Perpetual>();
  const metas = new Map<string, MarketMeta>(spot.markets());
  for (const row of swap.catalogue.values()) {
    const market = swapMarket(row.symbol);
    metas.set(market, { symbol: market, priceScale: row.priceScale, amountScale: 0 });
    const perpetual = new Perpetual(market, 10 ** row.priceScale);
    for (const { rate, time } of options.settled?.get(row.symbol) ?? []) perpetual.settle(rate, time);
    perpetuals.set(market, perpetual);
  }
  const listeners = new Set<MarketListener>();
  swap.listen({
    market(event) {
      if (event.type === 'liquidation') liquidated(perpetuals, event, listeners);
    },
    prices: (tick) => priced(perpetuals, tick, listeners),
  });
  const book = (market: string) => {
    const symbol = swapSymbolOf(market);
    return symbol === null ? undefined : swap.engine.market(symbol)?.book;
  };
  return {
    // Built once, as the spot source builds its own: the catalogue is read at start.
    markets: () => metas,
    depth(market, maxLevels) {
      if (!perpetuals.has(market)) return spot.depth(market, maxLevels);
      const levels = book(market);
      if (!levels) return { bids: [], asks: [] };
      return { bids: levels.bids.flat([], maxLevels), asks: levels.asks.flat([], maxLevels) };
    },
    recentTrades: (market) => (perpetuals.has(market) ? data.recentTrades(market) : spot.recentTrades(market)),
    tickers: () => ({ ...spot.tickers(), ...data.tickers() }),
    currentCandle: (market, interval) =>
      perpetuals.has(market) ? data.currentCandle(market, interval) : spot.currentCandle(market, interval),
    perpetual: (market) => perpetuals.get(market) ?? null,
    authenticate: (token) => spot.authenticate(token),
    listen(listener) {
      listeners.add(listener);
      const stops = [
        spot.listen(listener),
        swap.listen({
          market(event) {
            if (event.type === 'level') listener.level(swapMarket(event.symbol), event.side, event.price, event.volume);
            else if (event.type === 'trade') {
              const t = event.trade;
              const tick = { price: t.price, volume: t.contracts, side: t.takerSide, time: t.time };
              listener.trade(swapMarket(t.symbol), tick);
            }
          },
          committed: (events) => publishSwapPrivate(swap, events, listener, options.isMarketMaker),
        }),
        data.onTicker((market, values) => listener.ticker(market, values)),
        data.onCandle((market, interval, candle) => listener.candle(market, interval, candle)),
      ];
      return () => {
        listeners.delete(listener);
        for (const stop of stops) stop();
      };
    },
  };
}

/** A price tick: the listeners hear of prices that changed and of a settlement. */
function priced(perpetuals: Map<string, Perpetual>, tick: SwapPriceTick, listeners: Set<MarketListener>): void {
  const p = perpetuals.get(swapMarket(tick.symbol));
  if (!p) return;
  const values: MarkValues = {
    index: tick.index / p.priceUnit,
    mark: tick.mark / p.priceUnit,
    fundingRate: rateNumber(tick.predictedRate),
    nextFundingTime: tick.nextFundingTime,
  };
  const last = p.last;
  const changed =
    !last ||
    last.index !== values.index ||
    last.mark !== values.mark ||
    last.fundingRate !== values.fundingRate ||
    last.nextFundingTime !== values.nextFundingTime;
  if (changed) {
    p.last = values;
    for (const listener of listeners) listener.mark(p.market, values);
  }
  const settled = tick.settled;
  if (!settled) return;
  const rate = p.settle(settled.rate, settled.time);
  for (const listener of listeners) listener.funding(p.market, rate, settled.time);
}

function liquidated(
  perpetuals: Map<string, Perpetual>,
  event: Extract<SwapEvent, { type: 'liquidation' }>,
  listeners: Set<MarketListener>,
): void {
  const p = perpetuals.get(swapMarket(event.symbol));
  if (!p) return;
  // The liquidation order closes the position: a long is sold.
  const tick: LiquidationTick = {
    price: event.price / p.priceUnit,
    side: event.sign === 1 ? 2 : 1,
    volume: event.contracts,
    time: event.time,
  };
  p.recentLiquidations.push(tick);
  if (p.recentLiquidations.length > TRADES_CAP) p.recentLiquidations.shift();
  for (const listener of listeners) listener.liquidation(p.market, tick);
}
