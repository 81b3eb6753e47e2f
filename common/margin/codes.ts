/**
 * The contract area's enumerations (spec trading §4, §9), shared by the exchange, its wire contracts and the terminal.
 * Values are the spec's numbers; names are the spec's words. Side, order type and trigger type are spot's
 * (common/trading.ts).
 */
import { OrderStatus } from '../trading.ts';

/** Contract order status: spot's 0–4 (common/trading.ts) and 5 cancelling, 6 cancel changes (spec trading §4). */
export const ContractOrderStatus = { ...OrderStatus, cancelling: 5, cancelChanges: 6 } as const;
export type ContractOrderStatus = (typeof ContractOrderStatus)[keyof typeof ContractOrderStatus];

/** Margin model: 1 cross, 2 isolated. */
export const MarginModel = { cross: 1, isolated: 2 } as const;
export type MarginModel = (typeof MarginModel)[keyof typeof MarginModel];

/** Position class: 1 multi (hedge, a long and a short per symbol), 2 single (one-way). */
export const PositionClass = { multi: 1, single: 2 } as const;
export type PositionClass = (typeof PositionClass)[keyof typeof PositionClass];

/** TP/SL mode: 1 whole position, 2 partial (own size). */
export const TpslMode = { whole: 1, partial: 2 } as const;
export type TpslMode = (typeof TpslMode)[keyof typeof TpslMode];

/** Position cancel type: 1 single, 2 all. */
export const PositionCancelType = { single: 1, all: 2 } as const;
export type PositionCancelType = (typeof PositionCancelType)[keyof typeof PositionCancelType];

/** Leverage type: 1 follow, 2 customer. */
export const LeverageType = { follow: 1, customer: 2 } as const;
export type LeverageType = (typeof LeverageType)[keyof typeof LeverageType];

/** Price preference for PnL and triggers: 0 default, 1 mark price, 2 latest price. */
export const PricePreference = { default: 0, mark: 1, latest: 2 } as const;
export type PricePreference = (typeof PricePreference)[keyof typeof PricePreference];

/** The order form's tab: 0 market, 1 limit, 2 plan. */
export const OpenTab = { market: 0, limit: 1, plan: 2 } as const;
export type OpenTab = (typeof OpenTab)[keyof typeof OpenTab];

/** Action codes 0–14: what caused a fill or event (spec trading §4, "futures action codes"). */
export const ActionCode = {
  open: 0,
  close: 1,
  stopLoss: 2,
  takeProfit: 3,
  liquidation: 4,
  fillOrKill: 5,
  autoDeleveraging: 6,
  addMargin: 7,
  positionReverse: 8,
  blast: 9,
  deliveryClose: 10,
  positionTakeProfit: 11,
  positionStopLoss: 12,
  drawdownTakeProfit: 13,
  drawdownStopLoss: 14,
} as const;
export type ActionCode = (typeof ActionCode)[keyof typeof ActionCode];

/** The spec's special leverage level (trading §9), allowed only where a symbol has `canOpenLv1000`. */
export const LEVERAGE_1000 = 1000;

/** A contract order that still rests: open, partly filled, or being cancelled. */
export function isContractOpen(status: number): boolean {
  return (
    status === ContractOrderStatus.open ||
    status === ContractOrderStatus.partlyFilled ||
    status === ContractOrderStatus.cancelling
  );
}
