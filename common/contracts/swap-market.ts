import { type Static, Type } from 'typebox';
import { CANDLE_INTERVALS } from '../protocol.ts';
import { ExchangePlateSchema } from './spot-market.ts';

/**
 * Perpetuals' market data over REST (spec trading §7 "Contract (swap)": /swap/history, /swap/exchange-plate-*) and the
 * contract notices of the `user` channel. Candles and plates have the spot routes' shapes, on the contract's price grid,
 * volumes in whole contracts. A contract is named by its symbol (`BTC/USDT` or `BTC_USDT`); `contractCoinId` is its alias.
 */

const SymbolText = Type.String({ minLength: 1, maxLength: 32 });
const contract = { symbol: Type.Optional(SymbolText), contractCoinId: Type.Optional(SymbolText) };

export const SwapContractQuerySchema = Type.Object(contract);
export type SwapContractQuery = Static<typeof SwapContractQuerySchema>;

/** `/swap/history`: the query of `/market/history`. */
export const SwapHistoryQuerySchema = Type.Object({
  ...contract,
  resolution: Type.Enum(CANDLE_INTERVALS),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SwapHistoryQuery = Static<typeof SwapHistoryQuerySchema>;

/** `/swap/exchange-plate*`: the spot plate; `symbol` is the contract's. */
export const SwapPlateSchema = ExchangePlateSchema;
export type SwapPlate = Static<typeof SwapPlateSchema>;

// ─── `user` channel notices (common/protocol.ts USER_SWAP_KINDS) ─────────────────────────────────────────────────────

/** `positionClosed`: a position closed or flipped; its final numbers (money in the settle coin). */
export const ClosedPositionSchema = Type.Object({
  positionId: Type.Integer(),
  symbol: Type.String(),
  /** 1 long, 2 short. */
  direction: Type.Integer(),
  /** The largest size it reached, contracts. */
  maxVolume: Type.Integer(),
  realizedPnl: Type.String(),
  marginModel: Type.Integer(),
  leverage: Type.Integer(),
  openTime: Type.Number(),
  closeTime: Type.Number(),
});
export type ClosedPosition = Static<typeof ClosedPositionSchema>;

/** `funding`: one position's funding at a settlement; `amount` < 0 paid, > 0 received. */
export const FundingNoticeSchema = Type.Object({
  symbol: Type.String(),
  positionId: Type.Integer(),
  direction: Type.Integer(),
  amount: Type.String(),
  rate: Type.String(),
  markPrice: Type.String(),
  time: Type.Number(),
});
export type FundingNotice = Static<typeof FundingNoticeSchema>;

/** `liquidation`: the user's position taken over at its bankruptcy price. */
export const LiquidationNoticeSchema = Type.Object({
  symbol: Type.String(),
  direction: Type.Integer(),
  volume: Type.Integer(),
  price: Type.String(),
  time: Type.Number(),
});
export type LiquidationNotice = Static<typeof LiquidationNoticeSchema>;
