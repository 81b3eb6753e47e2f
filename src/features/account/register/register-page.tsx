import { Link, useSearch } from 'wouter';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { storedAreaCode } from '../countries.ts';
import { AccountFields } from '../form/account-form.tsx';
import { initialAccount } from '../form/account-model.ts';
import { Field } from '../form/fields.tsx';
import { useSendForm } from '../form/send-flow.tsx';
import '../account.css';

/** /register (spec shell §2): phone or e-mail, referral from ?promotionCode=, prefill from the home box's query. */
export function RegisterPage() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const { state, dispatch, submit, captcha } = useSendForm('register', () => ({
    account: initialAccount(query.get('number') ?? query.get('phone') ?? query.get('email'), storedAreaCode()),
    referral: query.get('promotionCode') ?? '',
    error: null,
  }));

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={submit} noValidate data-testid="register-form">
        <h1 className="acc-title">{t('account.register.title')}</h1>
        <AccountFields
          value={state.account}
          onChange={(patch) => dispatch({ type: 'account', patch })}
          error={state.error}
        />
        <Field label={t('account.referral')}>
          <input
            className="acc-input"
            name="promotionCode"
            maxLength={16}
            value={state.referral}
            onChange={(e) => dispatch({ type: 'referral', value: e.target.value })}
          />
        </Field>
        <button type="submit" className="btn btn-primary acc-submit">
          {t('account.register.submit')}
        </button>
        <p className="acc-muted acc-small">{t('account.register.agreement')}</p>
        <p className="acc-foot">
          {t('account.register.hasAccount')} <Link href="/login">{t('account.register.loginNow')}</Link>
        </p>
      </form>
      {captcha}
    </div>
  );
}
