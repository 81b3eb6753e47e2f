import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiCode } from '../../common/api.ts';
import type { Lang } from '../../common/i18n.ts';
import { verifyTotp } from '../auth/totp.ts';
import type { User } from '../db/schema.ts';
import type { UserSecurity } from './repository.ts';
import { boundDestination, codeError, fail, verifyList } from './rules.ts';
import { sendCode } from './send.ts';

/** The codes a sensitive action is confirmed with; `code` is the e-mail code under its older name. */
export interface FactorInput {
  code?: string | undefined;
  emailCode?: string | undefined;
  phoneCode?: string | undefined;
  googleCode?: string | undefined;
}

/**
 * Checks the second factors of a sensitive action (password change, withdrawal, internal transfer): one code per bound
 * channel of verifyList (spec shell §3, §5), issued for `purpose`, and the Google code when the authenticator is on.
 * Every code is checked before any is spent, so one wrong code does not cost the others, and the Google step moves
 * forward once, so two racing requests cannot both use one code. `spend: false` (a pre-check) looks only at the codes
 * given and spends none; a wrong one still counts against its code.
 */
export async function requireFactors(
  app: FastifyInstance,
  user: User,
  purpose: string,
  input: FactorInput,
  options: { security?: UserSecurity; spend?: boolean } = {},
): Promise<void> {
  const spend = options.spend ?? true;
  const { codes, repo } = app.account;
  const now = app.clock();
  const checks: { key: string; code: string }[] = [];
  for (const channel of verifyList(user)) {
    const code = (channel === 'email' ? (input.emailCode ?? input.code) : input.phoneCode)?.trim();
    if (!code) {
      if (!spend) continue;
      throw fail(200, ApiCode.codeRequired, channel === 'email' ? 'emailCodeRequired' : 'phoneCodeRequired');
    }
    const destination = boundDestination(user, channel);
    if (destination) checks.push({ key: destination.key, code });
  }
  const security = options.security ?? (await repo.security(user.id));
  const googleCode = input.googleCode?.trim() ?? '';
  let googleStep: number | null = null;
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
  if (googleStep !== null && !(await repo.advanceGoogleStep(user.id, googleStep, now))) {
    throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
  }
}

/** Sends the code of a signed-in `purpose` to the user's bound e-mail or phone, under every send rule. */
export async function sendFactorCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: User,
  channel: 'email' | 'phone',
  purpose: string,
  lang: Lang,
): Promise<void> {
  const bound = boundDestination(user, channel);
  if (!bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
  await sendCode(app, request, {
    purpose,
    key: bound.key,
    channel: bound.channel,
    address: bound.address,
    deliver: 'code',
    userKey: `user:${user.id}`,
    lang,
  });
}
