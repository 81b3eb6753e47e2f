import { type Static, Type } from 'typebox';
import { PageSchema, PagingFields } from './envelope.ts';

/**
 * Perpetual contracts (spec trading §7 "Contract (swap)": /swap/*). Prices and money are exact decimal strings on the
 * contract's grids; sizes are whole contracts (`volume`); the codes are those of common/margin/codes.ts and
 * common/order-codes.ts. A contract is named by its symbol (`BTC/USDT`); `contractCoinId` is accepted as its alias.
 */

const SymbolText = Type.String({ minLength: 1, maxLength: 32 });
const Price = Type.String({ minLength: 1, maxLength: 40 });
const Volume = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });
const Direction = Type.Integer({ minimum: 1, maximum: 2 });
const TriggerTypeField = Type.Integer({ minimum: 1, maximum: 2 });
const Id = Type.Integer({ minimum: 1 });
const contract = { symbol: Type.Optional(SymbolText), contractCoinId: Type.Optional(SymbolText) };

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /swap/order/open: direction 1 opens long, 2 short; type 1 limit, 2 market, 3 FOK; a trigger makes a plan. */
export const OpenBodySchema = Type.Object({
  ...contract,
  direction: Direction,
  type: Type.Integer({ minimum: 1, maximum: 3 }),
  entrustPrice: Type.Optional(Price),
  volume: Volume,
  triggerPrice: Type.Optional(Price),
  triggerType: Type.Optional(TriggerTypeField),
  stopLossPrice: Type.Optional(Price),
  takeProfitPrice: Type.Optional(Price),
  reduceOnly: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type OpenBody = Static<typeof OpenBodySchema>;

/** POST /swap/order/close: direction names the position, 1 long or 2 short. */
export const CloseBodySchema = Type.Object({
  ...contract,
  direction: Direction,
  type: Type.Integer({ minimum: 1, maximum: 3 }),
  entrustPrice: Type.Optional(Price),
  volume: Volume,
  triggerPrice: Type.Optional(Price),
  triggerType: Type.Optional(TriggerTypeField),
});
export type CloseBody = Static<typeof CloseBodySchema>;

export const ContractBodySchema = Type.Object(contract);
export type ContractBody = Static<typeof ContractBodySchema>;

/** POST /swap/order/cancel: an order, or a plan (TP/SL, trailing stop, plan order). */
export const CancelBodySchema = Type.Object({ orderId: Type.Optional(Id), planId: Type.Optional(Id) });
export type CancelBody = Static<typeof CancelBodySchema>;

/** POST /swap/order/modify-leverage: direction (hedge mode) 1 long, 2 short; both sides without it. */
export const LeverageBodySchema = Type.Object({
  ...contract,
  leverage: Type.Integer({ minimum: 1, maximum: 1000 }),
  direction: Type.Optional(Direction),
});
export type LeverageBody = Static<typeof LeverageBodySchema>;

/** POST /swap/order/switch-pattern: margin model 1 cross / 2 isolated and/or position class 1 multi / 2 single. */
export const PatternBodySchema = Type.Object({
  ...contract,
  marginModel: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  positionClass: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type PatternBody = Static<typeof PatternBodySchema>;

/** POST /swap/order/ajust-principal: type 1 adds, 2 removes `amount` of isolated margin. */
export const PrincipalBodySchema = Type.Object({
  positionId: Id,
  amount: Price,
  type: Type.Integer({ minimum: 1, maximum: 2 }),
});
export type PrincipalBody = Static<typeof PrincipalBodySchema>;

/**
 * POST /swap/order/position-take-profit-stop-loss: mode 1 whole, 2 partial (sizes in `stopProfitPositionNum`,
 * `stopLossPositionNum`); a trailing stop with `activePrice` and `drawDownOffset` (callback rate, e.g. "0.01").
 */
export const TpslBodySchema = Type.Object({
  positionId: Id,
  tpslMode: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  stopProfitPrice: Type.Optional(Price),
  stopLossPrice: Type.Optional(Price),
  triggerType: Type.Optional(TriggerTypeField),
  orderPrice: Type.Optional(Price),
  stopProfitPositionNum: Type.Optional(Volume),
  stopLossPositionNum: Type.Optional(Volume),
  activePrice: Type.Optional(Price),
  drawDownOffset: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
});
export type TpslBody = Static<typeof TpslBodySchema>;

export const PositionBodySchema = Type.Object({ positionId: Id });
export type PositionBody = Static<typeof PositionBodySchema>;

export const ListBodySchema = Type.Object({ ...contract, ...PagingFields });
export type ListBody = Static<typeof ListBodySchema>;

/** POST /swap/preference/price: 0 default, 1 mark, 2 latest. */
export const PreferenceBodySchema = Type.Object({ pricePreference: Type.Integer({ minimum: 0, maximum: 2 }) });
export type PreferenceBody = Static<typeof PreferenceBodySchema>;

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** One risk bracket (spec `riskValues`, `riskValues1000`). */
export const RiskTierSchema = Type.Object({ floor: Type.String(), maxLeverage: Type.Integer(), mmr: Type.String() });

/** A contract of the catalogue with its live prices (GET /swap/symbol-thumb, the header search's contract tab). */
export const ContractThumbSchema = Type.Object({
  symbol: Type.String(),
  baseCoin: Type.String(),
  quoteCoin: Type.String(),
  quoteDecimal: Type.Integer(),
  contractSize: Type.String(),
  last: Type.String(),
  mark: Type.String(),
  index: Type.String(),
  fundingRate: Type.String(),
  nextFundingTime: Type.Integer(),
  maxLeverage: Type.Integer(),
  /** Open interest: contracts held long (as many are held short), every user's positions. */
  openInterest: Type.Integer({ minimum: 0 }),
  /** 24 h change of the last price as a fraction (0.0123 = +1.23 %); 0 before any trade. */
  chg: Type.Number(),
});
export type ContractThumb = Static<typeof ContractThumbSchema>;

/** A contract's terms (spec symbolInfo and risk limits). */
export const ContractInfoSchema = Type.Object({
  symbol: Type.String(),
  baseCoin: Type.String(),
  quoteCoin: Type.String(),
  baseDecimal: Type.Integer(),
  quoteDecimal: Type.Integer(),
  /** Decimals of the settle coin's ledger (USDT 6): the grid the margin module computes on (common/margin/grid.ts). */
  settleDecimals: Type.Integer(),
  contractSize: Type.String(),
  minVolume: Type.Integer(),
  maxLeverage: Type.Integer(),
  defLeverage: Type.Integer(),
  canOpenLv1000: Type.Boolean(),
  makerFee: Type.String(),
  takerFee: Type.String(),
  riskValues: Type.Array(RiskTierSchema),
  riskValues1000: Type.Union([Type.Array(RiskTierSchema), Type.Null()]),
});
export type ContractInfo = Static<typeof ContractInfoSchema>;

/** The user's choices on a contract. */
export const SettingsSchema = Type.Object({
  marginModel: Type.Integer(),
  positionClass: Type.Integer(),
  leverageLong: Type.Integer(),
  leverageShort: Type.Integer(),
  pricePreference: Type.Integer(),
});

/** The contract wallet of the settle coin. */
export const SwapWalletSchema = Type.Object({
  coin: Type.String(),
  /** Wallet balance: free plus frozen (reservations and isolated margins). */
  balance: Type.String(),
  frozen: Type.String(),
  /** What new orders and transfers out may use: free less what cross positions commit. */
  available: Type.String(),
  unrealizedPnl: Type.String(),
});
export type SwapWallet = Static<typeof SwapWalletSchema>;

/** GET|POST /swap/trade-init: the contract, the user's settings and wallet (null when signed out). */
export const TradeInitSchema = Type.Object({
  contract: ContractInfoSchema,
  settings: Type.Union([SettingsSchema, Type.Null()]),
  wallet: Type.Union([SwapWalletSchema, Type.Null()]),
});
export type TradeInit = Static<typeof TradeInitSchema>;

/** An order as the API and the `user` channel show it. */
export const SwapOrderSchema = Type.Object({
  orderId: Type.Integer(),
  symbol: Type.String(),
  direction: Type.Integer(),
  type: Type.Integer(),
  /** 1 long, 2 short: the position the order works on. */
  positionDirection: Type.Integer(),
  reduceOnly: Type.Boolean(),
  action: Type.Integer(),
  marginModel: Type.Integer(),
  leverage: Type.Integer(),
  entrustPrice: Type.String(),
  volume: Type.Integer(),
  dealVolume: Type.Integer(),
  averagePrice: Type.String(),
  fee: Type.String(),
  frozenMargin: Type.String(),
  status: Type.Integer(),
  createTime: Type.Integer(),
  updateTime: Type.Integer(),
});
export type SwapOrder = Static<typeof SwapOrderSchema>;

/** A plan, TP/SL leg or trailing stop. */
export const SwapPlanSchema = Type.Object({
  planId: Type.Integer(),
  symbol: Type.String(),
  planType: Type.String(),
  direction: Type.Integer(),
  positionDirection: Type.Integer(),
  triggerType: Type.Integer(),
  triggerPrice: Type.String(),
  orderPrice: Type.String(),
  volume: Type.Integer(),
  tpslMode: Type.Integer(),
  activePrice: Type.String(),
  drawDownOffset: Type.String(),
  pairId: Type.Integer(),
  status: Type.Integer(),
  orderId: Type.Integer(),
  createTime: Type.Integer(),
});
export type SwapPlan = Static<typeof SwapPlanSchema>;

/** A position with what it is worth at the mark (spec position: positionId, direction, margin). */
export const PositionSchema = Type.Object({
  positionId: Type.Integer(),
  symbol: Type.String(),
  /** 1 long, 2 short. */
  direction: Type.Integer(),
  volume: Type.Integer(),
  entryPrice: Type.String(),
  /**
   * The entry's exact cost: Σ fill notional of the open contracts in the settle coin, to the margin grid's fine unit
   * (common/margin/grid.ts), so a client previews with the engine's own integers (the entry price is rounded).
   */
  entryValue: Type.Optional(Type.String()),
  markPrice: Type.String(),
  /** "" where no price liquidates it (a 1× long). */
  liquidationPrice: Type.String(),
  marginModel: Type.Integer(),
  leverage: Type.Integer(),
  margin: Type.String(),
  maintenanceMargin: Type.String(),
  marginRatio: Type.String(),
  unrealizedPnl: Type.String(),
  roe: Type.String(),
  realizedPnl: Type.String(),
  adlQuantile: Type.Integer(),
  openTime: Type.Integer(),
});
export type Position = Static<typeof PositionSchema>;

export const PositionListSchema = Type.Array(PositionSchema);

/** POST /swap/order/current: open orders and waiting plans. */
export const CurrentSchema = Type.Object({
  orders: PageSchema(SwapOrderSchema),
  plans: Type.Array(SwapPlanSchema),
});
export type Current = Static<typeof CurrentSchema>;

export const ContractThumbListSchema = Type.Array(ContractThumbSchema);
