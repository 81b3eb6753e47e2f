import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { QrCode } from '../../../ui/qr-code.tsx';
import { type FactorCodes, googleDisable, googleEnable, googleSecret } from '../api.ts';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import type { RuleKey } from '../validation.ts';
import { googleProblem } from './google-model.ts';

/** /google (spec shell §2, §7): secret and QR, the app's code and the bound channels' codes; enable or disable. */
export function GooglePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { security } = useSecurity();
  const enabled = security?.googleStatus === 1;
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<FactorCodes>({});
  const [error, setError] = useState<RuleKey | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!security || enabled) return;
    void googleSecret().then((r) => {
      if (isSuccess(r.code) && r.data) setSecret(r.data);
    });
  }, [security, enabled]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!security || busy) return;
    const failed = googleProblem(security, codes);
    setError(failed);
    if (failed) return;
    setBusy(true);
    const r = enabled ? await googleDisable(codes) : await googleEnable(codes);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', enabled ? t('account.security.google.disabledDone') : t('account.security.google.enabled'));
    navigate('/safety');
  };

  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="google-form">
        <h1 className="acc-title">{t('account.security.google.title')}</h1>
        {enabled ? (
          <p className="acc-muted">{t('account.security.google.disableHint')}</p>
        ) : secret ? (
          <div className="acc-google">
            <QrCode value={secret.otpauthUrl} size={140} label={t('account.security.google.title')} />
            <div>
              <p className="acc-muted">{t('account.security.google.step1')}</p>
              <div className="acc-label">{t('account.security.google.key')}</div>
              <code className="acc-secret" data-testid="google-secret">
                {secret.secret}
              </code>
              <p className="acc-muted">{t('account.security.google.step2')}</p>
            </div>
          </div>
        ) : null}
        {security ? (
          <FactorCodeFields security={security} type="GOOGLE" codes={codes} onChange={setCodes} google />
        ) : null}
        {error ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${error}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={busy || !security}>
          {enabled ? t('account.security.disable') : t('account.security.enable')}
        </button>
      </form>
    </AccountLayout>
  );
}
