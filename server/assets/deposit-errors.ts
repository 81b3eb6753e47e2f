import { ApiCode } from '../../common/api.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';

/**
 * Envelope codes of the deposit, withdrawal and address-book calls (issue 9). A non-zero code changes nothing; the
 * message says why in the reader's language (server/http/assets-deposit-messages.ts).
 */
export const DepositCode = {
  /** Unknown coin or network, or deposits / withdrawals of it are suspended. */
  networkUnavailable: 4501,
  addressInvalid: 4502,
  memoRequired: 4503,
  memoInvalid: 4504,
  amountInvalid: 4505,
  amountPrecision: 4506,
  belowMinimum: 4507,
  amountTooLarge: 4508,
  insufficientBalance: ApiCode.insufficientBalance,
  /** 24 hours after a password change or reset. */
  withdrawLocked: 4509,
  ownAddress: 4510,
  recordNotFound: ApiCode.notFound,
  notCancellable: 4511,
  duplicateWithdrawal: 4512,
  /** No e-mail, phone or Google authenticator to confirm a withdrawal with. */
  noFactor: 4513,
  addressBookFull: 4514,
  addressBookDuplicate: 4515,
  memberInvalid: 4516,
  remarkTooLong: 4517,
  unknownDepositAddress: 4518,
  badTransition: 4519,
} as const;
export type DepositCode = (typeof DepositCode)[keyof typeof DepositCode];

/** A refusal: HTTP 200 with its code and translated message, as the request layer expects (spec shell §8). */
export function refuse(code: DepositCode, key: MessageKey, params: Record<string, string | number> = {}): ApiError {
  return new ApiError(200, code, key, params);
}
