import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormModel } from '../../../ui/form-store.ts';
import { storedAreaCode } from '../countries.ts';
import { AccountFields } from '../form/account-form.tsx';
import { initialAccount, planSend, reduceSendForm } from '../form/account-model.ts';
import { useSendFlow } from '../form/send-flow.tsx';
import '../account.css';

/** /forget (spec shell §2): account → slider → code → /personal/setPassword (reset) → /resetPwdSuccess. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { state, dispatch, current, set } = useFormModel(reduceSendForm, () => ({
    account: initialAccount(null, storedAreaCode()),
    referral: '',
    error: null,
  }));
  const flow = useSendFlow('reset');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const plan = planSend(current());
    set(plan.state);
    if (plan.target) flow.start(plan.target);
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={submit} noValidate data-testid="forget-form">
        <h1 className="acc-title">{t('account.forget.title')}</h1>
        <p className="acc-muted">{t('account.forget.hint')}</p>
        <AccountFields
          value={state.account}
          onChange={(patch) => dispatch({ type: 'account', patch })}
          error={state.error}
        />
        <button type="submit" className="btn btn-primary acc-submit">
          {t('account.next')}
        </button>
      </form>
      {flow.captcha}
    </div>
  );
}
