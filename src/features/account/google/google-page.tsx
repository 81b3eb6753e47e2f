import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { QrCode } from '../../../ui/qr-code.tsx';
import { googleDisable, googleEnable, googleSecret } from '../api.ts';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import { initialGoogle, planGoogle, reduceGoogle } from './google-model.ts';

/** /google (spec shell §2, §7): secret and QR, the app's code and the bound channels' codes; enable or disable. */
export function GooglePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { security } = useSecurity();
  const enabled = security?.googleStatus === 1;
  const [secret, setSecret] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const { state, dispatch, current, set } = useFormModel(reduceGoogle, initialGoogle);

  useEffect(() => {
    if (!security || enabled) return;
    void googleSecret().then((r) => {
      if (isSuccess(r.code) && r.data) setSecret(r.data);
    });
  }, [security, enabled]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planGoogle(current(), security);
    set(plan.state);
    if (!plan.send) return;
    const r = enabled ? await googleDisable(plan.send) : await googleEnable(plan.send);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
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
          <FactorCodeFields
            security={security}
            type="GOOGLE"
            codes={state.codes}
            onChange={(codes) => dispatch({ type: 'codes', codes })}
            google
          />
        ) : null}
        {state.error ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${state.error}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy || !security}>
          {enabled ? t('account.security.disable') : t('account.security.enable')}
        </button>
      </form>
    </AccountLayout>
  );
}
