import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { type FactorCodes, setTransactionPassword } from '../api.ts';
import { Field } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import { missingFactor, type RuleKey } from '../validation.ts';

/** /transaction: the six-digit transaction password, confirmed with the bound channels' codes. */
export function TransactionPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { security } = useSecurity();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [codes, setCodes] = useState<FactorCodes>({});
  const [error, setError] = useState<'rule' | RuleKey | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!security || busy) return;
    if (!/^\d{6}$/.test(password)) return setError('rule');
    if (confirm !== password) return setError('confirmMismatch');
    const missing = missingFactor(security, codes);
    if (missing) return setError(missing);
    setError(null);
    setBusy(true);
    const r = await setTransactionPassword(password, codes);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('account.security.saved'));
    navigate('/safety');
  };
  const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);
  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="trade-password">
        <h1 className="acc-title">{t('account.security.trade.title')}</h1>
        <Field label={t('account.security.trade.label')}>
          <input
            className="acc-input acc-code"
            type="password"
            name="tradePassword"
            inputMode="numeric"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(digits(e.target.value))}
          />
        </Field>
        <Field label={t('account.confirmPassword')} error={error === 'confirmMismatch' ? error : null}>
          <input
            className="acc-input acc-code"
            type="password"
            name="tradePasswordConfirm"
            inputMode="numeric"
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(digits(e.target.value))}
          />
        </Field>
        {error === 'rule' ? (
          <span className="acc-error" role="alert">
            {t('account.security.trade.rule')}
          </span>
        ) : null}
        {security ? (
          <FactorCodeFields security={security} type="TRADE_PASSWORD" codes={codes} onChange={setCodes} />
        ) : null}
        {error && error !== 'rule' && error !== 'confirmMismatch' ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${error}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={busy || !security}>
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}
