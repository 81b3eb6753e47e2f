import type { Db } from '../db/schema.ts';
import type { Exchange } from '../exchange/index.ts';
import { type SpotMarkets, spotMarkets } from './markets.ts';
import { type SpotRepository, spotRepository } from './repository.ts';

/** What every spot route reads: the running exchange, its markets and the spot query tables. */
export interface SpotContext {
  exchange: Exchange;
  markets: SpotMarkets;
  repository: SpotRepository;
}

export function spotContext(exchange: Exchange, db: Db): SpotContext {
  return { exchange, markets: spotMarkets(exchange), repository: spotRepository(db) };
}
