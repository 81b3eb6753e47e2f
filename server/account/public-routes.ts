import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiCode } from '../../common/api.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE } from '../auth/captcha.ts';
import { hashPassword } from '../auth/password.ts';
import type { User } from '../db/schema.ts';
import { ApiError } from '../errors/api-error.ts';
import { ok } from '../http/envelope.ts';
import { emptyBodyAsForm } from '../http/read.ts';
import { requestLang } from '../http/request-lang.ts';
import type { Country } from './repository.ts';
import {
  codeError,
  emailDestination,
  endAllSessions,
  fail,
  normalizeEmail,
  normalizePhone,
  phoneDestination,
  requirePassword,
  startSession,
} from './rules.ts';
import { sendCode } from './send.ts';

/** Slider and code types of the public flows (spec shell §7 "Check verify": REGISTER, RESET or the send type). */
export const PUBLIC_TYPES = ['REGISTER', 'RESET', 'LOGIN'] as const;
const TypeText = Type.String({ minLength: 1, maxLength: 32 });
const Target = Type.String({ minLength: 1, maxLength: 64 });
const Phone = Type.String({ minLength: 1, maxLength: 20 });
const Email = Type.String({ minLength: 1, maxLength: 64 });
const CountryText = Type.String({ minLength: 1, maxLength: 8 });
const Code = Type.String({ minLength: 1, maxLength: 64 });
const Token = Type.String({ minLength: 1, maxLength: 128 });
const Password = Type.String({ minLength: 1, maxLength: 64 });
const Promotion = Type.String({ maxLength: 16 });

const CaptchaQuery = Type.Object({ target: Type.Optional(Target), type: Type.Optional(TypeText) });
const CheckBody = Type.Object({
  target: Type.Optional(Target),
  type: Type.Optional(TypeText),
  ratio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  sliderRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  captchaId: Type.Optional(Token),
});
const PhoneSendBody = Type.Object({
  country: CountryText,
  phone: Type.Optional(Phone),
  tel: Type.Optional(Phone),
  mobile: Type.Optional(Phone),
  verifyToken: Type.Optional(Token),
  token: Type.Optional(Token),
  type: Type.Optional(TypeText),
});
const EmailSendBody = Type.Object({
  email: Type.Optional(Email),
  mail: Type.Optional(Email),
  verifyToken: Type.Optional(Token),
  token: Type.Optional(Token),
  type: Type.Optional(TypeText),
});
const ValidCodeBody = Type.Object({
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  registCode: Code,
  country: Type.Optional(CountryText),
  mobile: Type.Optional(Phone),
  email: Type.Optional(Email),
});
const CheckPhoneBody = Type.Object({
  country: CountryText,
  mobile: Phone,
  code: Code,
  type: Type.Optional(TypeText),
});
const CheckEmailBody = Type.Object({ email: Email, code: Code, type: Type.Optional(TypeText) });
const RegisterPhoneBody = Type.Object({
  country: CountryText,
  phone: Type.Optional(Phone),
  mobile: Type.Optional(Phone),
  code: Code,
  password: Password,
  promotion: Type.Optional(Promotion),
  promotionCode: Type.Optional(Promotion),
});
const RegisterEmailBody = Type.Object({
  email: Email,
  code: Code,
  password: Password,
  country: Type.Optional(CountryText),
  promotion: Type.Optional(Promotion),
  promotionCode: Type.Optional(Promotion),
});
const ResetVerifyBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
  country: Type.Optional(CountryText),
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
const ResetPasswordBody = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
  password: Password,
  country: Type.Optional(CountryText),
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

type Static<T extends Type.TSchema> = Type.Static<T>;

/** One of the public types; anything else is a bad parameter. */
function publicType(text: string | undefined, fallback: (typeof PUBLIC_TYPES)[number]): string {
  const type = (text ?? fallback).toUpperCase();
  if (!(PUBLIC_TYPES as readonly string[]).includes(type)) throw ApiError.invalidParam('type');
  return type;
}

/** A phone or e-mail as the flows address it: its code key, the person-readable address and its slider target. */
interface Address {
  kind: 'phone' | 'email';
  key: string;
  address: string;
  target: string;
  email: string | null;
  phone: string | null;
  country: Country | null;
}

/**
 * Public account routes (spec shell §7 "Authentication and user", "Verification wrappers"): the slider captcha, code
 * sends and checks of registration and password reset, registration, the reset itself and the country list.
 */
export async function accountPublicRoutes(app: FastifyInstance): Promise<void> {
  const { repo, userWrites, codes, tickets, captcha } = app.account;

  const countryOf = async (code: string): Promise<Country> => {
    const country = await repo.country(code);
    if (!country) throw fail(400, ApiCode.badRequest, 'unknownCountry', { country: code });
    return country;
  };
  const phoneAddress = async (countryCode: string, phoneText: string | undefined): Promise<Address> => {
    if (phoneText === undefined) throw ApiError.invalidParam('phone');
    const country = await countryOf(countryCode);
    const phone = normalizePhone(phoneText);
    return {
      kind: 'phone',
      key: phoneDestination(country.area_code, phone),
      address: `+${country.area_code} ${phone}`,
      target: phone,
      email: null,
      phone,
      country,
    };
  };
  const emailAddress = (text: string | undefined): Address => {
    if (text === undefined) throw ApiError.invalidParam('email');
    const email = normalizeEmail(text);
    return {
      kind: 'email',
      key: emailDestination(email),
      address: email,
      target: email,
      email,
      phone: null,
      country: null,
    };
  };
  const userAt = async (a: Address): Promise<User | undefined> =>
    a.kind === 'email'
      ? userWrites.findByEmail(a.email ?? '')
      : userWrites.findByMobile(a.country?.area_code ?? '', a.phone ?? '');
  /** An account name of the reset flow: an e-mail, or a phone of the given country. */
  const accountAddress = async (account: string, country: string | undefined, mode: number | undefined) => {
    if (mode === 0 || (mode === undefined && account.includes('@'))) return emailAddress(account);
    if (!country) throw ApiError.invalidParam('country');
    return phoneAddress(country, account);
  };

  // ─── Slider captcha ────────────────────────────────────────────────────────────────────────────────────────────────

  const newChallenge = async (request: FastifyRequest) => {
    const input = (request.body ?? request.query) as Static<typeof CaptchaQuery>;
    const type = publicType(input.type, 'REGISTER');
    const target = (input.target ?? '').trim().toLowerCase();
    const { id, images } = captcha.create(type, target, app.clock());
    if (app.account.delivery.outbox) {
      await app.account.delivery.send({
        channel: 'captcha',
        destination: target,
        purpose: type,
        code: (images.x / CAPTCHA_WIDTH).toFixed(4),
        lang: 'en_US',
      });
    }
    return ok({
      captchaId: id,
      backgroundImage: images.backgroundImage,
      sliderImage: images.sliderImage,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceSize: PIECE_SIZE,
      y: images.y,
    });
  };
  app.get('/uc/verify/captcha', { schema: { querystring: CaptchaQuery } }, newChallenge);
  app.post('/uc/verify/captcha', { preValidation: emptyBodyAsForm, schema: { body: CaptchaQuery } }, newChallenge);
  app.get('/uc/start/captcha', { schema: { querystring: CaptchaQuery } }, newChallenge);

  const checkSlider = async (body: Static<typeof CheckBody>, fallback: (typeof PUBLIC_TYPES)[number]) => {
    const type = publicType(body.type, fallback);
    const ratio = body.ratio ?? body.sliderRatio;
    if (ratio === undefined) throw ApiError.invalidParam('ratio');
    const target = (body.target ?? '').trim().toLowerCase();
    const result = captcha.check(type, target, ratio, app.clock(), body.captchaId);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? fail(200, ApiCode.captchaFailed, 'captchaExpired')
        : fail(200, ApiCode.captchaFailed, 'captchaFailed');
    }
    return ok(result.verifyToken);
  };
  app.post<{ Body: Static<typeof CheckBody> }>('/uc/verify/check', { schema: { body: CheckBody } }, (request) =>
    checkSlider(request.body, 'REGISTER'),
  );
  // The login page's captcha check (spec shell §7 "/uc/login1").
  app.post<{ Body: Static<typeof CheckBody> }>('/uc/login1', { schema: { body: CheckBody } }, (request) =>
    checkSlider(request.body, 'LOGIN'),
  );

  // ─── Code sends ────────────────────────────────────────────────────────────────────────────────────────────────────

  const sendPhone = async (body: Static<typeof PhoneSendBody>, request: FastifyRequest, type: string) => {
    const a = await phoneAddress(body.country, body.phone ?? body.tel ?? body.mobile);
    return sendPublic(a, type, body.verifyToken ?? body.token, request);
  };
  const sendEmail = async (body: Static<typeof EmailSendBody>, request: FastifyRequest, type: string) => {
    const a = emailAddress(body.email ?? body.mail);
    return sendPublic(a, type, body.verifyToken ?? body.token, request);
  };
  /** Same answer whether the account exists or not: only what is delivered differs (DESIGN §5). */
  const sendPublic = async (a: Address, type: string, token: string | undefined, request: FastifyRequest) => {
    if (!token) throw fail(200, ApiCode.verifyTokenInvalid, 'verifyTokenInvalid');
    const exists = (await userAt(a)) !== undefined;
    const deliver = type === 'REGISTER' ? (exists ? 'notice' : 'code') : exists ? 'code' : 'none';
    await sendCode(app, request, {
      purpose: type,
      key: a.key,
      channel: a.kind === 'email' ? 'email' : 'sms',
      address: a.address,
      deliver,
      verifyToken: { type, target: a.target, token },
      background: true,
      lang: requestLang(request),
    });
    return ok(null);
  };
  for (const url of ['/uc/mobile/code', '/uc/pc/mobile/code']) {
    app.post<{ Body: Static<typeof PhoneSendBody> }>(url, { schema: { body: PhoneSendBody } }, (request) =>
      sendPhone(request.body, request, publicType(request.body.type, 'REGISTER')),
    );
  }
  for (const url of ['/uc/reg/email/code', '/uc/pc/reg/email/code']) {
    app.post<{ Body: Static<typeof EmailSendBody> }>(url, { schema: { body: EmailSendBody } }, (request) =>
      sendEmail(request.body, request, publicType(request.body.type, 'REGISTER')),
    );
  }
  app.post<{ Body: Static<typeof PhoneSendBody> }>('/uc/reset/phone/code', { schema: { body: PhoneSendBody } }, (r) =>
    sendPhone(r.body, r, 'RESET'),
  );
  app.post<{ Body: Static<typeof EmailSendBody> }>('/uc/reset/email/code', { schema: { body: EmailSendBody } }, (r) =>
    sendEmail(r.body, r, 'RESET'),
  );

  // ─── Code checks: a right code becomes a single-use ticket (data.verifyCode) for the next step ─────────────────────

  const checkCode = (type: string, a: Address, code: string) => {
    const result = codes.check(type, a.key, code.trim(), app.clock());
    if (result !== 'ok') throw codeError(result);
    return ok({ verifyCode: tickets.issue(type, a.key, app.clock()) });
  };
  app.post<{ Body: Static<typeof ValidCodeBody> }>(
    '/uc/register/check-code',
    { schema: { body: ValidCodeBody } },
    async ({ body }) => {
      const a = body.type === 1 ? await phoneAddress(body.country ?? '', body.mobile) : emailAddress(body.email);
      if (body.type === 1 && !body.country) throw ApiError.invalidParam('country');
      return checkCode('REGISTER', a, body.registCode);
    },
  );
  app.post<{ Body: Static<typeof CheckPhoneBody> }>(
    '/uc/check/mobile/code',
    { schema: { body: CheckPhoneBody } },
    async ({ body }) =>
      checkCode(publicType(body.type, 'REGISTER'), await phoneAddress(body.country, body.mobile), body.code),
  );
  app.post<{ Body: Static<typeof CheckEmailBody> }>(
    '/uc/check/email/code',
    { schema: { body: CheckEmailBody } },
    async ({ body }) => checkCode(publicType(body.type, 'REGISTER'), emailAddress(body.email), body.code),
  );
  app.post<{ Body: Static<typeof ResetVerifyBody> }>(
    '/uc/reset/login/verify',
    { schema: { body: ResetVerifyBody } },
    async ({ body }) => checkCode('RESET', await accountAddress(body.account, body.country, body.mode), body.code),
  );

  /** Spends a ticket from a check, or the code itself. */
  const spendCode = (type: string, a: Address, code: string) => {
    const now = app.clock();
    if (tickets.take(type, a.key, code, now)) return;
    if (!/^\d{6}$/.test(code)) throw fail(200, ApiCode.ticketInvalid, 'ticketInvalid');
    const result = codes.check(type, a.key, code, now);
    if (result !== 'ok') throw codeError(result);
  };

  // ─── Registration ──────────────────────────────────────────────────────────────────────────────────────────────────

  const register = async (
    request: FastifyRequest,
    reply: FastifyReply,
    a: Address,
    input: { code: string; password: string; promotion: string | undefined },
  ) => {
    requirePassword(input.password);
    const promotion = input.promotion?.trim();
    const referrer = promotion ? await userWrites.findByPromotionCode(promotion) : undefined;
    if (promotion && !referrer) throw fail(200, ApiCode.badRequest, 'referralInvalid');
    // The hash is computed before the code is spent, so a slow hash cannot lose a checked code.
    const passwordHash = await hashPassword(input.password);
    spendCode('REGISTER', a, input.code.trim());
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
    const session = await startSession(app, request, reply, user.id);
    return ok({ ...session, id: user.id, uid: user.uid, username: user.username, promotionCode: user.promotion_code });
  };
  app.post<{ Body: Static<typeof RegisterPhoneBody> }>(
    '/uc/register/phone',
    { schema: { body: RegisterPhoneBody } },
    async (request, reply) => {
      const { body } = request;
      const a = await phoneAddress(body.country, body.phone ?? body.mobile);
      return register(request, reply, a, { ...body, promotion: body.promotion ?? body.promotionCode });
    },
  );
  app.post<{ Body: Static<typeof RegisterEmailBody> }>(
    '/uc/register/email',
    { schema: { body: RegisterEmailBody } },
    async (request, reply) => {
      const { body } = request;
      const a = emailAddress(body.email);
      if (body.country) a.country = await countryOf(body.country);
      return register(request, reply, a, { ...body, promotion: body.promotion ?? body.promotionCode });
    },
  );

  // ─── Password reset (forget flow) ──────────────────────────────────────────────────────────────────────────────────

  app.post<{ Body: Static<typeof ResetPasswordBody> }>(
    '/uc/reset/login/password',
    { schema: { body: ResetPasswordBody } },
    async ({ body }) => {
      requirePassword(body.password);
      const a = await accountAddress(body.account, body.country, body.mode);
      const passwordHash = await hashPassword(body.password);
      // Unknown accounts hold a never-delivered code, so they fail here exactly like a wrong code.
      spendCode('RESET', a, body.code.trim());
      const user = await userAt(a);
      if (!user) throw codeError('invalid');
      const now = app.clock();
      await userWrites.setPassword(user.id, passwordHash, now);
      await repo.updateSecurity(user.id, { withdraw_locked_until: now + WITHDRAW_LOCK_MS }, now);
      await endAllSessions(app, user.id);
      // A fresh password: the names it signs in with start over (no captcha); addresses keep their counts.
      for (const name of [user.email, user.username, user.mobile])
        if (name) app.loginGuard.accounts.succeed(name.toLowerCase());
      return ok(null);
    },
  );

  // ─── Country list (spec shell §3 "Country entry") ──────────────────────────────────────────────────────────────────

  const countries = async () => {
    const rows = await repo.countries();
    return ok(
      rows.map((c) => ({
        zhName: c.zh_name,
        enName: c.en_name,
        areaCode: c.area_code,
        twoCode: c.two_code,
        isoCode: c.iso_code,
        countryImageUrl: null,
        flag: flagEmoji(c.two_code),
        label: `${c.en_name} +${c.area_code}`,
      })),
    );
  };
  app.post('/uc/support/country', countries);
  app.get('/uc/support/country', countries);
}

/** Withdrawals stay closed this long after a password change or reset (the 24-hour agreement of spec shell §5). */
export const WITHDRAW_LOCK_MS = 24 * 60 * 60 * 1000;

/** The regional-indicator flag of a two-letter code. */
function flagEmoji(twoCode: string): string {
  return String.fromCodePoint(...[...twoCode.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
