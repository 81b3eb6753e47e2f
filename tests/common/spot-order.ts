import type { SpotOrder } from '../../common/trading.ts';

/** An open BTC/USDT limit buy as the API and the user channel show it, with `fields` over it (test data). */
export function spotOrder(orderId: number, fields: Partial<SpotOrder> = {}): SpotOrder {
  return {
    orderId,
    symbol: 'BTC/USDT',
    coinSymbol: 'BTC',
    baseSymbol: 'USDT',
    direction: 1,
    type: 1,
    price: '60000',
    amount: '0.1',
    tradedAmount: '0',
    turnover: '0',
    averagePrice: '0',
    fee: '0',
    feeCoin: 'BTC',
    triggerPrice: '0',
    triggerType: 0,
    triggered: false,
    status: 0,
    time: orderId * 1000,
    updateTime: orderId * 1000,
    ...fields,
  };
}
