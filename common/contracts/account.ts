import { type Static, type TSchema, Type } from 'typebox';

/**
 * Account and security (spec shell §7 "Authentication and user", "Verification wrappers"; issue 6): login and
 * sessions, the slider captcha, code sends and checks, registration, password reset and change, binding an e-mail or
 * phone, Google authenticator, the transaction password, login devices, KYC and the country list. Posts are
 * form-encoded; the session token travels in the x-auth-token header both ways.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Flag = Type.Integer({ minimum: 0, maximum: 1 });

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const LoginBodySchema = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  country: Type.Optional(Type.String({ maxLength: 64 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  deviceCode: Type.Optional(Type.String({ maxLength: 128 })),
  /** A solved LOGIN slider of this account name, required after repeated failures (captchaRequired). */
  verifyToken: Type.Optional(Type.String({ maxLength: 128 })),
});
export type LoginBody = Static<typeof LoginBodySchema>;

const TypeText = Type.String({ minLength: 1, maxLength: 32 });
const Target = Type.String({ minLength: 1, maxLength: 64 });
const Phone = Type.String({ minLength: 1, maxLength: 20 });
const Email = Type.String({ minLength: 1, maxLength: 64 });
const CountryText = Type.String({ minLength: 1, maxLength: 8 });
const LongCode = Type.String({ minLength: 1, maxLength: 64 });
const Token = Type.String({ minLength: 1, maxLength: 128 });
const NewPassword = Type.String({ minLength: 1, maxLength: 64 });
const Promotion = Type.String({ maxLength: 16 });

/** Slider challenge: `type` REGISTER, RESET or LOGIN and the account name it is for. */
export const CaptchaQuerySchema = Type.Object({ target: Type.Optional(Target), type: Type.Optional(TypeText) });
export type CaptchaQuery = Static<typeof CaptchaQuerySchema>;

/** Slider check: where the piece was dropped, as a ratio of the width (`sliderRatio` is the spec's name). */
export const CaptchaCheckBodySchema = Type.Object({
  target: Type.Optional(Target),
  type: Type.Optional(TypeText),
  ratio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  sliderRatio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  captchaId: Type.Optional(Token),
});
export type CaptchaCheckBody = Static<typeof CaptchaCheckBodySchema>;

/** Register or reset code by SMS: the phone under any of its spec names, and the slider's verify token. */
export const PhoneCodeBodySchema = Type.Object({
  country: CountryText,
  phone: Type.Optional(Phone),
  tel: Type.Optional(Phone),
  mobile: Type.Optional(Phone),
  verifyToken: Type.Optional(Token),
  token: Type.Optional(Token),
  type: Type.Optional(TypeText),
});
export type PhoneCodeBody = Static<typeof PhoneCodeBodySchema>;

export const EmailCodeBodySchema = Type.Object({
  email: Type.Optional(Email),
  mail: Type.Optional(Email),
  verifyToken: Type.Optional(Token),
  token: Type.Optional(Token),
  type: Type.Optional(TypeText),
});
export type EmailCodeBody = Static<typeof EmailCodeBodySchema>;

/** "Valid registration code": type 1 phone, 0 e-mail. */
export const RegisterCheckBodySchema = Type.Object({
  type: Type.Union([Type.Literal(0), Type.Literal(1)]),
  registCode: LongCode,
  country: Type.Optional(CountryText),
  mobile: Type.Optional(Phone),
  email: Type.Optional(Email),
});
export type RegisterCheckBody = Static<typeof RegisterCheckBodySchema>;

export const CheckPhoneCodeBodySchema = Type.Object({
  country: CountryText,
  mobile: Phone,
  code: LongCode,
  type: Type.Optional(TypeText),
});
export type CheckPhoneCodeBody = Static<typeof CheckPhoneCodeBodySchema>;

export const CheckEmailCodeBodySchema = Type.Object({ email: Email, code: LongCode, type: Type.Optional(TypeText) });
export type CheckEmailCodeBody = Static<typeof CheckEmailCodeBodySchema>;

export const RegisterPhoneBodySchema = Type.Object({
  country: CountryText,
  phone: Type.Optional(Phone),
  mobile: Type.Optional(Phone),
  code: LongCode,
  password: NewPassword,
  promotion: Type.Optional(Promotion),
  promotionCode: Type.Optional(Promotion),
});
export type RegisterPhoneBody = Static<typeof RegisterPhoneBodySchema>;

export const RegisterEmailBodySchema = Type.Object({
  email: Email,
  code: LongCode,
  password: NewPassword,
  country: Type.Optional(CountryText),
  promotion: Type.Optional(Promotion),
  promotionCode: Type.Optional(Promotion),
});
export type RegisterEmailBody = Static<typeof RegisterEmailBodySchema>;

/** Password reset: the account is an e-mail (mode 0) or a phone of `country` (mode 1). */
export const ResetVerifyBodySchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  code: LongCode,
  country: Type.Optional(CountryText),
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type ResetVerifyBody = Static<typeof ResetVerifyBodySchema>;

export const ResetPasswordBodySchema = Type.Object({
  account: Type.String({ minLength: 1, maxLength: 64 }),
  code: LongCode,
  password: NewPassword,
  country: Type.Optional(CountryText),
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

const Code = Type.String({ minLength: 1, maxLength: 16 });

/** The send-code payload's mode (spec shell §3), numbered as password reset's: 0 e-mail, 1 phone. */
export const SendMode = { email: 0, phone: 1 } as const;

/**
 * The send-code payload of spec shell §3 (signed-in code sends): mode (must name the route's channel), type
 * UPDATE_PASSWORD | BIND | CHANGE | GOOGLE | TRADE_PASSWORD, `value` a new address, `country` and `areaCode` of a new
 * phone (the area code must be the country's), and `code`: a solved slider's verify token, spent when given.
 */
export const SecureCodeBodySchema = Type.Object({
  mode: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  value: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  country: Type.Optional(CountryText),
  areaCode: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
  code: Type.Optional(Token),
});
export type SecureCodeBody = Static<typeof SecureCodeBodySchema>;

/** The codes a sensitive change is confirmed with; `code` is the e-mail code under its older name. */
const FactorFields = {
  code: Type.Optional(Code),
  emailCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
};
export const FactorCodesSchema = Type.Object(FactorFields);
export type FactorCodes = Static<typeof FactorCodesSchema>;

/** Password change (the spec's names newPassWord / oldPassWord are read too). */
export const UpdatePasswordBodySchema = Type.Object({
  oldPassword: Type.Optional(NewPassword),
  newPassword: Type.Optional(NewPassword),
  oldPassWord: Type.Optional(NewPassword),
  newPassWord: Type.Optional(NewPassword),
  ...FactorFields,
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBodySchema>;

/** Binding (or changing) an e-mail: its own code, and `oldCode` of the old address for a change. */
export const BindEmailBodySchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
  oldCode: Type.Optional(Code),
  phoneCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
});
export type BindEmailBody = Static<typeof BindEmailBodySchema>;

export const BindPhoneBodySchema = Type.Object({
  country: CountryText,
  phone: Type.Optional(Phone),
  mobile: Type.Optional(Phone),
  code: Code,
  oldCode: Type.Optional(Code),
  emailCode: Type.Optional(Code),
  googleCode: Type.Optional(Code),
});
export type BindPhoneBody = Static<typeof BindPhoneBodySchema>;

export const RevokeDeviceBodySchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type RevokeDeviceBody = Static<typeof RevokeDeviceBodySchema>;

export const TradePasswordBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 16 }),
  ...FactorFields,
});
export type TradePasswordBody = Static<typeof TradePasswordBodySchema>;

/** Second step of a two-step login: `value` the ticket of the first, `code` the Google code. */
export const LoginSecondStepBodySchema = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 16 })),
  value: Type.String({ minLength: 1, maxLength: 128 }),
  code: Code,
  /** The browser's device code (remembered once the login succeeds). */
  deviceCode: Type.Optional(Type.String({ maxLength: 128 })),
});
export type LoginSecondStepBody = Static<typeof LoginSecondStepBodySchema>;

const ImageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const IdFields = {
  country: Type.String({ minLength: 2, maxLength: 8 }),
  /** 1 identity card, 2 passport, 3 driving licence. */
  idType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1 })),
  idCard: Type.String({ minLength: 4, maxLength: 32, pattern: '^[A-Za-z0-9-]+$' }),
};
export const RealNameBodySchema = Type.Object({
  realName: Type.String({ minLength: 1, maxLength: 64 }),
  ...IdFields,
  frontImage: ImageId,
  backImage: Type.Optional(ImageId),
  handImage: Type.Optional(ImageId),
});
export type RealNameBody = Static<typeof RealNameBodySchema>;

export const CheckIdBodySchema = Type.Object(IdFields);
export type CheckIdBody = Static<typeof CheckIdBodySchema>;

/** Dev only: the KYC reviewer's decision. */
export const KycReviewBodySchema = Type.Object({
  uid: Type.String({ minLength: 1, maxLength: 16 }),
  approve: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});
export type KycReviewBody = Static<typeof KycReviewBodySchema>;

// ─── Answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/** A new session: the token (also in the x-auth-token header) and when it expires. */
const SessionFields = { token: Type.String(), expiresAt: Type.Number() };

/** User info of spec shell §3 with the security flags; e-mail and phone masked. */
export const UserInfoSchema = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  promotionCode: Type.String(),
  country: Nullable(Type.String()),
  kycTwoCode: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  emailVerified: Flag,
  phoneVerified: Flag,
  realVerified: Flag,
  googleStatus: Flag,
  createTime: Type.Number(),
});
export type UserInfo = Static<typeof UserInfoSchema>;

/** /uc/login: a session with the user, or with Google authenticator on, the ticket of the second step (/uc/login2). */
export const LoginResultSchema = Type.Union([
  Type.Object({ ...SessionFields, ...UserInfoSchema.properties }),
  Type.Object({
    needSecondFactor: Type.Literal(true),
    type: Type.Literal('google'),
    ticket: Type.String(),
    expiresAt: Type.Number(),
  }),
]);
export type LoginResult = Static<typeof LoginResultSchema>;

/** /uc/login2: the session of a two-step login. */
export const LoginSecondStepResultSchema = Type.Object({
  ...SessionFields,
  id: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
});

/** /uc/register/phone and /email: the new account, signed in. */
export const RegisterResultSchema = Type.Object({
  ...SessionFields,
  id: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  promotionCode: Type.String(),
});
export type RegisterResult = Static<typeof RegisterResultSchema>;

/** A slider challenge: the images as PNG data URLs and where the piece sits (y). */
export const CaptchaSchema = Type.Object({
  captchaId: Type.String(),
  backgroundImage: Type.String(),
  sliderImage: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  pieceSize: Type.Integer(),
  y: Type.Number(),
});
export type Captcha = Static<typeof CaptchaSchema>;

/** A solved slider: the verify token (single use, 5 minutes). */
export const VerifyTokenSchema = Type.String();

/** A right code: a single-use ticket for the next step (data.verifyCode). */
export const VerifyCodeSchema = Type.Object({ verifyCode: Type.String() });

/** Country entry (spec shell §3). */
export const CountrySchema = Type.Object({
  zhName: Type.String(),
  enName: Type.String(),
  areaCode: Type.String(),
  twoCode: Type.String(),
  isoCode: Type.String(),
  countryImageUrl: Type.Null(),
  flag: Type.String(),
  label: Type.String(),
});
export type Country = Static<typeof CountrySchema>;
export const CountryListSchema = Type.Array(CountrySchema);

/** The bound channels a user confirms with (spec shell §3 "verifyList"). */
export const VerifyChannelSchema = Type.Union([Type.Literal('email'), Type.Literal('phone')]);

/** /uc/approve/security/setting: which factors are set, and what the security page shows. */
export const SecuritySettingSchema = Type.Object({
  verifyList: Type.Array(VerifyChannelSchema),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  areaCode: Nullable(Type.String()),
  emailVerified: Flag,
  phoneVerified: Flag,
  realVerified: Flag,
  /** KYC_STATUS: 0 none, 1 pending, 2 approved, 3 rejected. */
  kycStatus: Type.Integer(),
  googleStatus: Flag,
  tradePasswordStatus: Flag,
  /** 1: a login from a new device confirms a code sent to the bound e-mail or phone (device authorisation). */
  deviceAuthStatus: Flag,
  /** Withdrawals closed until then (24 h after a password change or reset). */
  withdrawLockedUntil: Type.Number(),
  passwordChangedAt: Type.Number(),
});
export type SecuritySetting = Static<typeof SecuritySettingSchema>;

/** /uc/member/center: the member's profile, last login and security state. */
export const MemberCenterSchema = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  username: Type.String(),
  promotionCode: Type.String(),
  country: Nullable(Type.String()),
  kycTwoCode: Nullable(Type.String()),
  createTime: Type.Number(),
  lastLoginTime: Nullable(Type.Number()),
  lastLoginIp: Nullable(Type.String()),
  ...SecuritySettingSchema.properties,
});
export type MemberCenter = Static<typeof MemberCenterSchema>;

/** A login device: a live session of the user; `current` the one asking. */
export const LoginDeviceSchema = Type.Object({
  id: Type.Integer(),
  ip: Nullable(Type.String()),
  device: Nullable(Type.String()),
  loginTime: Type.Number(),
  expireTime: Type.Number(),
  current: Type.Boolean(),
});
export type LoginDevice = Static<typeof LoginDeviceSchema>;
export const LoginDeviceListSchema = Type.Array(LoginDeviceSchema);

/** /uc/google/googleAuth: a fresh secret to scan, pending until confirmed with a code. */
export const GoogleSecretSchema = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  account: Type.String(),
});
export type GoogleSecret = Static<typeof GoogleSecretSchema>;

/** /uc/upload/oss/image: the stored image's id (what the KYC form sends) and its sniffed type. */
export const UploadedImageSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
});
export type UploadedImage = Static<typeof UploadedImageSchema>;

/** /uc/oss/signature: no direct upload to object storage here; the upload route and its limits. */
export const UploadSignatureSchema = Type.Object({
  uploadUrl: Type.String(),
  maxBytes: Type.Integer(),
  types: Type.Array(Type.String()),
});

/** A KYC answer with only its status (KYC_STATUS). */
export const KycStatusSchema = Type.Object({ status: Type.Integer() });

/** /uc/approve/real/name/status: the application under review, its number and name masked. */
export const KycApplicationSchema = Type.Union([
  Type.Object({
    status: Type.Integer(),
    reason: Nullable(Type.String()),
    country: Type.String(),
    realName: Type.String(),
    idType: Type.Integer(),
    idCard: Type.String(),
    submittedAt: Type.Number(),
    reviewedAt: Nullable(Type.Number()),
  }),
  KycStatusSchema,
]);
export type KycApplication = Static<typeof KycApplicationSchema>;

export const AvailabilitySchema = Type.Object({ available: Type.Boolean() });

/** /dev/outbox (outside production): the messages sent, newest first; for the captcha, its solution as a ratio. */
export const OutboxEntrySchema = Type.Object({
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('captcha')]),
  destination: Type.String(),
  purpose: Type.String(),
  code: Nullable(Type.String()),
  note: Nullable(Type.String()),
  /** The message's language, on the entries a configured gateway sent (the log sender keeps none). */
  lang: Type.Optional(Type.String()),
  time: Type.Number(),
});
export type OutboxEntry = Static<typeof OutboxEntrySchema>;
export const OutboxListSchema = Type.Array(OutboxEntrySchema);
