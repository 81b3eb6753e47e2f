import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { requestToken, requireUser, userOf } from '../auth/session.ts';
import { hashToken } from '../auth/tokens.ts';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../auth/totp.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import type { MessageKey } from '../errors/messages.ts';
import { ok } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import { type FactorInput, requireFactors as requireFactorsOf } from './factors.ts';
import { LOGIN_TICKET_ATTEMPTS } from './kit.ts';
import { WITHDRAW_LOCK_MS } from './public-routes.ts';
import { KYC_STATUS, type UserSecurity } from './repository.ts';
import {
  boundDestination,
  codeError,
  emailDestination,
  endAllSessions,
  fail,
  mask,
  normalizeEmail,
  normalizePhone,
  phoneDestination,
  requirePassword,
  startSession,
  tooManyAttempts,
  verifyList,
} from './rules.ts';
import { sendCode } from './send.ts';

/** Purposes of codes a signed-in user asks for (the `type` of spec shell §7 "Send phone code and send e-mail code"). */
export const SECURE_TYPES = ['UPDATE_PASSWORD', 'BIND', 'CHANGE', 'GOOGLE', 'TRADE_PASSWORD'] as const;
type SecureType = (typeof SECURE_TYPES)[number];

const Code = Type.String({ minLength: 1, maxLength: 16 });
const CountryText = Type.String({ minLength: 1, maxLength: 8 });
const SendBody = Type.Object({
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  value: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  country: Type.Optional(CountryText),
});
const CodesFields = {
  code: Type.Optional(Code),
  emailCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
};
const UpdatePasswordBody = Type.Object({
  oldPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  newPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  oldPassWord: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  newPassWord: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...CodesFields,
});
const BindEmailBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
  oldCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
});
const BindPhoneBody = Type.Object({
  country: CountryText,
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  mobile: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  code: Code,
  oldCode: Type.Optional(Code),
  emailCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
});
const GoogleBody = Type.Object(CodesFields);
const RevokeDeviceBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const TradePasswordBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 16 }), ...CodesFields });
const LoginTwoBody = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 16 })),
  value: Type.String({ minLength: 1, maxLength: 128 }),
  code: Code,
});

type Static<T extends Type.TSchema> = Type.Static<T>;

/** Purpose key of a signed-in code: bound to the user as well as to the address. */
const securePurpose = (type: SecureType, userId: number) => `${type}#${userId}`;

/**
 * Signed-in security routes (spec shell §6 "Security factors", §7 binding, password update, Google authenticator,
 * transaction password) and the second step of a two-step login.
 */
export async function accountSecurityRoutes(app: FastifyInstance): Promise<void> {
  const { repo, userWrites, codes, loginTickets } = app.account;

  const me = async (request: FastifyRequest): Promise<User> => {
    const user = await app.store.users.findById(userOf(request).id);
    if (!user) throw ApiError.notLoggedIn();
    return user;
  };

  /** The codes a sensitive change needs (server/account/factors.ts), issued for this change's purpose. */
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

  /**
   * Binding a new address: its own code, plus the code of the channel already bound and the Google code, so that a
   * stolen session cannot add an address and reset the password through it. The new code is spent last.
   */
  const bindWithFactors = async (
    user: User,
    key: string,
    code: string,
    bound: { emailCode?: string | undefined; phoneCode?: string | undefined },
    googleCode: string | undefined,
  ) => {
    const purpose = securePurpose('BIND', user.id);
    const now = app.clock();
    const fresh = codes.check(purpose, key, code.trim(), now, true);
    if (fresh !== 'ok') throw codeError(fresh);
    await requireFactors(user, 'BIND', { ...bound, googleCode });
    codes.check(purpose, key, code.trim(), now);
  };

  /**
   * Changing a bound address: the code sent to the old one and the code sent to the new one (both checked before
   * either is spent, so one wrong code spends neither), then the Google code.
   */
  const changeWithCodes = async (
    user: User,
    keys: { old: string; fresh: string },
    given: { oldCode: string | undefined; code: string; googleCode: string | undefined },
    missing: MessageKey,
  ) => {
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
  };

  // ─── Security state, devices ───────────────────────────────────────────────────────────────────────────────────────

  const securityState = async (user: User) => {
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
      withdrawLockedUntil: sec.withdraw_locked_until,
      passwordChangedAt: user.password_changed_at,
    };
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/security/setting',
    onRequest: requireUser,
    handler: async (request) => ok(await securityState(await me(request))),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/member/center',
    onRequest: requireUser,
    handler: async (request) => {
      const user = await me(request);
      const devices = await userWrites.sessions(user.id, app.clock());
      return ok({
        id: user.id,
        uid: user.uid,
        username: user.username,
        promotionCode: user.promotion_code,
        country: user.country,
        kycTwoCode: user.kyc_two_code,
        createTime: user.created_at,
        lastLoginTime: devices[0]?.created_at ?? null,
        lastLoginIp: devices[0]?.ip ?? null,
        ...(await securityState(user)),
      });
    },
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/uc/approve/security/devices',
    onRequest: requireUser,
    handler: async (request) => {
      const current = hashToken(requestToken(request) ?? '');
      const rows = await userWrites.sessions(userOf(request).id, app.clock());
      return ok(
        rows.map((s) => ({
          id: s.id,
          ip: s.ip,
          device: s.user_agent,
          loginTime: s.created_at,
          expireTime: s.expires_at,
          current: s.token_hash === current,
        })),
      );
    },
  });

  /** Signs one login device out: its session and sockets end. Another user's or an unknown id is the same error. */
  app.post<{ Body: Static<typeof RevokeDeviceBody> }>(
    '/uc/approve/security/devices/revoke',
    { onRequest: requireUser, schema: { body: RevokeDeviceBody } },
    async (request) => {
      const rows = await userWrites.sessions(userOf(request).id, app.clock());
      const target = rows.find((s) => s.id === request.body.id);
      if (!target) throw ApiError.invalidParam('id');
      await app.store.sessions.revoke(target.token_hash);
      app.account.sockets.close([target.token_hash]);
      return ok(null);
    },
  );

  // ─── Code sends of a signed-in user ────────────────────────────────────────────────────────────────────────────────

  const secureType = (text: string | undefined, fallback: SecureType): SecureType => {
    const type = (text ?? fallback).toUpperCase();
    if (!(SECURE_TYPES as readonly string[]).includes(type)) throw ApiError.invalidParam('type');
    return type as SecureType;
  };
  /** Sends to a bound address, or (bind, and change with a value) to a new one. */
  const sendSecure = async (
    request: FastifyRequest,
    channel: 'email' | 'phone',
    body: Static<typeof SendBody>,
    fallback: SecureType,
  ) => {
    const user = await me(request);
    const type = secureType(body.type, fallback);
    const bound = boundDestination(user, channel);
    let target: { key: string; address: string };
    if ((type === 'BIND' || type === 'CHANGE') && body.value !== undefined) {
      // A new address: one to bind (its channel must be free) or the new address of a change.
      if (type === 'BIND' && bound) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
      if (type === 'CHANGE' && !bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
      if (channel === 'email') {
        const email = normalizeEmail(body.value);
        target = { key: emailDestination(email), address: email };
      } else {
        if (!body.country) throw ApiError.invalidParam('country');
        const country = await repo.country(body.country);
        if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: body.country });
        const phone = normalizePhone(body.value);
        target = { key: phoneDestination(country.area_code, phone), address: `+${country.area_code} ${phone}` };
      }
    } else {
      // A bound address: it confirms the change (for BIND, the other channel confirms the new one).
      if (!bound) throw fail(200, ApiCode.bindingConflict, 'notBound');
      target = bound;
    }
    await sendCode(app, request, {
      purpose: securePurpose(type, user.id),
      key: target.key,
      channel: channel === 'email' ? 'email' : 'sms',
      address: target.address,
      deliver: 'code',
      userKey: `user:${user.id}`,
      lang: requestLang(request),
    });
    return ok(null);
  };
  const sendRoute = (url: string, channel: 'email' | 'phone', fallback: SecureType) =>
    app.post<{ Body: Static<typeof SendBody> }>(
      url,
      { preValidation: emptyBodyAsForm, onRequest: requireUser, schema: { body: SendBody } },
      (request) => sendSecure(request, channel, request.body, fallback),
    );
  sendRoute('/uc/approve/send/phone', 'phone', 'UPDATE_PASSWORD');
  sendRoute('/uc/approve/send/email', 'email', 'UPDATE_PASSWORD');
  // "Modify password send phone / send e-mail: no payload" (spec shell §7).
  sendRoute('/uc/approve/update/password/phone/code', 'phone', 'UPDATE_PASSWORD');
  sendRoute('/uc/approve/update/password/email/code', 'email', 'UPDATE_PASSWORD');

  // ─── Password update ───────────────────────────────────────────────────────────────────────────────────────────────

  app.post<{ Body: Static<typeof UpdatePasswordBody> }>(
    '/uc/approve/update/password',
    { onRequest: requireUser, schema: { body: UpdatePasswordBody } },
    async (request) => {
      const body = request.body;
      const oldPassword = body.oldPassword ?? body.oldPassWord;
      const newPassword = body.newPassword ?? body.newPassWord;
      if (!oldPassword) throw ApiError.invalidParam('oldPassword');
      if (!newPassword) throw ApiError.invalidParam('newPassword');
      requirePassword(newPassword);
      const user = await me(request);
      // Guessing the old password with a stolen session is throttled like a login.
      const factorKey = `password:${user.id}`;
      const waitMs = app.loginGuard.factors.waitMs(factorKey, app.clock());
      if (waitMs > 0) throw tooManyAttempts(waitMs);
      if (!(await verifyPassword(oldPassword, user.password_hash))) {
        app.loginGuard.factors.fail(factorKey, app.clock());
        throw fail(200, ApiCode.oldPasswordWrong, 'oldPasswordWrong');
      }
      app.loginGuard.factors.succeed(factorKey);
      if (oldPassword === newPassword) throw fail(200, ApiCode.passwordRule, 'samePassword');
      const passwordHash = await hashPassword(newPassword);
      await requireFactors(user, 'UPDATE_PASSWORD', body);
      const now = app.clock();
      await userWrites.setPassword(user.id, passwordHash, now);
      await repo.updateSecurity(user.id, { withdraw_locked_until: now + WITHDRAW_LOCK_MS }, now);
      await endAllSessions(app, user.id);
      return ok(null);
    },
  );

  // ─── Binding and changing an e-mail or phone ───────────────────────────────────────────────────────────────────────

  const assertFree = async (user: User, found: User | undefined) => {
    if (found && found.id !== user.id) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
  };
  const bindEmail = (change: boolean) => async (request: FastifyRequest<{ Body: Static<typeof BindEmailBody> }>) => {
    const user = await me(request);
    const email = normalizeEmail(request.body.email);
    const old = boundDestination(user, 'email');
    if (!change && old) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
    if (change && !old) throw fail(200, ApiCode.bindingConflict, 'notBound');
    if (change && old && old.address === email) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
    await assertFree(user, await userWrites.findByEmail(email));
    const key = emailDestination(email);
    if (change && old) {
      await changeWithCodes(
        user,
        { old: old.key, fresh: key },
        { oldCode: request.body.oldCode, code: request.body.code, googleCode: request.body.googleCode },
        'emailCodeRequired',
      );
    } else {
      await bindWithFactors(
        user,
        key,
        request.body.code,
        { phoneCode: request.body.phoneCode },
        request.body.googleCode,
      );
    }
    try {
      await userWrites.setEmail(user.id, email);
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message))
        throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
      throw error;
    }
    return ok(null);
  };
  const bindPhone = (change: boolean) => async (request: FastifyRequest<{ Body: Static<typeof BindPhoneBody> }>) => {
    const user = await me(request);
    const country = await repo.country(request.body.country);
    if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: request.body.country });
    const raw = request.body.phone ?? request.body.mobile;
    if (raw === undefined) throw ApiError.invalidParam('phone');
    const phone = normalizePhone(raw);
    const old = boundDestination(user, 'phone');
    if (!change && old) throw fail(200, ApiCode.bindingConflict, 'alreadyBound');
    if (change && !old) throw fail(200, ApiCode.bindingConflict, 'notBound');
    const key = phoneDestination(country.area_code, phone);
    if (change && old && old.key === key) throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
    await assertFree(user, await userWrites.findByMobile(country.area_code, phone));
    if (change && old) {
      await changeWithCodes(
        user,
        { old: old.key, fresh: key },
        { oldCode: request.body.oldCode, code: request.body.code, googleCode: request.body.googleCode },
        'phoneCodeRequired',
      );
    } else {
      await bindWithFactors(
        user,
        key,
        request.body.code,
        { emailCode: request.body.emailCode },
        request.body.googleCode,
      );
    }
    try {
      await userWrites.setMobile(user.id, country.area_code, phone);
    } catch (error) {
      if (error instanceof Error && /UNIQUE/.test(error.message))
        throw fail(200, ApiCode.bindingConflict, 'destinationUnavailable');
      throw error;
    }
    return ok(null);
  };
  app.post<{ Body: Static<typeof BindEmailBody> }>(
    '/uc/approve/bind/email',
    { onRequest: requireUser, schema: { body: BindEmailBody } },
    bindEmail(false),
  );
  app.post<{ Body: Static<typeof BindEmailBody> }>(
    '/uc/approve/change/email',
    { onRequest: requireUser, schema: { body: BindEmailBody } },
    bindEmail(true),
  );
  app.post<{ Body: Static<typeof BindPhoneBody> }>(
    '/uc/approve/bind/phone',
    { onRequest: requireUser, schema: { body: BindPhoneBody } },
    bindPhone(false),
  );
  app.post<{ Body: Static<typeof BindPhoneBody> }>(
    '/uc/approve/change/phone',
    { onRequest: requireUser, schema: { body: BindPhoneBody } },
    bindPhone(true),
  );

  // ─── Google authenticator ──────────────────────────────────────────────────────────────────────────────────────────

  app.route({
    method: ['GET', 'POST'],
    url: '/uc/google/googleAuth',
    onRequest: requireUser,
    handler: async (request) => {
      const user = await me(request);
      const sec = await repo.security(user.id);
      if (sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleEnabled');
      const secret = newTotpSecret();
      await repo.updateSecurity(user.id, { pending_google_secret: secret }, app.clock());
      const account = user.email ?? user.username;
      return ok({ secret, otpauthUrl: otpauthUrl(secret, account), account });
    },
  });
  app.post<{ Body: Static<typeof GoogleBody> }>(
    '/uc/google/sendgoogle',
    { preValidation: emptyBodyAsForm, onRequest: requireUser, schema: { body: GoogleBody } },
    async (request) => {
      const user = await me(request);
      const sec = await repo.security(user.id);
      if (sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleEnabled');
      if (!sec.pending_google_secret) throw fail(200, ApiCode.secondFactorState, 'googleSecretMissing');
      const now = app.clock();
      const step = verifyTotp(sec.pending_google_secret, request.body.googleCode?.trim() ?? '', now);
      if (step === null) throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
      await requireFactors(user, 'GOOGLE', request.body, { ...sec, google_enabled: 0 });
      await repo.updateSecurity(
        user.id,
        {
          google_secret: sec.pending_google_secret,
          pending_google_secret: null,
          google_enabled: 1,
          google_last_step: step,
        },
        now,
      );
      return ok(null);
    },
  );
  app.post<{ Body: Static<typeof GoogleBody> }>(
    '/uc/google/jcgoogle',
    { preValidation: emptyBodyAsForm, onRequest: requireUser, schema: { body: GoogleBody } },
    async (request) => {
      const user = await me(request);
      const sec = await repo.security(user.id);
      if (!sec.google_enabled) throw fail(200, ApiCode.secondFactorState, 'googleDisabled');
      await requireFactors(user, 'GOOGLE', request.body, sec);
      await repo.updateSecurity(
        user.id,
        { google_secret: null, google_enabled: 0, pending_google_secret: null },
        app.clock(),
      );
      return ok(null);
    },
  );

  // ─── Transaction password ──────────────────────────────────────────────────────────────────────────────────────────

  app.post<{ Body: Static<typeof TradePasswordBody> }>(
    '/uc/approve/transaction/password',
    { onRequest: requireUser, schema: { body: TradePasswordBody } },
    async (request) => {
      const user = await me(request);
      if (!/^\d{6}$/.test(request.body.password)) throw fail(200, ApiCode.passwordRule, 'tradePasswordRule');
      const hash = await hashPassword(request.body.password);
      await requireFactors(user, 'TRADE_PASSWORD', request.body);
      await repo.updateSecurity(user.id, { trade_password_hash: hash }, app.clock());
      return ok(null);
    },
  );

  // ─── Two-step login, second step (spec shell §7 "/uc/login2{type,value,code}") ─────────────────────────────────────

  app.post<{ Body: Static<typeof LoginTwoBody> }>(
    '/uc/login2',
    { schema: { body: LoginTwoBody } },
    async (request, reply) => {
      const { value: ticket, code } = request.body;
      if ((request.body.type ?? 'google').toLowerCase() !== 'google') throw ApiError.invalidParam('type');
      const now = app.clock();
      const pending = loginTickets.get(ticket);
      if (!pending || pending.expiresAt <= now || pending.attempts >= LOGIN_TICKET_ATTEMPTS) {
        loginTickets.delete(ticket);
        throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
      }
      // Wrong Google codes also count per account, across tickets: a known password must not buy endless guesses.
      const factorKey = `google:${pending.userId}`;
      const waitMs = app.loginGuard.factors.waitMs(factorKey, now);
      if (waitMs > 0) throw tooManyAttempts(waitMs);
      const sec = await repo.security(pending.userId);
      const step = sec.google_secret ? verifyTotp(sec.google_secret, code.trim(), now, sec.google_last_step) : null;
      if (step === null || !(await repo.advanceGoogleStep(pending.userId, step, now))) {
        pending.attempts += 1;
        app.loginGuard.factors.fail(factorKey, now);
        throw fail(200, ApiCode.googleCodeInvalid, 'googleCodeInvalid');
      }
      app.loginGuard.factors.succeed(factorKey);
      loginTickets.delete(ticket);
      const user = await app.store.users.findById(pending.userId);
      if (!user) throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
      const session = await startSession(app, request, reply, user.id);
      return ok({ ...session, id: user.id, uid: user.uid, username: user.username });
    },
  );
}
