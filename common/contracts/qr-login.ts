import { type Static, Type } from 'typebox';

/**
 * QR login and device authorisation (spec shell §6 "device-authorised login exists", §7 "/uc/login{…,code,deviceCode}",
 * "QR login: /uc/qrcode/generate, status{qrcodeId}"; issue 19 item 15). The login page shows a QR of the approval page
 * (/qrcode/confirm?qrcodeId=…); a signed-in browser opens it, scans and approves; the login page's status poll then
 * gets the session, once. `key` is known only to the page that generated the QR: a photo of the QR can approve a login
 * but never receive its session.
 */

/** The routes of QR login and of the device-authorisation switch. */
export const QR_PATHS = {
  generate: '/uc/qrcode/generate',
  status: '/uc/qrcode/status',
  scan: '/uc/qrcode/scan',
  confirm: '/uc/qrcode/confirm',
  deviceAuth: '/uc/approve/security/device-auth',
} as const;

/** The states of a QR login request. */
export const QR_STATUS = { waiting: 0, scanned: 1, approved: 2, rejected: 3, expired: 4, used: 5 } as const;
export type QrStatus = (typeof QR_STATUS)[keyof typeof QR_STATUS];

/** A QR lives this long; the login page polls its status at this interval. */
export const QR_TTL_MS = 120_000;
export const QR_POLL_MS = 2_000;

/** The approval page's path; its query names the request. */
export const QR_CONFIRM_PATH = '/qrcode/confirm';

/** A random device code, remembered by the browser (localStorage) and known to the server as a hash only. */
const DeviceCode = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
const QrId = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });

export const QrGenerateResultSchema = Type.Object({
  qrcodeId: Type.String(),
  key: Type.String(),
  expireTime: Type.Number(),
});
export type QrGenerateResult = Static<typeof QrGenerateResultSchema>;

export const QrStatusBodySchema = Type.Object({
  qrcodeId: QrId,
  key: QrId,
  deviceCode: Type.Optional(DeviceCode),
});
export type QrStatusBody = Static<typeof QrStatusBodySchema>;

/** The poll's answer; on the first poll after approval also the session (token also in the x-auth-token header). */
export const QrStatusResultSchema = Type.Object({
  status: Type.Integer({ minimum: 0, maximum: 5 }),
  expireTime: Type.Number(),
  token: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Type.Number()),
});
export type QrStatusResult = Static<typeof QrStatusResultSchema>;

export const QrIdBodySchema = Type.Object({ qrcodeId: QrId });
export type QrIdBody = Static<typeof QrIdBodySchema>;

/** What the approving user is shown: where the login asks from. */
export const QrScanResultSchema = Type.Object({
  status: Type.Integer({ minimum: 0, maximum: 5 }),
  ip: Type.Union([Type.String(), Type.Null()]),
  device: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Number(),
  expireTime: Type.Number(),
});
export type QrScanResult = Static<typeof QrScanResultSchema>;

/** approve 1 lets the login in, 0 refuses it. */
export const QrConfirmBodySchema = Type.Object({
  qrcodeId: QrId,
  approve: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type QrConfirmBody = Static<typeof QrConfirmBodySchema>;

/** Device authorisation on or off; the login password confirms it, `deviceCode` is the asking browser's (trusted). */
export const DeviceAuthBodySchema = Type.Object({
  enable: Type.Integer({ minimum: 0, maximum: 1 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
  deviceCode: Type.Optional(DeviceCode),
});
export type DeviceAuthBody = Static<typeof DeviceAuthBodySchema>;
