import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '../../common/i18n.ts';
import { type FactorInput, requireFactors, sendFactorCode } from '../account/factors.ts';
import { verifyList } from '../account/rules.ts';
import type { User } from '../db/schema.ts';
import { DepositCode, refuse } from './deposit-errors.ts';

/** Codes a withdrawal is confirmed with; bound to the user as well as to the address (like the security purposes). */
export const withdrawPurpose = (userId: number) => `WITHDRAW#${userId}`;

/** The codes of one withdrawal: one per bound channel of verifyList and the Google code when it is on. */
export function requireWithdrawFactors(app: FastifyInstance, user: User, input: FactorInput): Promise<void> {
  return requireFactors(app, user, withdrawPurpose(user.id), input);
}

/** Refuses a user who has nothing to confirm a withdrawal with, or whose withdrawals are locked (password change). */
export async function requireWithdrawAllowed(app: FastifyInstance, user: User): Promise<void> {
  const sec = await app.account.repo.security(user.id);
  const lockedMs = sec.withdraw_locked_until - app.clock();
  if (lockedMs > 0) {
    throw refuse(DepositCode.withdrawLocked, 'withdrawalLocked', { hours: Math.ceil(lockedMs / 3_600_000) });
  }
  if (verifyList(user).length === 0 && !sec.google_enabled) throw refuse(DepositCode.noFactor, 'withdrawalNoFactor');
}

/** Sends the withdrawal code to a bound e-mail or phone (spec shell §7 "/uc/withdraw/code"), under every send rule. */
export function sendWithdrawCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  channel: 'email' | 'phone',
  lang: Lang,
): Promise<void> {
  return sendFactorCode(app, request, user, channel, withdrawPurpose(user.id), lang);
}
