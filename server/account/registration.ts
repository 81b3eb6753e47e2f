import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { RegisterResult } from '../../common/contracts/account.ts';
import { hashPassword } from '../auth/password.ts';
import type { User } from '../db/schema.ts';
import type { Address, PublicAddresses } from './addresses.ts';
import { codeError, endAllSessions, fail, requirePassword, startSession, WITHDRAW_LOCK_MS } from './rules.ts';

export interface RegisterInput {
  code: string;
  password: string;
  promotion: string | undefined;
}

/**
 * Opens an account at a checked address: the password rule, the referral code, the code (or its ticket), then the
 * user and a session. The hash is computed before the code is spent, so a slow hash cannot lose a checked code.
 */
export async function register(
  app: FastifyInstance,
  addresses: PublicAddresses,
  http: { request: FastifyRequest; reply: FastifyReply },
  a: Address,
  input: RegisterInput,
): Promise<RegisterResult> {
  const { repo, userWrites } = app.account;
  requirePassword(input.password);
  const promotion = input.promotion?.trim();
  const referrer = promotion ? await userWrites.findByPromotionCode(promotion) : undefined;
  if (promotion && !referrer) throw fail(200, ApiCode.badRequest, 'referralInvalid');
  const passwordHash = await hashPassword(input.password);
  addresses.spendCode('REGISTER', a, input.code.trim());
  const now = app.clock();
  let user: User;
  try {
    user = await app.store.users.create({
      // A phone account's name keeps the area code apart, so that (+1, 2345…) and (+12, 345…) never meet.
      username: a.kind === 'email' ? (a.email ?? '') : `+${a.country?.area_code ?? ''}-${a.phone ?? ''}`,
      email: a.email,
      mobile: a.phone,
      country: a.country?.two_code ?? null,
      area_code: a.country?.area_code ?? null,
      password_hash: passwordHash,
      kyc_two_code: null,
      created_at: now,
      password_changed_at: now,
    });
  } catch (error) {
    // Two sign-ups for one address at once: the second is refused like a wrong code.
    if (error instanceof Error && /UNIQUE/.test(error.message)) throw codeError('invalid');
    throw error;
  }
  if (referrer) await repo.addReferral(user.id, referrer.id, now);
  const session = await startSession(app, http.request, http.reply, user.id);
  return { ...session, id: user.id, uid: user.uid, username: user.username, promotionCode: user.promotion_code };
}

/**
 * The forget flow's last step: a new password for the account at `a`. Unknown accounts hold a never-delivered code,
 * so they fail at the code exactly like a wrong code. Withdrawals close for 24 hours and every session ends.
 */
export async function resetPassword(
  app: FastifyInstance,
  addresses: PublicAddresses,
  a: Address,
  input: { code: string; password: string },
): Promise<void> {
  const { repo, userWrites } = app.account;
  const passwordHash = await hashPassword(input.password);
  addresses.spendCode('RESET', a, input.code.trim());
  const user = await addresses.userAt(a);
  if (!user) throw codeError('invalid');
  const now = app.clock();
  await userWrites.setPassword(user.id, passwordHash, now);
  await repo.updateSecurity(user.id, { withdraw_locked_until: now + WITHDRAW_LOCK_MS }, now);
  await endAllSessions(app, user.id);
  // A fresh password: the names it signs in with start over (no captcha); addresses keep their counts.
  for (const name of [user.email, user.username, user.mobile]) {
    if (name) app.loginGuard.accounts.succeed(name.toLowerCase());
  }
}
