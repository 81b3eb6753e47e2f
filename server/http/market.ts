import type { FastifyInstance } from 'fastify';
import { mul } from '../../common/decimal.ts';
import type { SymbolThumb } from '../../common/market.ts';
import type { SpotMarketWithRates } from '../db/repositories/markets.ts';
import { ok } from './envelope.ts';

/** A market row before any trade: every price is the catalogue's reference price. */
export function referenceThumb(m: SpotMarketWithRates, time: number): SymbolThumb {
  const price = m.referencePrice;
  return {
    symbol: m.symbol,
    coinSymbol: m.base,
    baseSymbol: m.quote,
    open: price,
    high: price,
    low: price,
    close: price,
    change: '0',
    chg: 0,
    volume: '0',
    turnover: '0',
    usdRate: mul(price, m.quoteUsdRate),
    baseUsdRate: m.quoteUsdRate,
    priceScale: m.priceScale,
    amountScale: m.amountScale,
    logoUrl: `/coins/${m.base.toLowerCase()}.svg`,
    time,
  };
}

/** Spot market data (spec trading §7, "Spot market"). */
export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const { markets } = app.store;

  app.route({
    method: ['GET', 'POST'],
    url: '/market/symbol-thumb',
    handler: async () => {
      const now = app.clock();
      return ok((await markets.spotMarkets()).map((m) => referenceThumb(m, now)));
    },
  });
}
