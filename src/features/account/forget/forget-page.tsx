import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFields, useAccountValue } from '../form/account-form.tsx';
import { useSendFlow } from '../form/send-flow.tsx';
import type { RuleKey } from '../validation.ts';
import '../account.css';

/** /forget (spec shell §2): account → slider → code → /personal/setPassword (reset) → /resetPwdSuccess. */
export function ForgetPage() {
  const { t } = useTranslation();
  const [value, update] = useAccountValue(null);
  const [error, setError] = useState<RuleKey | null>(null);
  const flow = useSendFlow('reset');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(flow.submit(value));
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={submit} noValidate data-testid="forget-form">
        <h1 className="acc-title">{t('account.forget.title')}</h1>
        <p className="acc-muted">{t('account.forget.hint')}</p>
        <AccountFields
          value={value}
          onChange={(v) => {
            update(v);
            setError(null);
          }}
          error={error}
        />
        <button type="submit" className="btn btn-primary acc-submit">
          {t('account.next')}
        </button>
      </form>
      {flow.captcha}
    </div>
  );
}
