import { useEffect, useReducer, useRef } from 'react';
import { QR_POLL_MS, QR_STATUS } from '../../../../common/contracts/qr-login.ts';
import { isSuccess } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { QrCode } from '../../../ui/qr-code.tsx';
import { generateQr, qrStatus } from './qr-api.ts';
import { approvalUrl, isLive, type QrPanel, reduceQr } from './qr-login-model.ts';

/**
 * The login page's QR panel (spec shell §7 "QR login: /uc/qrcode/generate, status{qrcodeId}"): the QR of the
 * approval page, its state polled every QR_POLL_MS, a refresh once it expired or was refused; when a signed-in browser
 * approves it, the poll's answer carries the session and `onSession` goes on like a password login.
 */
export function QrLogin({ onSession }: { onSession: () => void }) {
  const { t } = useTranslation();
  const [panel, dispatch] = useReducer(reduceQr, { phase: 'loading' } as QrPanel);

  useEffect(() => {
    if (panel.phase !== 'loading') return;
    const controller = new AbortController();
    void generateQr().then((r) => {
      if (controller.signal.aborted) return;
      dispatch({ type: 'generated', ok: isSuccess(r.code), qrcodeId: r.data?.qrcodeId, key: r.data?.key });
    });
    return () => controller.abort();
  }, [panel.phase]);

  // The page's callback changes with every render; the poll reads the latest without restarting.
  const sessionRef = useRef(onSession);
  sessionRef.current = onSession;
  const qrcodeId = isLive(panel) ? panel.qrcodeId : null;
  const key = isLive(panel) ? panel.key : null;
  useEffect(() => {
    if (!qrcodeId || !key) return;
    const controller = new AbortController();
    let timer = 0;
    const poll = async () => {
      const r = await qrStatus(qrcodeId, key, controller.signal);
      if (controller.signal.aborted) return;
      const ok = isSuccess(r.code) && !!r.data;
      dispatch({ type: 'polled', ok, status: r.data?.status, token: r.data?.token });
      if (ok && r.data?.token) sessionRef.current();
      else if (ok && r.data?.status !== undefined && r.data.status <= QR_STATUS.approved) {
        timer = window.setTimeout(() => void poll(), QR_POLL_MS);
      }
    };
    timer = window.setTimeout(() => void poll(), QR_POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [qrcodeId, key]);

  return (
    <section
      className="acc-card qr-login"
      aria-labelledby="qr-login-title"
      data-testid="qr-login"
      data-phase={panel.phase}
    >
      <h2 className="acc-subtitle" id="qr-login-title">
        {t('account.qrLogin.title')}
      </h2>
      <QrBody panel={panel} onRefresh={() => dispatch({ type: 'refresh' })} />
      <p className="acc-muted">{t('account.qrLogin.hint')}</p>
    </section>
  );
}

function QrBody({ panel, onRefresh }: { panel: QrPanel; onRefresh: () => void }) {
  const { t } = useTranslation();
  if (panel.phase === 'loading' || panel.phase === 'done') {
    return (
      <div className="qr-login-box" role="status">
        {t('account.qrLogin.loading')}
      </div>
    );
  }
  if (!isLive(panel)) {
    const text = {
      failed: t('account.qrLogin.failed'),
      expired: t('account.qrLogin.expired'),
      rejected: t('account.qrLogin.rejected'),
    }[panel.phase];
    return (
      <div className="qr-login-box" role="status">
        <p>{text}</p>
        <button type="button" className="btn btn-primary" onClick={onRefresh} data-testid="qr-refresh">
          {t('account.qrLogin.refresh')}
        </button>
      </div>
    );
  }
  const url = approvalUrl(location.origin, panel.qrcodeId);
  return (
    <div className="qr-login-box">
      <QrCode value={url} size={160} label={t('account.qrLogin.qrLabel')} />
      {panel.phase === 'scanned' ? (
        <p role="status" data-testid="qr-scanned">
          {t('account.qrLogin.scanned')}
        </p>
      ) : null}
      <a className="acc-link qr-login-link" href={url} target="_blank" rel="noopener" data-testid="qr-link">
        {t('account.qrLogin.openLink')}
      </a>
    </div>
  );
}
