import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import { boundDestination, codeError, fail, verifyList } from '../account/rules.ts';
import { sendCode } from '../account/send.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { User } from '../db/schema.ts';
import { DepositCode, refuse } from './deposit-errors.ts';

/** Codes a withdrawal is confirmed with; bound to the user as well as to the address (like the security purposes). */
export const withdrawPurpose = (userId: number) => `WITHDRAW#${userId}`;

export interface FactorInput {
  emailCode?: string | undefined;
  phoneCode?: string | undefined;
  googleCode?: string | undefined;
}

/**
 * The codes a withdrawal needs, with the rules of the password change (server/http/account-security.ts
 * `requireFactors`, which is local to that module): one per bound channel of verifyList and the Google code when the
 * authenticator is on. Every code is checked before any is spent, so one wrong code does not cost the others.
 */
export async function requireWithdrawFactors(app: FastifyInstance, user: User, input: FactorInput): Promise<void> {
  const { codes, repo } = app.account;
  const now = app.clock();
  const purpose = withdrawPurpose(user.id);
  const checks: { key: string; code: string }[] = [];
  for (const channel of verifyList(user)) {
    const destination = boundDestination(user, channel);
    const code = (channel === 'email' ? input.emailCode : input.phoneCode)?.trim();
    if (!code) throw fail(200, ApiCode.codeRequired, channel === 'email' ? 'emailCodeRequired' : 'phoneCodeRequired');
    if (destination) checks.push({ key: destination.key, code });
  }
  const sec = await repo.security(user.id);
  let googleStep: number | null = null;
  if (sec.google_enabled && sec.google_secret) {
    googleStep = verifyTotp(sec.google_secret, input.googleCode?.trim() ?? '', now, sec.google_last_step);
    if (googleStep === null) throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
  }
  for (const check of checks) {
    const result = codes.check(purpose, check.key, check.code, now, true);
    if (result !== 'ok') throw codeError(result);
  }
  for (const check of checks) codes.check(purpose, check.key, check.code, now);
  if (googleStep !== null && !(await repo.advanceGoogleStep(user.id, googleStep, now))) {
    throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
  }
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
export async function sendWithdrawCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  channel: 'email' | 'phone',
): Promise<void> {
  const bound = boundDestination(user, channel);
  if (!bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
  await sendCode(app, request, {
    purpose: withdrawPurpose(user.id),
    key: bound.key,
    channel: bound.channel,
    address: bound.address,
    deliver: 'code',
    userKey: `user:${user.id}`,
  });
}
