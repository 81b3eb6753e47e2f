import type { SpotOrder } from '../../common/contracts/spot-trade.ts';
import type { Order } from '../engine/order.ts';
import { normalizeSymbol } from '../exchange/catalogue.ts';
import type { Exchange, SpotMarketInfo } from '../exchange/index.ts';
import { orderView } from '../exchange/views.ts';
import { unknownMarket } from './rejections.ts';

/** The spot markets as the routes look them up: by any spelling of the symbol, or refused as unknown. */
export interface SpotMarkets {
  /** The market of `symbol`, or undefined. */
  get(symbol: string): SpotMarketInfo | undefined;
  /** The market of `symbol`, or the unknown-market refusal. */
  find(symbol: string): SpotMarketInfo;
  /** The market of an optional `symbol` filter: undefined for none, refused when unknown. */
  filter(symbol: string | undefined): SpotMarketInfo | undefined;
  /** An order as the API shows it. */
  view(order: Order): SpotOrder;
}

export function spotMarkets(exchange: Exchange): SpotMarkets {
  const get = (symbol: string) => exchange.markets.get(normalizeSymbol(symbol));
  const find = (symbol: string) => {
    const m = get(symbol);
    if (!m) throw unknownMarket(symbol);
    return m;
  };
  return {
    get,
    find,
    filter: (symbol) => (symbol ? find(symbol) : undefined),
    view: (o) => orderView(o, exchange.markets.get(o.symbol) as SpotMarketInfo),
  };
}
