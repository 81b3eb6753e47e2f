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
  /** Too many failures from this address: wait the seconds the message names (never a lock of the account). */
  tooManyAttempts: 4102,
  /** Account security (issue 6). */
  codeInvalid: 4110,
  codeExpired: 4111,
  codeExhausted: 4112,
  /** A code was sent less than 60 s ago (the client shows delayGetRegCode). */
  codeResendTooSoon: 4113,
  codeHourlyLimit: 4114,
  codeRequired: 4115,
  captchaFailed: 4116,
  /** The slider's verify token is missing, spent or expired: solve the slider again. */
  verifyTokenInvalid: 4117,
  ticketInvalid: 4118,
  passwordRule: 4119,
  oldPasswordWrong: 4120,
  googleCodeInvalid: 4121,
  secondFactorState: 4122,
  bindingConflict: 4123,
  imageRejected: 4124,
  kycRejected: 4125,
  sendFailed: 4126,
  /** This account name failed repeatedly: solve the LOGIN slider and send its verifyToken with the login. */
  captchaRequired: 4127,
  /** Device authorisation: a code went to the bound e-mail or phone; send it as `code` with the login again. */
  deviceCodeRequired: 4128,
  /** QR login: an unknown, used or foreign request, or one in the wrong state; a new QR is needed. */
  qrcodeInvalid: 4129,
  qrcodeExpired: 4130,
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
  /** A coming market before its online time. */
  marketNotOpen: 4311,
  /** Contract (swap) refusals (issue 20). */
  unknownContract: 4401,
  swapBadPrice: 4402,
  swapBadVolume: 4403,
  swapBelowMinVolume: 4404,
  noPosition: 4405,
  noLiquidity: 4406,
  notFillable: 4407,
  riskLimitExceeded: 4408,
  insufficientMargin: 4409,
  swapOrderNotFound: 4410,
  leverageNotAllowed: 4411,
  positionOrOrdersOpen: 4412,
  notIsolated: 4413,
  swapBadAmount: 4414,
  badTrigger: 4415,
  triggerWouldFire: 4416,
  noPrice: 4417,
  badRate: 4418,
  planNotFound: 4419,
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

/**
 * Account and security routes of the reference server (issue 6). The spec leaves the verification wrappers' paths
 * open (spec shell §7 "Verification wrappers"); these are the ones the server serves.
 */
export const ACCOUNT_PATHS = {
  countries: '/uc/support/country',
  /** Slider challenge: {type, target} → captchaId, backgroundImage, sliderImage (PNG data URLs), width 300, y. */
  captcha: '/uc/verify/captcha',
  /** Slider check: {type, target, ratio, captchaId?} → data: verify token (single use, 5 minutes). */
  captchaCheck: '/uc/verify/check',
  registerSms: '/uc/mobile/code',
  registerEmail: '/uc/reg/email/code',
  resetSms: '/uc/reset/phone/code',
  resetEmail: '/uc/reset/email/code',
  /** "Valid registration code": {type 1 phone / 0 e-mail, registCode, country, mobile, email} → data.verifyCode. */
  registerCheck: '/uc/register/check-code',
  checkMobileCode: '/uc/check/mobile/code',
  checkEmailCode: '/uc/check/email/code',
  registerByPhone: '/uc/register/phone',
  registerByEmail: '/uc/register/email',
  resetVerify: '/uc/reset/login/verify',
  resetPassword: '/uc/reset/login/password',
  login: '/uc/login',
  loginSecondStep: '/uc/login2',
  logout: '/uc/loginout',
  myInfo: '/uc/member/my-info',
  memberCenter: '/uc/member/center',
  securitySetting: '/uc/approve/security/setting',
  loginDevices: '/uc/approve/security/devices',
  /** Signed-in code sends: {type UPDATE_PASSWORD | BIND | CHANGE | GOOGLE | TRADE_PASSWORD, value?, country?}. */
  sendPhoneCode: '/uc/approve/send/phone',
  sendEmailCode: '/uc/approve/send/email',
  updatePasswordPhoneCode: '/uc/approve/update/password/phone/code',
  updatePasswordEmailCode: '/uc/approve/update/password/email/code',
  updatePassword: '/uc/approve/update/password',
  bindEmail: '/uc/approve/bind/email',
  bindPhone: '/uc/approve/bind/phone',
  changeEmail: '/uc/approve/change/email',
  changePhone: '/uc/approve/change/phone',
  googleSecret: '/uc/google/googleAuth',
  googleEnable: '/uc/google/sendgoogle',
  googleDisable: '/uc/google/jcgoogle',
  transactionPassword: '/uc/approve/transaction/password',
  uploadImage: '/uc/upload/oss/image',
  realName: '/uc/approve/real/name',
  realNameStatus: '/uc/approve/real/name/status',
  checkId: '/uc/approve/account/check-id',
  devOutbox: '/dev/outbox',
} as const;

/**
 * Home page routes of the reference server (issue 8; spec shell §7 "Home page calls" leaves their paths open, except
 * /config/banner of "Configuration and content").
 */
export const HOME_PATHS = {
  /** Carousel banners of the request's language: data [{id, url, linkUrl}] (spec shell §3 "Banner"). */
  banners: '/config/banner',
  /** The home page's images per theme (download section): {downloadLight, downloadDark}. */
  indexImages: '/config/indexImg',
  /** Platform figures: {turnover24hUsd, markets, coins, users, countries, time} (spec shell §7). */
  platformStat: '/uc/index/platform-stat',
  /** A banner's image, an SVG drawn by the server: `/api/home/banner-image/{id}.svg`. */
  bannerImage: '/api/home/banner-image',
  /** {type HOT | UP | NEW_COIN | CONTRACT_HOT, pageNo, pageSize, inverted} → data {records, total, currentTime}. */
  ranking: '/api/home/ranking',
  /** data {newCoinList, currentTime}: every listed new coin, newest online time first. */
  newCoins: '/api/home/new-coins',
  /** data {newCoinList, currentTime}: coming coins first (soonest first), then the latest listed. */
  newCoinPreview: '/api/home/new-coin-preview',
  /** {pageNo, pageSize, advertiseLocation} → data {content, totalElements}. */
  advertise: '/api/home/advertise',
  /** Dev only: {unit, symbol, onlineInMs} lists a coin going live soon (e2e watches its countdown). */
  devNewCoin: '/dev/home/new-coin',
} as const;

/** Paths of the support routes (spec shell §7: the chat widget, and Feedback add, reply, get, close, getlist). */
export const SUPPORT_PATHS = {
  chatOpen: '/uc/support/chat/open',
  chatMessages: '/uc/support/chat/messages',
  chatSend: '/uc/support/chat/send',
  feedbackAdd: '/uc/feedback/add',
  feedbackReply: '/uc/feedback/reply',
  feedbackGet: '/uc/feedback/get',
  feedbackClose: '/uc/feedback/close',
  feedbackList: '/uc/feedback/getlist',
  feedbackUpload: '/uc/feedback/upload',
  feedbackImage: '/uc/feedback/image',
  /** Dev-only agent side (refused in production, like /dev/outbox). */
  devChats: '/dev/support/chats',
  devTickets: '/dev/support/feedback',
} as const;
