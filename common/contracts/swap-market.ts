import { type Static, Type } from 'typebox';
import { CANDLE_INTERVALS } from '../protocol.ts';
import { ExchangePlateSchema } from './spot-market.ts';
import { ClosedPositionSchema, FundingPaymentSchema } from './swap-history.ts';

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

/**
 * `positionClosed`: a position closed or flipped — its position-history record (common/contracts/swap-history.ts)
 * without what only the stored history knows (funding over its life, and so the net PnL).
 */
export const ClosedPositionNoticeSchema = Type.Omit(ClosedPositionSchema, ['funding', 'realizedPnl']);
export type ClosedPositionNotice = Static<typeof ClosedPositionNoticeSchema>;

/** `funding`: one row of the user's funding history as it settles. */
export const FundingNoticeSchema = FundingPaymentSchema;

/** `liquidation`: the user's position taken over at its bankruptcy price. */
export const LiquidationNoticeSchema = Type.Object({
  symbol: Type.String(),
  direction: Type.Integer(),
  volume: Type.Integer(),
  price: Type.String(),
  time: Type.Number(),
});
export type LiquidationNotice = Static<typeof LiquidationNoticeSchema>;
