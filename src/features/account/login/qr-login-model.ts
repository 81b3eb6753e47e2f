// The headless model of the login page's QR panel (spec shell §7 "QR login"; issue 19 item 15): what the panel shows
// for each answer of generate and status, and whether it keeps polling. qr-login.tsx renders it.
import { QR_CONFIRM_PATH, QR_STATUS } from '../../../../common/contracts/qr-login.ts';

export type QrPanel =
  | { phase: 'loading' }
  | { phase: 'failed' }
  | { phase: 'waiting' | 'scanned'; qrcodeId: string; key: string }
  | { phase: 'expired' | 'rejected' }
  | { phase: 'done' };

export type QrEvent =
  | { type: 'refresh' }
  | { type: 'generated'; ok: boolean; qrcodeId?: string | undefined; key?: string | undefined }
  /** A status poll: its status, whether it carried the session, or a refusal (an unknown or used request). */
  | { type: 'polled'; ok: boolean; status?: number | undefined; token?: string | undefined };

export function reduceQr(panel: QrPanel, event: QrEvent): QrPanel {
  if (event.type === 'refresh') return { phase: 'loading' };
  if (event.type === 'generated') {
    if (!event.ok || !event.qrcodeId || !event.key) return { phase: 'failed' };
    return { phase: 'waiting', qrcodeId: event.qrcodeId, key: event.key };
  }
  if (panel.phase !== 'waiting' && panel.phase !== 'scanned') return panel;
  // A refused poll means the request is gone (used elsewhere, or never the page's): only a new QR helps.
  if (!event.ok) return { phase: 'expired' };
  switch (event.status) {
    case QR_STATUS.waiting:
      return { ...panel, phase: 'waiting' };
    case QR_STATUS.scanned:
      return { ...panel, phase: 'scanned' };
    case QR_STATUS.approved:
      return event.token ? { phase: 'done' } : panel;
    case QR_STATUS.rejected:
      return { phase: 'rejected' };
    default:
      return { phase: 'expired' };
  }
}

/** Whether the panel polls the status. */
export const isLive = (panel: QrPanel): panel is Extract<QrPanel, { qrcodeId: string }> =>
  panel.phase === 'waiting' || panel.phase === 'scanned';

/** The approval page's address the QR encodes: the request's id only, never the page's key. */
export function approvalUrl(origin: string, qrcodeId: string): string {
  return `${origin}${QR_CONFIRM_PATH}?qrcodeId=${encodeURIComponent(qrcodeId)}`;
}
