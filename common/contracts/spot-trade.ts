import { type Static, Type } from 'typebox';
import { OrderStatus, OrderType, Side, TriggerType } from '../order-codes.ts';
import { PageSchema } from './envelope.ts';

/**
 * Spot trading (spec trading §7 "Spot trade": /exchange/*): orders, fills, the spot account of one market, favourites
 * and spot bills of the signed-in user. Reads answer GET (query) and POST (form body) alike.
 */

const SideSchema = Type.Enum(Side);
const OrderTypeSchema = Type.Enum(OrderType);
const SymbolText = Type.String({ minLength: 1, maxLength: 32 });
const Paging = {
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /exchange/order/add: price and amount are exact decimals on the market's grids (trigger: stop orders). */
export const AddOrderBodySchema = Type.Object({
  symbol: SymbolText,
  price: Type.Optional(Type.String({ maxLength: 40 })),
  amount: Type.String({ minLength: 1, maxLength: 40 }),
  type: Type.Integer({ minimum: 1, maximum: 5 }),
  direction: Type.Integer({ minimum: 1, maximum: 2 }),
  useDiscount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  couponNo: Type.Optional(Type.String({ maxLength: 64 })),
  triggerPrice: Type.Optional(Type.String({ maxLength: 40 })),
  triggerType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type AddOrderBody = Static<typeof AddOrderBodySchema>;

export const OrderIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type OrderIdParams = Static<typeof OrderIdParamsSchema>;

/** One market: the spot account, favourites add and delete. */
export const SpotSymbolSchema = Type.Object({ symbol: SymbolText });
export type SpotSymbol = Static<typeof SpotSymbolSchema>;

export const CurrentOrdersQuerySchema = Type.Object({
  symbol: Type.Optional(Type.String({ maxLength: 32 })),
  ...Paging,
});
export type CurrentOrdersQuery = Static<typeof CurrentOrdersQuerySchema>;

export const OrderHistoryQuerySchema = Type.Object({
  symbol: Type.Optional(Type.String({ maxLength: 32 })),
  direction: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  ...Paging,
});
export type OrderHistoryQuery = Static<typeof OrderHistoryQuerySchema>;

export const FillHistoryQuerySchema = Type.Object({
  symbol: Type.Optional(Type.String({ maxLength: 32 })),
  direction: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  ...Paging,
});
export type FillHistoryQuery = Static<typeof FillHistoryQuerySchema>;

export const SpotBillQuerySchema = Type.Object({
  coin: Type.Optional(Type.String({ maxLength: 16 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0 })),
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  // spec shell §9: bills page by 10.
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
});
export type SpotBillQuery = Static<typeof SpotBillQuerySchema>;

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A spot order as the API and the private `user` channel show it: exact decimal strings, the codes of trading.ts. */
export const SpotOrderSchema = Type.Object({
  orderId: Type.Integer(),
  symbol: Type.String(),
  /** Base coin. */
  coinSymbol: Type.String(),
  /** Quote coin. */
  baseSymbol: Type.String(),
  direction: SideSchema,
  type: OrderTypeSchema,
  /** Limit price; "0" for a market order. */
  price: Type.String(),
  /** Base amount ordered; for a market buy, the quote amount to spend. */
  amount: Type.String(),
  /** Base amount filled. */
  tradedAmount: Type.String(),
  /** Quote amount traded. */
  turnover: Type.String(),
  /** Average fill price, "0" before a fill. */
  averagePrice: Type.String(),
  fee: Type.String(),
  /** The coin the fee is paid in: base for buys, quote for sells. */
  feeCoin: Type.String(),
  triggerPrice: Type.String(),
  /** 0 for an order without a trigger. */
  triggerType: Type.Union([Type.Enum(TriggerType), Type.Literal(0)]),
  triggered: Type.Boolean(),
  status: Type.Enum(OrderStatus),
  time: Type.Number(),
  updateTime: Type.Number(),
});
export type SpotOrder = Static<typeof SpotOrderSchema>;

/** One fill of one of the user's orders (trade history, the `user` channel's `fill`). */
export const SpotFillSchema = Type.Object({
  tradeId: Type.Integer(),
  orderId: Type.Integer(),
  symbol: Type.String(),
  direction: SideSchema,
  price: Type.String(),
  amount: Type.String(),
  turnover: Type.String(),
  fee: Type.String(),
  feeCoin: Type.String(),
  /** True when this order was the maker. */
  maker: Type.Boolean(),
  time: Type.Number(),
});
export type SpotFill = Static<typeof SpotFillSchema>;

/** A coin's spot balance (the `user` channel's `balance`). */
export const SpotBalanceSchema = Type.Object({ coin: Type.String(), available: Type.String(), frozen: Type.String() });
export type SpotBalance = Static<typeof SpotBalanceSchema>;

/** A trade of one order, for the order detail; `maker` when this order was the maker. */
export const OrderTradeSchema = Type.Object({
  tradeId: Type.Integer(),
  price: Type.String(),
  amount: Type.String(),
  turnover: Type.String(),
  fee: Type.String(),
  maker: Type.Boolean(),
  time: Type.Number(),
});
export type OrderTrade = Static<typeof OrderTradeSchema>;

/** GET /exchange/order/detail/{id}: the order and its trades, oldest first. */
export const OrderDetailSchema = Type.Object({ ...SpotOrderSchema.properties, detail: Type.Array(OrderTradeSchema) });
export type OrderDetail = Static<typeof OrderDetailSchema>;

/** POST /exchange/order/cancel-all: the ids of the orders cancelled. */
export const CancelAllSchema = Type.Object({ cancelled: Type.Array(Type.Integer()) });
export type CancelAll = Static<typeof CancelAllSchema>;

export const SpotOrderPageSchema = PageSchema(SpotOrderSchema);
export const SpotFillPageSchema = PageSchema(SpotFillSchema);

/**
 * /exchange/account: the spot account of one market (spec trading §3 "Spot account"), what the order form needs to
 * size and check an order. Fee rates are the taker's, so a total shown before sending is never an underestimate.
 */
export const SpotAccountSchema = Type.Object({
  symbol: Type.String(),
  /** Base coin available, and frozen by open orders. */
  coinHotMoney: Type.String(),
  currentCoinColdMoney: Type.String(),
  /** Quote coin available, and frozen. */
  rmb: Type.String(),
  coldrmb: Type.String(),
  buyOnePrice: Type.String(),
  sellOnePrice: Type.String(),
  currentExchangPrice: Type.String(),
  canBuyCoin: Type.String(),
  canSellMoney: Type.String(),
  buyFeeRate: Type.String(),
  sellFeeRate: Type.String(),
  makerFeeRate: Type.String(),
  takerFeeRate: Type.String(),
  buyMinMoney: Type.String(),
  sellMinCoin: Type.String(),
  keepDecimalForCoin: Type.Integer(),
  keepDecimalForCurrency: Type.Integer(),
  /** Decimals of an order's value (a market buy's amount): the finer of the ledger and price × amount grids. */
  keepDecimalForTotal: Type.Integer(),
  oneTimeOrderNum: Type.Integer(),
});
export type SpotAccount = Static<typeof SpotAccountSchema>;

/** /exchange/favor/find: the user's favourite markets, oldest first. */
export const FavoriteSchema = Type.Object({ symbol: Type.String(), addTime: Type.Number() });
export type Favorite = Static<typeof FavoriteSchema>;
export const FavoriteListSchema = Type.Array(FavoriteSchema);

/** A line of the spot wallet (/exchange/spot-bill/list): the ledger kind as `type`, a signed amount. */
export const SpotBillSchema = Type.Object({
  id: Type.Integer(),
  txnId: Type.String(),
  coin: Type.String(),
  amount: Type.String(),
  type: Type.String(),
  time: Type.Number(),
});
export type SpotBill = Static<typeof SpotBillSchema>;
export const SpotBillPageSchema = PageSchema(SpotBillSchema);
