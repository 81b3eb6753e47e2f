import type { ActionCode, PricePreference } from '../../../common/margin/codes.ts';
import type { OrderType, Side } from '../../../common/trading.ts';
import type { OrderBook } from '../book.ts';
import type { Contract } from './contract.ts';
import type { ClosedPosition } from './fills.ts';
import type { Holding, SymbolSettings } from './holdings.ts';
import type { ContractOrder } from './order.ts';
import type { PlanRefusal } from './planner.ts';
import type { PlanBook, SwapPlan } from './plans.ts';
import type { PlanExecution, PositionSide } from './terms.ts';

/** One perpetual's book and prices (ticks). */
export interface SwapMarket {
  readonly contract: Contract;
  readonly book: OrderBook<ContractOrder>;
  readonly plans: PlanBook;
  lastPrice: number;
  mark: number;
  index: number;
}

export interface SwapTrade {
  readonly id: number;
  readonly symbol: string;
  readonly price: number;
  readonly contracts: number;
  readonly takerSide: Side;
  readonly maker: ContractOrder;
  readonly taker: ContractOrder;
  readonly time: number;
}

export type SwapEvent =
  | { type: 'order'; order: ContractOrder }
  | { type: 'trade'; trade: SwapTrade }
  | { type: 'position'; holding: Holding }
  | { type: 'plan'; plan: SwapPlan }
  /** One user's side of a fill, on the book or off it (liquidation transfer, ADL): a row of trade history. */
  | {
      type: 'fill';
      tradeId: number;
      order: ContractOrder;
      maker: boolean;
      price: number;
      contracts: number;
      /** Ledger units paid; PnL realised by what it closed, fine units, before fees. */
      fee: number;
      pnl: bigint;
      time: number;
    }
  /** A position closed or flipped: its final row for position history (the slot may already hold the next one). */
  | { type: 'positionClosed'; closed: ClosedPosition }
  /** A user's margin model, position class or leverage on a symbol changed. */
  | { type: 'settings'; userId: number; symbol: string; settings: SymbolSettings }
  | { type: 'preference'; userId: number; preference: PricePreference }
  /** Funding paid (amount < 0) or received by one position at a settlement, ledger units. */
  | {
      type: 'funding';
      userId: number;
      symbol: string;
      positionSide: PositionSide;
      positionId: number;
      contracts: number;
      amount: number;
      rate: bigint;
      mark: number;
      time: number;
    }
  /** A contract's funding settled at `rate` (10^-8) and `mark`: one row of its public funding history. */
  | { type: 'fundingRate'; symbol: string; rate: bigint; mark: number; time: number }
  /** A position liquidated at its bankruptcy price (the public liquidation feed and the user's notice). */
  | {
      type: 'liquidation';
      userId: number;
      symbol: string;
      positionSide: PositionSide;
      sign: 1 | -1;
      contracts: number;
      price: number;
      time: number;
    }
  | { type: 'level'; symbol: string; side: Side; price: number; volume: number };

export type SwapRejectReason =
  | 'unknownContract'
  | 'badOrder'
  | 'badPrice'
  | 'badVolume'
  | 'belowMinVolume'
  | 'noPosition'
  | 'noLiquidity'
  | 'notFillable'
  | 'riskLimitExceeded'
  | 'insufficientMargin'
  | 'orderNotFound'
  | 'leverageNotAllowed'
  /** Mode switches need the symbol flat: no position and no open order (research §1.3). */
  | 'positionOrOrdersOpen'
  | 'notIsolated'
  | 'badAmount'
  | PlanRefusal;

export type SwapResult =
  | { ok: true; order: ContractOrder | null; plans?: SwapPlan[]; events: SwapEvent[] }
  | { ok: false; reason: SwapRejectReason; events: SwapEvent[] };

/** An order as a user (or the engine itself: TP/SL, liquidation) asks for it, in engine units. */
export interface SwapPlace {
  userId: number;
  symbol: string;
  side: Side;
  /** Limit (1), market (2) or fill-or-kill (3); conditional orders wait in the plan book and arrive here as these. */
  type: OrderType;
  /** Ticks; ignored for market orders. */
  price: number;
  /** Contracts. */
  volume: number;
  /** A close (`/swap/order/close`): works on the position it closes and never adds to it. */
  close?: boolean;
  /** One-way mode: never add (hedge mode refuses it, as Binance does: closes are the way to reduce there). */
  reduceOnly?: boolean;
  closeAll?: boolean;
  action?: ActionCode;
  /** A market order's worst price (a liquidation's bankruptcy price, the fund's mark); none for users' orders. */
  bound?: number;
  /** TP/SL given with an opening order (spec `takeProfitPrice`, `stopLossPrice`). */
  takeProfit?: PlanExecution;
  stopLoss?: PlanExecution;
}
