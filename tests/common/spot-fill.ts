import type { SpotFill } from '../../common/trading.ts';

/** A taker buy fill of BTC/USDT as the API and the user channel show it, with `fields` over it (test data). */
export function spotFill(tradeId: number, fields: Partial<SpotFill> = {}): SpotFill {
  return {
    tradeId,
    orderId: 1,
    symbol: 'BTC/USDT',
    direction: 1,
    price: '60000',
    amount: '0.01',
    turnover: '600',
    fee: '0.00001',
    feeCoin: 'BTC',
    maker: false,
    time: 2000 + tradeId,
    ...fields,
  };
}
