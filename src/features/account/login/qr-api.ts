import {
  QR_PATHS,
  type QrGenerateResult,
  type QrScanResult,
  type QrStatusResult,
} from '../../../../common/contracts/qr-login.ts';
import { post } from '../../../api/request.ts';
import { deviceCode } from './device-code.ts';

/** QR login and device authorisation calls (spec shell §7 "QR login: /uc/qrcode/generate, status{qrcodeId}"). */
/** Silent: the panel shows a failure itself, with its refresh button. */
export const generateQr = () => post<QrGenerateResult>(QR_PATHS.generate, {}, { silent: true });

/** A poll: silent, the panel shows the state itself. */
export const qrStatus = (qrcodeId: string, key: string, signal?: AbortSignal) =>
  post<QrStatusResult>(
    QR_PATHS.status,
    { qrcodeId, key, deviceCode: deviceCode() },
    signal ? { silent: true, signal } : { silent: true },
  );

export const scanQr = (qrcodeId: string) => post<QrScanResult>(QR_PATHS.scan, { qrcodeId }, { silent: true });
export const confirmQr = (qrcodeId: string, approve: boolean) =>
  post<null>(QR_PATHS.confirm, { qrcodeId, approve: approve ? 1 : 0 }, { silent: true });

/** Device authorisation on or off, confirmed by the login password; this browser stays trusted. */
export const setDeviceAuth = (enable: boolean, password: string) =>
  post<null>(QR_PATHS.deviceAuth, { enable: enable ? 1 : 0, password, deviceCode: deviceCode() });
