import { ApiCode } from '../../common/api.ts';
import { fromUnits } from '../../common/decimal.ts';
import { Side } from '../../common/trading.ts';
import type { RejectReason } from '../engine/engine.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import type { SpotMarketInfo } from '../exchange/index.ts';

/** Open orders per user and market (the spot account's `oneTimeOrderNum`). */
export const MAX_OPEN_ORDERS = 500;

const REJECTIONS: Record<RejectReason, { code: number; key: MessageKey }> = {
  unknownMarket: { code: ApiCode.unknownMarket, key: 'unknownMarket' },
  marketNotOpen: { code: ApiCode.marketNotOpen, key: 'spotMarketNotOpen' },
  badOrder: { code: ApiCode.badRequest, key: 'badRequest' },
  badPrice: { code: ApiCode.badPrice, key: 'spotBadPrice' },
  badAmount: { code: ApiCode.badAmount, key: 'spotBadAmount' },
  amountTooLarge: { code: ApiCode.badAmount, key: 'spotAmountTooLarge' },
  belowMinAmount: { code: ApiCode.belowMinAmount, key: 'spotBelowMinAmount' },
  belowMinTurnover: { code: ApiCode.belowMinTurnover, key: 'spotBelowMinTurnover' },
  insufficientBalance: { code: ApiCode.insufficientBalance, key: 'spotInsufficientBalance' },
  tooManyOrders: { code: ApiCode.tooManyOrders, key: 'spotTooManyOrders' },
  triggerPriceInvalid: { code: ApiCode.triggerPriceInvalid, key: 'spotTriggerPriceInvalid' },
  orderNotFound: { code: ApiCode.orderNotFound, key: 'spotOrderNotFound' },
};

/** An engine rejection as the spot routes answer it (spec trading §8: a non-zero code changes nothing). */
export function rejection(reason: RejectReason, m: SpotMarketInfo | undefined, side?: number): ApiError {
  const { code, key } = REJECTIONS[reason];
  const params: Record<string, string | number> = { symbol: m?.symbol ?? '', max: MAX_OPEN_ORDERS };
  if (m) {
    params.scale = m.priceScale;
    params.min =
      reason === 'belowMinAmount'
        ? `${fromUnits(BigInt(m.minLots), m.amountScale)} ${m.base}`
        : `${fromUnits(BigInt(m.minQuote), m.quoteDecimals)} ${m.quote}`;
    params.coin = side === Side.buy ? m.quote : m.base;
  }
  return new ApiError(200, code, key, params);
}

export function unknownMarket(symbol: string): ApiError {
  return new ApiError(200, ApiCode.unknownMarket, 'unknownMarket', { symbol });
}
