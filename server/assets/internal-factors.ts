import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import { boundDestination, codeError, fail, verifyList } from '../account/rules.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { UserSecurity } from '../db/repositories/account.ts';
import type { User } from '../db/schema.ts';

/** Purpose of an internal-transfer code: bound to the sender as well as to the address. */
export const internalPurpose = (userId: number) => `INTERNAL#${userId}`;

export interface FactorInput {
  emailCode?: string | undefined;
  phoneCode?: string | undefined;
  googleCode?: string | undefined;
}

/**
 * The codes an internal transfer needs: one per bound channel (verifyList, spec shell §3, §5) and the Google code when
 * the authenticator is on; the rule of `requireFactors` in server/http/account-security.ts, for the INTERNAL purpose.
 * Every code is checked before any is spent, so one wrong code does not cost the others. `spend: false` (the
 * transfer check) only looks at the codes that were given and spends none; wrong ones still count against the code.
 */
export async function checkFactors(
  app: FastifyInstance,
  user: User,
  security: UserSecurity,
  input: FactorInput,
  spend: boolean,
): Promise<void> {
  const { codes, repo } = app.account;
  const now = app.clock();
  const purpose = internalPurpose(user.id);
  const checks: { key: string; code: string }[] = [];
  for (const channel of verifyList(user)) {
    const code = (channel === 'email' ? input.emailCode : input.phoneCode)?.trim();
    if (!code) {
      if (!spend) continue;
      throw fail(200, ApiCode.codeRequired, channel === 'email' ? 'emailCodeRequired' : 'phoneCodeRequired');
    }
    const destination = boundDestination(user, channel);
    if (destination) checks.push({ key: destination.key, code });
  }
  let googleStep: number | null = null;
  const googleCode = input.googleCode?.trim() ?? '';
  if (security.google_enabled && security.google_secret && (spend || googleCode)) {
    googleStep = verifyTotp(security.google_secret, googleCode, now, security.google_last_step);
    if (googleStep === null) throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
  }
  for (const check of checks) {
    const result = codes.check(purpose, check.key, check.code, now, true);
    if (result !== 'ok') throw codeError(result);
  }
  if (!spend) return;
  for (const check of checks) codes.check(purpose, check.key, check.code, now);
  // The step moves forward once: two racing requests cannot both use one Google code.
  if (googleStep !== null && !(await repo.advanceGoogleStep(user.id, googleStep, now))) {
    throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
  }
}
