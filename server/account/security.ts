import type { FastifyInstance } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { SecuritySetting } from '../../common/contracts/account.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { type FactorInput, requireFactors as requireFactorsOf } from './factors.ts';
import { KYC_STATUS, type UserSecurity } from './repository.ts';
import { codeError, fail, mask, verifyList } from './rules.ts';

/** Purposes of codes a signed-in user asks for (the `type` of spec shell §7 "Send phone code and send e-mail code"). */
export const SECURE_TYPES = ['UPDATE_PASSWORD', 'BIND', 'CHANGE', 'GOOGLE', 'TRADE_PASSWORD'] as const;
export type SecureType = (typeof SECURE_TYPES)[number];

/** Purpose key of a signed-in code: bound to the user as well as to the address. */
export const securePurpose = (type: SecureType, userId: number) => `${type}#${userId}`;

export function secureType(text: string | undefined, fallback: SecureType): SecureType {
  const type = (text ?? fallback).toUpperCase();
  if (!(SECURE_TYPES as readonly string[]).includes(type)) throw ApiError.invalidParam('type');
  return type as SecureType;
}

/**
 * The second factors of the signed-in security changes (spec shell §6 "Security factors"): the codes of a change's
 * purpose, the Google code, and the codes of binding or changing an address.
 */
export function securityFactors(app: FastifyInstance) {
  const { repo, codes } = app.account;

  /** The codes a sensitive change needs (factors.ts), issued for this change's purpose. */
  const requireFactors = (user: User, type: SecureType, input: FactorInput, security?: UserSecurity) =>
    requireFactorsOf(app, user, securePurpose(type, user.id), input, security ? { security } : {});

  /** The Google code, when the authenticator is on (its step is then used up). */
  const requireGoogle = async (user: User, googleCode: string | undefined) => {
    const sec = await repo.security(user.id);
    if (!sec.google_enabled || !sec.google_secret) return;
    const now = app.clock();
    const step = verifyTotp(sec.google_secret, googleCode?.trim() ?? '', now, sec.google_last_step);
    if (step === null || !(await repo.advanceGoogleStep(user.id, step, now))) {
      throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
    }
  };

  return {
    requireFactors,
    /**
     * Binding a new address: its own code, plus the code of the channel already bound and the Google code, so that a
     * stolen session cannot add an address and reset the password through it. The new code is spent last.
     */
    async bindWithFactors(
      user: User,
      key: string,
      code: string,
      bound: { emailCode?: string | undefined; phoneCode?: string | undefined },
      googleCode: string | undefined,
    ) {
      const purpose = securePurpose('BIND', user.id);
      const now = app.clock();
      const fresh = codes.check(purpose, key, code.trim(), now, true);
      if (fresh !== 'ok') throw codeError(fresh);
      await requireFactors(user, 'BIND', { ...bound, googleCode });
      codes.check(purpose, key, code.trim(), now);
    },
    /**
     * Changing a bound address: the code sent to the old one and the code sent to the new one (both checked before
     * either is spent, so one wrong code spends neither), then the Google code.
     */
    async changeWithCodes(
      user: User,
      keys: { old: string; fresh: string },
      given: { oldCode: string | undefined; code: string; googleCode: string | undefined },
      missing: MessageKey,
    ) {
      const oldCode = given.oldCode?.trim();
      if (!oldCode) throw fail(200, ApiCode.codeRequired, missing);
      const code = given.code.trim();
      const purpose = securePurpose('CHANGE', user.id);
      const now = app.clock();
      const first = codes.check(purpose, keys.old, oldCode, now, true);
      if (first !== 'ok') throw codeError(first);
      const fresh = codes.check(purpose, keys.fresh, code, now, true);
      if (fresh !== 'ok') throw codeError(fresh);
      await requireGoogle(user, given.googleCode);
      codes.check(purpose, keys.fresh, code, now);
      codes.check(purpose, keys.old, oldCode, now);
    },
  };
}
export type SecurityFactors = ReturnType<typeof securityFactors>;

/** Which factors a user has set, as the security page shows them. */
export async function securitySetting(app: FastifyInstance, user: User): Promise<SecuritySetting> {
  const { repo } = app.account;
  const sec = await repo.security(user.id);
  const kyc = await repo.kyc(user.id);
  return {
    verifyList: verifyList(user),
    email: mask(user.email),
    mobile: mask(user.mobile),
    areaCode: user.area_code,
    emailVerified: user.email ? 1 : 0,
    phoneVerified: user.mobile ? 1 : 0,
    realVerified: kyc?.status === KYC_STATUS.approved ? 1 : 0,
    kycStatus: kyc?.status ?? KYC_STATUS.none,
    googleStatus: sec.google_enabled ? 1 : 0,
    tradePasswordStatus: sec.trade_password_hash ? 1 : 0,
    deviceAuthStatus: sec.device_auth ? 1 : 0,
    withdrawLockedUntil: sec.withdraw_locked_until,
    passwordChangedAt: user.password_changed_at,
  };
}
