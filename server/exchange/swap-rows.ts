import type { ClosedPosition } from '../engine/contracts/fills.ts';
import type { Holding, PositionTally } from '../engine/contracts/holdings.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { SwapPlan } from '../engine/contracts/plans.ts';
import type { SwapEvent, SwapTrade } from '../engine/contracts/types.ts';

/**
 * The contract engine's effects as flat journal rows (one batch, like spot's): settings, preferences, positions,
 * orders and plans as they stand after the batch; trades and funding payments as appended. Amounts that may pass
 * 2^53 (fine units) travel as decimal text.
 */

/** One value of a journal row. */
export type Value = string | number | null;

export interface SwapSections {
  swapSettings: Value[];
  swapPrefs: Value[];
  swapPositions: Value[];
  swapOrders: Value[];
  swapPlans: Value[];
  swapTrades: Value[];
  /** Written by batches before migration 0016 only: funding payments now travel in `swapPayments`. */
  swapFunding: Value[];
  swapTallies: Value[];
  swapFills: Value[];
  swapPayments: Value[];
  swapFundingRates: Value[];
}

/** Values per row of each section, in projection order (projection.ts writes them after spot's). */
export const SWAP_SECTIONS = [
  ['swapSettings', 6],
  ['swapPrefs', 2],
  ['swapPositions', 16],
  ['swapOrders', 23],
  ['swapPlans', 25],
  ['swapTrades', 10],
  ['swapFunding', 7],
  // Migration 0016: new sections, so batches written before still project with their widths.
  ['swapTallies', 7],
  ['swapFills', 12],
  ['swapPayments', 9],
  ['swapFundingRates', 4],
] as const;

/** The SQL of each section: insert head, then the upsert tail (empty for appended rows). */
export const SWAP_SQL: Record<keyof SwapSections, [string, string]> = {
  swapSettings: [
    'insert into swap_settings (user_id, symbol, margin_model, position_class, leverage_long, leverage_short)',
    `on conflict (user_id, symbol) do update set margin_model = excluded.margin_model,
       position_class = excluded.position_class, leverage_long = excluded.leverage_long,
       leverage_short = excluded.leverage_short`,
  ],
  swapPrefs: [
    'insert into swap_preferences (user_id, price_preference)',
    'on conflict (user_id) do update set price_preference = excluded.price_preference',
  ],
  swapPositions: [
    `insert into swap_positions (id, user_id, symbol, position_side, sign, contracts, max_contracts, cost, margin_model,
       leverage, isolated_margin, realized, adl_quantile, opened_at, updated_at, closed_at)`,
    `on conflict (id) do update set sign = excluded.sign, contracts = excluded.contracts,
       max_contracts = excluded.max_contracts, cost = excluded.cost, margin_model = excluded.margin_model,
       leverage = excluded.leverage, isolated_margin = excluded.isolated_margin, realized = excluded.realized,
       adl_quantile = excluded.adl_quantile,
       updated_at = excluded.updated_at, closed_at = excluded.closed_at`,
  ],
  swapOrders: [
    `insert into swap_orders (id, user_id, symbol, side, type, position_side, reduce_only, close_all, margin_model,
       leverage, action, price, volume, remaining, filled, cost, fee, frozen, status, tpsl, book_seq, created_at,
       updated_at)`,
    `on conflict (id) do update set remaining = excluded.remaining, filled = excluded.filled, cost = excluded.cost,
       fee = excluded.fee, frozen = excluded.frozen, status = excluded.status, book_seq = excluded.book_seq,
       updated_at = excluded.updated_at`,
  ],
  swapPlans: [
    `insert into swap_plans (id, user_id, symbol, kind, side, position_side, trigger_type, watch, trigger_price,
       crossing, order_type, order_price, volume, tpsl_mode, trail_active, trail_rate, trail_extreme, pair_id,
       parent_order_id, action, status, order_id, reason, created_at, updated_at)`,
    `on conflict (id) do update set volume = excluded.volume, trail_extreme = excluded.trail_extreme,
       pair_id = excluded.pair_id, status = excluded.status, order_id = excluded.order_id, reason = excluded.reason,
       updated_at = excluded.updated_at`,
  ],
  swapTrades: [
    `insert into swap_trades (id, symbol, price, contracts, taker_side, maker_order_id, taker_order_id, maker_user_id,
       taker_user_id, time)`,
    '',
  ],
  swapFunding: ['insert into swap_funding (user_id, symbol, position_id, amount, rate, mark, time)', ''],
  swapTallies: [
    `insert into swap_position_tallies (position_id, open_value, open_contracts, close_value, close_contracts, fees,
       close_action)`,
    `on conflict (position_id) do update set open_value = excluded.open_value,
       open_contracts = excluded.open_contracts, close_value = excluded.close_value,
       close_contracts = excluded.close_contracts, fees = excluded.fees, close_action = excluded.close_action`,
  ],
  swapFills: [
    `insert into swap_fills (trade_id, user_id, order_id, symbol, side, maker, price, contracts, fee, pnl, action,
       time)`,
    '',
  ],
  swapPayments: [
    `insert into swap_funding (user_id, symbol, position_id, position_side, contracts, amount, rate, mark, time)`,
    '',
  ],
  // A settlement replayed after a crash writes its instant once.
  swapFundingRates: ['insert into swap_funding_rates (symbol, time, rate, mark)', 'on conflict do nothing'],
};

/** Collects a batch's contract effects, latest state per object. */
export class SwapRows {
  private readonly settings = new Map<string, Value[]>();
  private readonly prefs = new Map<number, Value[]>();
  private readonly positions = new Map<number, Value[]>();
  private readonly orders = new Set<ContractOrder>();
  private readonly plans = new Set<SwapPlan>();
  private trades: SwapTrade[] = [];
  private readonly tallies = new Map<number, Value[]>();
  private fills: Value[] = [];
  private payments: Value[] = [];
  private rates: Value[] = [];

  record(events: readonly SwapEvent[]): void {
    for (const e of events) {
      if (e.type === 'order') this.orders.add(e.order);
      else if (e.type === 'trade') this.trades.push(e.trade);
      else if (e.type === 'fill') {
        const { tradeId, order: o, maker, price, contracts, fee, pnl, time } = e;
        const row = [tradeId, o.userId, o.id, o.symbol, o.side, maker ? 1 : 0, price, contracts, fee, pnl.toString()];
        this.fills.push(...row, o.action, time);
      } else if (e.type === 'plan') this.plans.add(e.plan);
      // A slot gone flat wrote its row when it closed (positionClosed); the flat slot adds nothing.
      else if (e.type === 'position' && e.holding.position) this.position(e.holding);
      else if (e.type === 'positionClosed') this.closed(e.closed);
      else if (e.type === 'settings') {
        const s = e.settings;
        const row = [e.userId, e.symbol, s.marginModel, s.positionClass, s.leverageLong, s.leverageShort];
        this.settings.set(`${e.userId}\u0000${e.symbol}`, row);
      } else if (e.type === 'preference') this.prefs.set(e.userId, [e.userId, e.preference]);
      else if (e.type === 'funding') {
        const { userId, symbol, positionId, positionSide, contracts, amount, rate, mark, time } = e;
        this.payments.push(userId, symbol, positionId, positionSide, contracts, amount, rate.toString(), mark, time);
      } else if (e.type === 'fundingRate') this.rates.push(e.symbol, e.time, e.rate.toString(), e.mark);
    }
  }

  private position(h: Holding): void {
    this.positions.set(h.id, positionRow(h));
    this.tallies.set(h.id, tallyRow(h.id, h.tally, null));
  }

  private closed(c: ClosedPosition): void {
    this.positions.set(c.id, closedRow(c));
    this.tallies.set(c.id, tallyRow(c.id, c.tally, c.action));
  }

  /** The rows since the last collect, and a fresh start. */
  collect(): SwapSections {
    const sections: SwapSections = {
      swapSettings: [...this.settings.values()].flat(),
      swapPrefs: [...this.prefs.values()].flat(),
      swapPositions: [...this.positions.values()].flat(),
      swapOrders: [...this.orders].flatMap(orderRow),
      swapPlans: [...this.plans].flatMap(planRow),
      swapTrades: this.trades.flatMap(tradeRow),
      swapFunding: [],
      swapTallies: [...this.tallies.values()].flat(),
      swapFills: this.fills,
      swapPayments: this.payments,
      swapFundingRates: this.rates,
    };
    this.settings.clear();
    this.prefs.clear();
    this.positions.clear();
    this.orders.clear();
    this.plans.clear();
    this.trades = [];
    this.tallies.clear();
    this.fills = [];
    this.payments = [];
    this.rates = [];
    return sections;
  }
}

/** An open position's row, read when its event is recorded. */
function positionRow(h: Holding): Value[] {
  const p = h.position as NonNullable<Holding['position']>;
  return [
    h.id,
    h.userId,
    h.symbol,
    h.positionSide,
    p.sign,
    p.contracts,
    h.maxContracts,
    p.cost.toString(),
    h.marginModel,
    h.leverage,
    h.isolatedMargin,
    h.realized.toString(),
    h.adlQuantile,
    h.openedAt,
    h.updatedAt,
    null,
  ];
}

function closedRow(c: ClosedPosition): Value[] {
  return [
    c.id,
    c.userId,
    c.symbol,
    c.positionSide,
    c.sign,
    0,
    c.maxContracts,
    c.cost.toString(),
    c.marginModel,
    c.leverage,
    0,
    c.realized.toString(),
    0,
    c.openedAt,
    c.closedAt,
    c.closedAt,
  ];
}

function orderRow(o: ContractOrder): Value[] {
  return [
    o.id,
    o.userId,
    o.symbol,
    o.side,
    o.type,
    o.positionSide,
    o.reduceOnly ? 1 : 0,
    o.closeAll ? 1 : 0,
    o.marginModel,
    o.leverage,
    o.action,
    o.price,
    o.volume,
    o.remaining,
    o.filled,
    o.cost.toString(),
    o.fee,
    o.frozen,
    o.status,
    o.tpsl ? JSON.stringify(o.tpsl) : null,
    o.bookSeq,
    o.createdAt,
    o.updatedAt,
  ];
}

function planRow(p: SwapPlan): Value[] {
  return [
    p.id,
    p.userId,
    p.symbol,
    p.kind,
    p.side,
    p.positionSide,
    p.triggerType,
    p.watch,
    p.triggerPrice,
    p.crossing,
    p.orderType,
    p.orderPrice,
    p.volume,
    p.tpslMode,
    p.trail ? (p.trail.activePrice ?? 0) : null,
    p.trail ? p.trail.rate.toString() : null,
    p.trail ? p.trail.extreme : null,
    p.pairId,
    p.parentOrderId,
    p.action,
    p.status,
    p.orderId,
    p.reason,
    p.createdAt,
    p.updatedAt,
  ];
}

function tradeRow(t: SwapTrade): Value[] {
  return [
    t.id,
    t.symbol,
    t.price,
    t.contracts,
    t.takerSide,
    t.maker.id,
    t.taker.id,
    t.maker.userId,
    t.taker.userId,
    t.time,
  ];
}

function tallyRow(id: number, t: PositionTally, action: number | null): Value[] {
  return [id, t.openValue.toString(), t.openContracts, t.closeValue.toString(), t.closeContracts, t.fees, action];
}
