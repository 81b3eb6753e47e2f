/** The response envelope of spec shell §7–8, shared by the server and the request layer. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Envelope codes. 0 is success; the rest mirror HTTP where one fits (spec shell §8). */
export const ApiCode = {
  ok: 0,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  /** A dead or missing session: the client clears its credentials (spec shell §4). */
  notLoggedIn: 4000,
  loginFailed: 4101,
  accountLocked: 4102,
  /** Spot order rejections (spec trading §8: a non-zero code changes nothing). */
  unknownMarket: 4301,
  badPrice: 4302,
  badAmount: 4303,
  belowMinAmount: 4304,
  belowMinTurnover: 4305,
  insufficientBalance: 4306,
  tooManyOrders: 4307,
  triggerPriceInvalid: 4308,
  orderNotFound: 4309,
  couponNotFound: 4310,
} as const;
export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];

/** Header that carries the session token both ways. */
export const TOKEN_HEADER = 'x-auth-token';
/** Header that carries the UI language (one of LANGS). */
export const LANG_HEADER = 'lang';

/** Path prefixes that belong to the server, not to client routes (dev proxy, static fallback). */
export const API_PREFIXES = [
  '/uc',
  '/market',
  '/exchange',
  '/swap',
  '/api',
  '/health',
  '/dev',
  '/ws',
  '/config',
  '/rest',
] as const;
