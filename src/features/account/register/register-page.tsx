import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { AccountFields, useAccountValue } from '../form/account-form.tsx';
import { useSendFlow } from '../form/send-flow.tsx';
import type { RuleKey } from '../validation.ts';
import '../account.css';

/** /register (spec shell §2): phone or e-mail, referral from ?promotionCode=, prefill from the home box's query. */
export function RegisterPage() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const [value, update] = useAccountValue(query.get('number') ?? query.get('phone') ?? query.get('email'));
  const [referral, setReferral] = useState(query.get('promotionCode') ?? '');
  const [error, setError] = useState<RuleKey | null>(null);
  const flow = useSendFlow('register');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(flow.submit(value, referral));
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={submit} noValidate data-testid="register-form">
        <h1 className="acc-title">{t('account.register.title')}</h1>
        <AccountFields
          value={value}
          onChange={(v) => {
            update(v);
            setError(null);
          }}
          error={error}
        />
        <div className="acc-field">
          <span className="acc-label">{t('account.referral')}</span>
          <input
            className="acc-input"
            name="promotionCode"
            maxLength={16}
            value={referral}
            onChange={(e) => setReferral(e.target.value.trim())}
          />
        </div>
        <button type="submit" className="btn btn-primary acc-submit">
          {t('account.register.submit')}
        </button>
        <p className="acc-muted acc-small">{t('account.register.agreement')}</p>
        <p className="acc-foot">
          {t('account.register.hasAccount')} <Link href="/login">{t('account.register.loginNow')}</Link>
        </p>
      </form>
      {flow.captcha}
    </div>
  );
}
