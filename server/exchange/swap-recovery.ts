import type {
  ActionCode,
  ContractOrderStatus,
  MarginModel,
  PositionClass,
  PricePreference,
  TpslMode,
} from '../../common/margin/codes.ts';
import type { RiskTierRow } from '../../common/margin/tiers.ts';
import type { OrderType, Side, TriggerType } from '../../common/order-codes.ts';
import type { Sqlite } from '../db/schema.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { SwapEngine } from '../engine/contracts/engine.ts';
import type { PositionTally } from '../engine/contracts/holdings.ts';
import type { ContractOrder } from '../engine/contracts/order.ts';
import type { PlanKind, PlanStatus, SwapPlan, Watch } from '../engine/contracts/plans.ts';
import type { PlanExecution, PositionSide } from '../engine/contracts/terms.ts';

/**
 * The contract engine's state from its tables (migration 0015), after the journal's recovery has projected every
 * acknowledged batch: the catalogue with its brackets, then settings, preferences, open positions, open orders in
 * time priority, waiting plans, id counters and last prices — exactly as last committed.
 */

interface CatalogueRow {
  symbol: string;
  base: string;
  quote: string;
  decimals: number;
  price_scale: number;
  contract_size: string;
  min_volume: number;
  max_leverage: number;
  def_leverage: number;
  can_open_lv1000: number;
  maker_fee: string;
  taker_fee: string;
}

/** Enabled perpetuals in catalogue order, with their risk brackets and the settle coin's ledger decimals. */
export function loadContracts(sqlite: Sqlite): ContractRow[] {
  const rows = sqlite
    .prepare(
      `select c.symbol, c.base, c.quote, q.decimals, c.price_scale, c.contract_size, c.min_volume, c.max_leverage,
         c.def_leverage, c.can_open_lv1000, c.maker_fee, c.taker_fee
       from swap_contracts c join coins q on q.unit = c.quote where c.enabled = 1 order by c.sort`,
    )
    .all() as CatalogueRow[];
  const tiers = sqlite
    .prepare(
      'select symbol, tier_table, floor, max_leverage, mmr from swap_risk_tiers order by symbol, tier_table, tier',
    )
    .all() as { symbol: string; tier_table: string; floor: string; max_leverage: number; mmr: string }[];
  const tableOf = (symbol: string, table: string): RiskTierRow[] =>
    tiers
      .filter((t) => t.symbol === symbol && t.tier_table === table)
      .map((t) => ({ floor: t.floor, maxLeverage: t.max_leverage, mmr: t.mmr }));
  return rows.map((r) => {
    const lv1000 = tableOf(r.symbol, 'lv1000');
    const row: ContractRow = {
      symbol: r.symbol,
      base: r.base,
      quote: r.quote,
      settleDecimals: r.decimals,
      priceScale: r.price_scale,
      contractSize: r.contract_size,
      minVolume: r.min_volume,
      maxLeverage: r.max_leverage,
      defLeverage: r.def_leverage,
      canOpenLv1000: r.can_open_lv1000 === 1,
      makerFee: r.maker_fee,
      takerFee: r.taker_fee,
      riskValues: tableOf(r.symbol, 'normal'),
      riskValues1000: lv1000.length > 0 ? lv1000 : null,
    };
    return row;
  });
}

export function restoreSwap(sqlite: Sqlite, engine: SwapEngine): void {
  restoreSettings(sqlite, engine);
  restorePositions(sqlite, engine);
  restoreOrders(sqlite, engine);
  restorePlans(sqlite, engine);
  const max = (sql: string) => (sqlite.prepare(sql).get() as { n: number | null }).n ?? 0;
  engine.nextOrderId = max('select max(id) as n from swap_orders') + 1;
  // Liquidation transfers take ids of the trade sequence too: they are only in swap_fills.
  engine.nextTradeId =
    Math.max(max('select max(id) as n from swap_trades'), max('select max(trade_id) as n from swap_fills')) + 1;
  engine.nextBookSeq = max('select max(book_seq) as n from swap_orders') + 1;
  engine.holdings.nextPositionId = Math.max(
    engine.holdings.nextPositionId,
    max('select max(id) as n from swap_positions') + 1,
  );
  const last = sqlite.prepare(
    'select symbol, price from swap_trades where id in (select max(id) from swap_trades group by symbol)',
  );
  for (const t of last.all() as { symbol: string; price: number }[]) engine.restorePrice(t.symbol, t.price);
}

function restoreSettings(sqlite: Sqlite, engine: SwapEngine): void {
  const rows = sqlite.prepare('select * from swap_settings').all() as {
    user_id: number;
    symbol: string;
    margin_model: MarginModel;
    position_class: PositionClass;
    leverage_long: number;
    leverage_short: number;
  }[];
  for (const r of rows) {
    const market = engine.market(r.symbol);
    if (!market) continue;
    const settings = engine.holdings.settings(r.user_id, market.contract);
    settings.marginModel = r.margin_model;
    settings.positionClass = r.position_class;
    settings.leverageLong = r.leverage_long;
    settings.leverageShort = r.leverage_short;
  }
  const prefs = sqlite.prepare('select user_id, price_preference from swap_preferences').all() as {
    user_id: number;
    price_preference: PricePreference;
  }[];
  for (const p of prefs) engine.restorePreference(p.user_id, p.price_preference);
}

function restorePositions(sqlite: Sqlite, engine: SwapEngine): void {
  const rows = sqlite
    .prepare(
      `select p.*, t.open_value, t.open_contracts, t.close_value, t.close_contracts, t.fees from swap_positions p
       left join swap_position_tallies t on t.position_id = p.id where p.closed_at is null order by p.id`,
    )
    .all() as ({
    id: number;
    user_id: number;
    symbol: string;
    position_side: PositionSide;
    sign: 1 | -1;
    contracts: number;
    max_contracts: number;
    cost: string;
    margin_model: MarginModel;
    leverage: number;
    isolated_margin: number;
    realized: string;
    adl_quantile: number;
    opened_at: number;
    updated_at: number;
  } & TallyColumns)[];
  for (const r of rows) {
    const market = engine.market(r.symbol);
    if (!market) continue;
    const settings = engine.holdings.settings(r.user_id, market.contract);
    const h = engine.holdings.slot(r.user_id, r.symbol, r.position_side, settings);
    Object.assign(h, {
      id: r.id,
      position: { sign: r.sign, contracts: r.contracts, cost: BigInt(r.cost) },
      maxContracts: r.max_contracts,
      marginModel: r.margin_model,
      leverage: r.leverage,
      isolatedMargin: r.isolated_margin,
      realized: BigInt(r.realized),
      adlQuantile: r.adl_quantile,
      tally: tallyOf(r),
      openedAt: r.opened_at,
      updatedAt: r.updated_at,
    });
    engine.restoredPosition(h);
  }
}

/** 0016's tally of a position; null columns (a position opened before 0016) count from zero. */
interface TallyColumns {
  open_value: string | null;
  open_contracts: number | null;
  close_value: string | null;
  close_contracts: number | null;
  fees: number | null;
}

function tallyOf(r: TallyColumns): PositionTally {
  return {
    openValue: BigInt(r.open_value ?? '0'),
    openContracts: r.open_contracts ?? 0,
    closeValue: BigInt(r.close_value ?? '0'),
    closeContracts: r.close_contracts ?? 0,
    fees: r.fees ?? 0,
  };
}

function restoreOrders(sqlite: Sqlite, engine: SwapEngine): void {
  const rows = sqlite
    .prepare('select * from swap_orders where status in (0, 3) order by book_seq, id')
    .all() as SwapOrderRow[];
  for (const r of rows) engine.restoreOrder(orderOfRow(r));
}

/** A row of swap_orders as stored. */
export interface SwapOrderRow {
  id: number;
  user_id: number;
  symbol: string;
  side: Side;
  type: OrderType;
  position_side: PositionSide;
  reduce_only: number;
  close_all: number;
  margin_model: MarginModel;
  leverage: number;
  action: ActionCode;
  price: number;
  volume: number;
  remaining: number;
  filled: number;
  cost: string;
  fee: number;
  frozen: number;
  status: ContractOrderStatus;
  tpsl: string | null;
  book_seq: number;
  created_at: number;
  updated_at: number;
}

/** An order from its row (recovery, and the order history's views). */
export function orderOfRow(r: SwapOrderRow): ContractOrder {
  return {
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    positionSide: r.position_side,
    reduceOnly: r.reduce_only === 1,
    marginModel: r.margin_model,
    leverage: r.leverage,
    closeAll: r.close_all === 1,
    action: r.action,
    price: r.price,
    volume: r.volume,
    createdAt: r.created_at,
    remaining: r.remaining,
    filled: r.filled,
    cost: BigInt(r.cost),
    fee: r.fee,
    frozen: r.frozen,
    status: r.status,
    tpsl: r.tpsl ? (JSON.parse(r.tpsl) as { takeProfit?: PlanExecution; stopLoss?: PlanExecution }) : null,
    bookSeq: r.book_seq,
    updatedAt: r.updated_at,
    prev: null,
    next: null,
  };
}

function restorePlans(sqlite: Sqlite, engine: SwapEngine): void {
  const rows = sqlite.prepare('select * from swap_plans where status = 0 order by id').all() as SwapPlanRow[];
  for (const r of rows) engine.restorePlan(planOfRow(r));
}

/** A row of swap_plans as stored. */
export interface SwapPlanRow {
  id: number;
  user_id: number;
  symbol: string;
  kind: PlanKind;
  side: Side;
  position_side: PositionSide;
  trigger_type: TriggerType;
  watch: Watch;
  trigger_price: number;
  crossing: 'rise' | 'fall';
  order_type: OrderType;
  order_price: number;
  volume: number;
  tpsl_mode: TpslMode | 0;
  trail_active: number | null;
  trail_rate: string | null;
  trail_extreme: number | null;
  pair_id: number;
  parent_order_id: number;
  action: ActionCode;
  status: PlanStatus;
  order_id: number;
  reason: string;
  created_at: number;
  updated_at: number;
}

/** A plan from its row (recovery, and the plan history's views). */
export function planOfRow(r: SwapPlanRow): SwapPlan {
  return {
    id: r.id,
    userId: r.user_id,
    symbol: r.symbol,
    kind: r.kind,
    side: r.side,
    positionSide: r.position_side,
    triggerType: r.trigger_type,
    watch: r.watch,
    triggerPrice: r.trigger_price,
    crossing: r.crossing,
    orderType: r.order_type,
    orderPrice: r.order_price,
    volume: r.volume,
    tpslMode: r.tpsl_mode,
    trail:
      r.trail_rate === null
        ? null
        : {
            closingSide: r.side === 1 ? 1 : 2,
            activePrice: r.trail_active || null,
            rate: BigInt(r.trail_rate),
            extreme: r.trail_extreme,
          },
    pairId: r.pair_id,
    parentOrderId: r.parent_order_id,
    action: r.action,
    status: r.status,
    orderId: r.order_id,
    reason: r.reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
