import { type Static, Type } from 'typebox';
import { PageSchema } from './envelope.ts';
import { SwapOrderSchema, SwapPlanSchema } from './swap.ts';

/**
 * The contract area's records (spec trading §7 "Contract (swap)"): order, plan, trade, funding and position history,
 * a position's share card, favourites and the disclaimer. Requests re-use common/contracts/swap.ts (`ListBodySchema`
 * for every paged list, `PositionBodySchema` for the share card, `ContractBodySchema` for favourites); prices and
 * money are exact decimal strings, rates decimals ("0.0001" = 0.01 %), times epoch milliseconds.
 */

/** POST /swap/order/history: finished orders (filled, cancelled, partly filled then cancelled), newest first. */
export const SwapOrderPageSchema = PageSchema(SwapOrderSchema);
export type SwapOrderPage = Static<typeof SwapOrderPageSchema>;

/** POST /swap/order/plan-history: plans, TP/SL legs and trailing stops that fired, were cancelled or failed. */
export const SwapPlanPageSchema = PageSchema(SwapPlanSchema);
export type SwapPlanPage = Static<typeof SwapPlanPageSchema>;

/** One of the user's fills (POST /swap/order/trade-history). */
export const SwapFillSchema = Type.Object({
  tradeId: Type.Integer(),
  orderId: Type.Integer(),
  symbol: Type.String(),
  /** The user's order side: 1 buy, 2 sell. */
  direction: Type.Integer(),
  maker: Type.Boolean(),
  price: Type.String(),
  volume: Type.Integer(),
  fee: Type.String(),
  /** PnL the fill realised on a position it reduced, before fees; "0" for an opening fill. */
  realizedPnl: Type.String(),
  /** The order's action code (common/margin/codes.ts ActionCode: close, liquidation, TP/SL…). */
  action: Type.Integer(),
  time: Type.Integer(),
});
export type SwapFill = Static<typeof SwapFillSchema>;
export const SwapFillPageSchema = PageSchema(SwapFillSchema);

/** One funding settlement the user paid (amount < 0) or received (POST /swap/funding/history). */
export const FundingPaymentSchema = Type.Object({
  symbol: Type.String(),
  positionId: Type.Integer(),
  /** 1 long, 2 short. */
  direction: Type.Integer(),
  volume: Type.Integer(),
  rate: Type.String(),
  markPrice: Type.String(),
  amount: Type.String(),
  time: Type.Integer(),
});
export type FundingPayment = Static<typeof FundingPaymentSchema>;
export const FundingPaymentPageSchema = PageSchema(FundingPaymentSchema);

/** One settled funding rate of a contract (GET /swap/funding/rates?symbol=). */
export const FundingRateSchema = Type.Object({
  symbol: Type.String(),
  rate: Type.String(),
  markPrice: Type.String(),
  time: Type.Integer(),
});
export type FundingRate = Static<typeof FundingRateSchema>;
export const FundingRatePageSchema = PageSchema(FundingRateSchema);

/** A closed position (POST /swap/order/positionHistory). */
export const ClosedPositionSchema = Type.Object({
  positionId: Type.Integer(),
  symbol: Type.String(),
  /** 1 long, 2 short. */
  direction: Type.Integer(),
  marginModel: Type.Integer(),
  leverage: Type.Integer(),
  /** Average of the opening fills, and of the closing fills (two decimals finer than the price tick). */
  entryPrice: Type.String(),
  closePrice: Type.String(),
  maxVolume: Type.Integer(),
  closedVolume: Type.Integer(),
  /** PnL of the closes before fees and funding. */
  closePnl: Type.String(),
  fee: Type.String(),
  /** Funding received (positive) or paid over the position's life. */
  funding: Type.String(),
  /** closePnl − fee + funding. */
  realizedPnl: Type.String(),
  /** Action code of the closing order: 1 close, 4 liquidation, 6 ADL, 2/3 and 11–14 TP/SL and trailing, 8 reverse, 0 an
   * opposite opening order (one-way mode flips through zero). */
  closeAction: Type.Integer(),
  openTime: Type.Integer(),
  closeTime: Type.Integer(),
});
export type ClosedPosition = Static<typeof ClosedPositionSchema>;
export const ClosedPositionPageSchema = PageSchema(ClosedPositionSchema);

/** POST /swap/order/share: what a share card shows of an open position (at the mark) or a closed one. */
export const ShareSchema = Type.Object({
  positionId: Type.Integer(),
  symbol: Type.String(),
  direction: Type.Integer(),
  leverage: Type.Integer(),
  entryPrice: Type.String(),
  /** The mark price of an open position, the close average of a closed one. */
  price: Type.String(),
  closed: Type.Boolean(),
  /** Return on the position's initial margin, a decimal ("0.25" = 25 %). */
  roe: Type.String(),
  pnl: Type.String(),
});
export type Share = Static<typeof ShareSchema>;

/** /swap/contract/favor/list: the user's favourite contracts, oldest first. */
export const SwapFavoriteSchema = Type.Object({ symbol: Type.String(), addTime: Type.Integer() });
export type SwapFavorite = Static<typeof SwapFavoriteSchema>;
export const SwapFavoriteListSchema = Type.Array(SwapFavoriteSchema);

/** GET|POST /swap/disclaimer, POST /swap/disclaimer/sign: whether (and when) the user accepted the contract terms. */
export const DisclaimerSchema = Type.Object({
  signed: Type.Boolean(),
  signedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type Disclaimer = Static<typeof DisclaimerSchema>;
