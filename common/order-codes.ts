/** Order codes of the trading areas (spec trading §4), shared by the server, the workers and the UI. */

/** Order side: 1 buy, 2 sell. */
export const Side = { buy: 1, sell: 2 } as const;
export type Side = (typeof Side)[keyof typeof Side];

/** Order type: 1 limit, 2 market, 3 fill-or-kill, 4 stop loss, 5 take profit. */
export const OrderType = { limit: 1, market: 2, fillOrKill: 3, stopLoss: 4, takeProfit: 5 } as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];

/** What a stop-loss or take-profit order watches: 1 the last trade price, 2 the index price. */
export const TriggerType = { tradePrice: 1, indexPrice: 2 } as const;
export type TriggerType = (typeof TriggerType)[keyof typeof TriggerType];

/**
 * Order status (spec trading §4, contract order status, shared by spot): 0 open, 1 filled, 2 cancelled,
 * 3 partly filled and still open, 4 partly filled then cancelled.
 */
export const OrderStatus = { open: 0, filled: 1, cancelled: 2, partlyFilled: 3, partlyCancelled: 4 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
