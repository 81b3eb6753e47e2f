import { useTranslation } from '../../../i18n/use-translation.ts';
import { storedAreaCode } from '../countries.ts';
import { AccountFields } from '../form/account-form.tsx';
import { initialAccount } from '../form/account-model.ts';
import { useSendForm } from '../form/send-flow.tsx';
import '../account.css';

/** /forget (spec shell §2): account → slider → code → /personal/setPassword (reset) → /resetPwdSuccess. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { state, dispatch, submit, captcha } = useSendForm('reset', () => ({
    account: initialAccount(null, storedAreaCode()),
    referral: '',
    error: null,
  }));

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
      {captcha}
    </div>
  );
}
