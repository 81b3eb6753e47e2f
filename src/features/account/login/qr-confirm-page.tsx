import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { QrScanResult } from '../../../../common/contracts/qr-login.ts';
import { isSuccess } from '../../../api/request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { confirmQr, scanQr } from './qr-api.ts';
import '../account.css';
import './login.css';

type Step =
  | { kind: 'loading' }
  | { kind: 'ask'; request: QrScanResult }
  | { kind: 'approved' | 'refused' }
  | { kind: 'unavailable'; message: string };

/**
 * /qrcode/confirm?qrcodeId=… (QR login, spec shell §7): the page a signed-in browser opens from the QR on /login. It
 * marks the request scanned, shows where it comes from, and approves or refuses it; a refused, expired or used
 * request says so with the server's translated message.
 */
export function QrConfirmPage() {
  const { t } = useTranslation();
  const qrcodeId = new URLSearchParams(useSearch()).get('qrcodeId') ?? '';
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!qrcodeId) return setStep({ kind: 'unavailable', message: t('account.qrLogin.missing') });
    let stale = false;
    void scanQr(qrcodeId).then((r) => {
      if (stale) return;
      if (isSuccess(r.code) && r.data) setStep({ kind: 'ask', request: r.data });
      else setStep({ kind: 'unavailable', message: r.message || t('account.qrLogin.unavailable') });
    });
    return () => {
      stale = true;
    };
  }, [qrcodeId, t]);

  const answer = async (approve: boolean) => {
    setBusy(true);
    const r = await confirmQr(qrcodeId, approve);
    setBusy(false);
    if (isSuccess(r.code)) setStep({ kind: approve ? 'approved' : 'refused' });
    else setStep({ kind: 'unavailable', message: r.message || t('account.qrLogin.unavailable') });
  };

  return (
    <div className="acc-page">
      <section className="acc-card" data-testid="qr-confirm" data-step={step.kind} aria-busy={step.kind === 'loading'}>
        <h1 className="acc-title">{t('account.qrLogin.confirmTitle')}</h1>
        {step.kind === 'ask' ? (
          <>
            <p className="acc-muted">{t('account.qrLogin.confirmHint')}</p>
            <dl className="qr-confirm-facts">
              <dt>{t('account.qrLogin.from')}</dt>
              <dd>{step.request.ip ?? '--'}</dd>
              <dt>{t('account.qrLogin.device')}</dt>
              <dd>{step.request.device ?? '--'}</dd>
              <dt>{t('account.qrLogin.time')}</dt>
              <dd>{formatDateTime(step.request.createTime, true)}</dd>
            </dl>
            <button
              type="button"
              className="btn btn-primary acc-submit"
              disabled={busy}
              onClick={() => void answer(true)}
            >
              {t('account.qrLogin.approve')}
            </button>
            <button type="button" className="btn acc-submit" disabled={busy} onClick={() => void answer(false)}>
              {t('account.qrLogin.reject')}
            </button>
          </>
        ) : null}
        {step.kind === 'approved' || step.kind === 'refused' ? (
          <p role="status" data-testid="qr-confirm-result">
            {t(step.kind === 'approved' ? 'account.qrLogin.approved' : 'account.qrLogin.refused')}
          </p>
        ) : null}
        {step.kind === 'unavailable' ? (
          <p role="alert" className="acc-error">
            {step.message}
          </p>
        ) : null}
        {step.kind === 'loading' ? null : (
          <Link href="/" className="acc-link">
            {t('account.qrLogin.home')}
          </Link>
        )}
      </section>
    </div>
  );
}
