import { ApiCode } from '../../common/api.ts';
import type { SwapRejectReason } from '../engine/contracts/types.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';

/** Each engine refusal as the contract routes answer it (spec trading §8: a non-zero code changes nothing). */
const REJECTIONS: Record<SwapRejectReason, { code: number; key: MessageKey }> = {
  unknownContract: { code: ApiCode.unknownContract, key: 'swapUnknownContract' },
  badOrder: { code: ApiCode.badRequest, key: 'badRequest' },
  badPrice: { code: ApiCode.swapBadPrice, key: 'swapBadPrice' },
  badVolume: { code: ApiCode.swapBadVolume, key: 'swapBadVolume' },
  belowMinVolume: { code: ApiCode.swapBelowMinVolume, key: 'swapBelowMinVolume' },
  noPosition: { code: ApiCode.noPosition, key: 'swapNoPosition' },
  noLiquidity: { code: ApiCode.noLiquidity, key: 'swapNoLiquidity' },
  notFillable: { code: ApiCode.notFillable, key: 'swapNotFillable' },
  riskLimitExceeded: { code: ApiCode.riskLimitExceeded, key: 'swapRiskLimitExceeded' },
  insufficientMargin: { code: ApiCode.insufficientMargin, key: 'swapInsufficientMargin' },
  orderNotFound: { code: ApiCode.swapOrderNotFound, key: 'swapOrderNotFound' },
  leverageNotAllowed: { code: ApiCode.leverageNotAllowed, key: 'swapLeverageNotAllowed' },
  positionOrOrdersOpen: { code: ApiCode.positionOrOrdersOpen, key: 'swapPositionOrOrdersOpen' },
  notIsolated: { code: ApiCode.notIsolated, key: 'swapNotIsolated' },
  badAmount: { code: ApiCode.swapBadAmount, key: 'swapBadAmount' },
  badTrigger: { code: ApiCode.badTrigger, key: 'swapBadTrigger' },
  triggerWouldFire: { code: ApiCode.triggerWouldFire, key: 'swapTriggerWouldFire' },
  noPrice: { code: ApiCode.noPrice, key: 'swapNoPrice' },
  badRate: { code: ApiCode.badRate, key: 'swapBadRate' },
  planNotFound: { code: ApiCode.planNotFound, key: 'swapPlanNotFound' },
};

/** The parameters the messages name. */
export interface RefusalParams {
  symbol?: string;
  scale?: number;
  min?: number;
  max?: number;
}

export function swapRefusal(reason: SwapRejectReason, params: RefusalParams = {}): ApiError {
  const { code, key } = REJECTIONS[reason];
  return new ApiError(200, code, key, { symbol: '', scale: 0, min: 0, max: 0, ...params });
}
