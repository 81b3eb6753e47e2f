import type { Static } from 'typebox';
import { ACCOUNT_PATHS as P } from '../../../common/api.ts';
import type {
  Captcha,
  Country,
  FactorCodes,
  GoogleSecret,
  KycApplication,
  KycStatusSchema,
  LoginDevice,
  LoginResult,
  LoginSecondStepResultSchema,
  MemberCenter,
  RealNameBody,
  RegisterResult,
  SecureCodeBody,
  SecuritySetting,
  UploadedImage,
  VerifyCodeSchema,
} from '../../../common/contracts/account.ts';
import { SendMode } from '../../../common/contracts/account.ts';
import type { PersonalizeBodySchema, PersonalSchema, SettingsSchema } from '../../../common/contracts/shell.ts';
import { type ApiResult, get, isSuccess, post, upload } from '../../api/request.ts';
import { setUpDown } from '../../app/up-down.ts';
import { deviceCode } from './login/device-code.ts';

/** Account calls of spec shell §7 through the shared request layer; each answers the envelope as it came. */

// The wire shapes are the server's contract (common/contracts/account.ts); the account screens import them from here.
export type { Country, FactorCodes, LoginDevice, MemberCenter, SecuritySetting };
/** /uc/login: a session, or the ticket of the Google step (needSecondFactor). */
export type LoginAnswer = LoginResult;
/** /uc/approve/real/name/status: the application with its masked name and number, or only a status. */
export type KycStatus = KycApplication;
/** The real-name form as /uc/approve/real/name takes it. */
export type KycForm = RealNameBody;
/** Personal settings as the server keeps them; saving sends any part of them. */
export type Personal = Static<typeof PersonalSchema>;
export type PersonalPatch = Static<typeof PersonalizeBodySchema>;
/** A slider challenge: the images and where the piece sits. */
export type SliderChallenge = Captcha;

/** Slider types: the public flows use REGISTER, RESET or LOGIN. */
export type SliderType = 'REGISTER' | 'RESET' | 'LOGIN';

export const loadCountries = () => get<Country[]>(P.countries, {}, { silent: true });

export const loadChallenge = (type: SliderType, target: string) =>
  get<SliderChallenge>(P.captcha, { type, target }, { silent: true });

/** The slider result: data is a single-use verify token. Silent: the slider shows the message itself (spec §8). */
export const checkSlider = (type: SliderType, target: string, ratio: number, captchaId: string) =>
  post<string>(P.captchaCheck, { type, target, ratio: ratio.toFixed(4), captchaId }, { silent: true });

export interface AccountAddress {
  /** Phone accounts: the country's two-letter code. */
  country: string;
  tel: string;
  mail: string;
}

/** Sends a registration or reset code to the phone or e-mail, with the slider's verify token. */
export function sendCode(purpose: 'register' | 'reset', a: AccountAddress, verifyToken: string) {
  if (a.tel) {
    const path = purpose === 'register' ? P.registerSms : P.resetSms;
    return post<null>(path, { country: a.country, phone: a.tel, verifyToken, type: purpose.toUpperCase() });
  }
  const path = purpose === 'register' ? P.registerEmail : P.resetEmail;
  return post<null>(path, { email: a.mail, verifyToken, type: purpose.toUpperCase() });
}

/** Checks a code (silent: the verification screen shows the message under the cells) → data.verifyCode. */
export function checkCode(purpose: 'register' | 'reset', a: AccountAddress, code: string) {
  const options = { silent: true };
  if (purpose === 'register') {
    return post<Static<typeof VerifyCodeSchema>>(
      P.registerCheck,
      { type: a.tel ? 1 : 0, registCode: code, country: a.tel ? a.country : '', mobile: a.tel, email: a.mail },
      options,
    );
  }
  return post<Static<typeof VerifyCodeSchema>>(
    P.resetVerify,
    { account: a.tel || a.mail, code, country: a.tel ? a.country : '', mode: a.tel ? 1 : 0 },
    options,
  );
}

export function register(a: AccountAddress, ticket: string, password: string, promotion: string) {
  if (a.tel) {
    return post<RegisterResult>(P.registerByPhone, {
      country: a.country,
      phone: a.tel,
      code: ticket,
      password,
      promotion,
    });
  }
  return post<RegisterResult>(P.registerByEmail, { email: a.mail, code: ticket, password, promotion });
}

export function resetPassword(a: AccountAddress, ticket: string, password: string) {
  return post<null>(P.resetPassword, {
    account: a.tel || a.mail,
    code: ticket,
    password,
    country: a.tel ? a.country : '',
    mode: a.tel ? 1 : 0,
  });
}

/** `verifyToken`: a solved LOGIN slider of the account name, which the server asks for after repeated failures. */
/** `code`: the new device's code when device authorisation asked for it; empty fields are not sent (spec shell §5). */
export const login = (username: string, password: string, country: string, verifyToken?: string, code = '') =>
  post<LoginAnswer>(P.login, {
    username,
    password,
    country,
    code,
    deviceCode: deviceCode(),
    ...(verifyToken ? { verifyToken } : {}),
  });

export const loginSecondStep = (ticket: string, code: string) =>
  post<Static<typeof LoginSecondStepResultSchema>>(P.loginSecondStep, {
    type: 'google',
    value: ticket,
    code,
    deviceCode: deviceCode(),
  });

export type Answer<T> = ApiResult<T>;

// ─── Signed-in security (spec shell §6, §7) ─────────────────────────────────────────────────────────────────────────

export type SecureType = 'UPDATE_PASSWORD' | 'BIND' | 'CHANGE' | 'GOOGLE' | 'TRADE_PASSWORD';
export type Channel = 'email' | 'phone';

/** User settings of spec shell §3: verifyList and the factor states (1 = verified / on). */
export const loadSecurity = () => get<SecuritySetting>(P.securitySetting);
export const loadMemberCenter = () => get<MemberCenter>(P.memberCenter);
export const loadDevices = () => get<LoginDevice[]>(P.loginDevices);
/** Signs one login device out (its session and sockets end). */
export const revokeDevice = (id: number) => post<null>(`${P.loginDevices}/revoke`, { id });

/** The send-code payload (spec shell §3) but its mode, which the channel gives. */
export type SendCodePayload = Omit<SecureCodeBody, 'mode' | 'type'> & { type: SecureType };

/**
 * A code to a bound channel (no value) or, for BIND and CHANGE, to a new address (value; country and areaCode for a
 * phone), with the payload's mode naming the channel.
 */
export function sendSecureCode(channel: Channel, payload: SendCodePayload) {
  return post<null>(channel === 'email' ? P.sendEmailCode : P.sendPhoneCode, { mode: SendMode[channel], ...payload });
}

export const updatePassword = (oldPassword: string, newPassword: string, codes: FactorCodes) =>
  post<null>(P.updatePassword, { oldPassword, newPassword, ...codes });

export const bindEmail = (email: string, code: string, codes: FactorCodes) =>
  post<null>(P.bindEmail, { email, code, phoneCode: codes.phoneCode, googleCode: codes.googleCode });
export const bindPhone = (country: string, phone: string, code: string, codes: FactorCodes) =>
  post<null>(P.bindPhone, { country, phone, code, emailCode: codes.emailCode, googleCode: codes.googleCode });
export const changeEmail = (email: string, code: string, oldCode: string, googleCode?: string) =>
  post<null>(P.changeEmail, { email, code, oldCode, googleCode });
export const changePhone = (country: string, phone: string, code: string, oldCode: string, googleCode?: string) =>
  post<null>(P.changePhone, { country, phone, code, oldCode, googleCode });

export const googleSecret = () => get<GoogleSecret>(P.googleSecret);
export const googleEnable = (codes: FactorCodes) => post<null>(P.googleEnable, { ...codes });
export const googleDisable = (codes: FactorCodes) => post<null>(P.googleDisable, { ...codes });
export const setTransactionPassword = (password: string, codes: FactorCodes) =>
  post<null>(P.transactionPassword, { password, ...codes });

// ─── KYC (spec shell §7) ─────────────────────────────────────────────────────────────────────────────────────────────

export const loadKycStatus = () => get<KycStatus>(P.realNameStatus);

export const submitKyc = (form: KycForm) => post<Static<typeof KycStatusSchema>>(P.realName, { ...form });

/** Uploads one image as a raw body; the server sniffs the type and checks the size. */
export function uploadImage(file: File): Promise<ApiResult<UploadedImage>> {
  return upload<UploadedImage>(P.uploadImage, file);
}

// ─── Preferences ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const loadPersonal = () => get<Personal>('/uc/member/personalize/get');
export const savePersonal = (p: PersonalPatch) =>
  post<Static<typeof SettingsSchema>>('/uc/member/personalize/set', { ...p });

/** After login: the account's saved up/down colour replaces this browser's (quietly; the stored one stays on error). */
export async function syncUpDown(): Promise<void> {
  const r = await get<Personal>('/uc/member/personalize/get', {}, { silent: true });
  if (isSuccess(r.code) && r.data?.color) setUpDown(r.data.color);
}
