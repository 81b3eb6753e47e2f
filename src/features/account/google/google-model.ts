// The rule of /google (spec shell §2, §7): the authenticator's six-digit code, then the bound channels' codes (the
// authenticator's own code is asked for already). Pure; tests/src/features/account/security-models.test.ts checks it.
import type { FactorCodes, SecuritySetting } from '../api.ts';
import { codeError, missingFactor, type RuleKey } from '../validation.ts';

export function googleProblem(security: SecuritySetting, codes: FactorCodes): RuleKey | null {
  const googleRule = codes.googleCode ? codeError(codes.googleCode) : 'googleCodeRequired';
  return googleRule ?? missingFactor({ ...security, googleStatus: 0 }, codes);
}
