import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { setTransactionPassword } from '../api.ts';
import { Field } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import { initialTransaction, planTransaction, reduceTransaction } from './transaction-model.ts';

/** /transaction: the six-digit transaction password, confirmed with the bound channels' codes. */
export function TransactionPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { security } = useSecurity();
  const { state, dispatch, current, set } = useFormModel(reduceTransaction, initialTransaction);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planTransaction(current(), security);
    set(plan.state);
    if (!plan.send) return;
    const r = await setTransactionPassword(plan.send.password, plan.send.codes);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    showToast('success', t('account.security.saved'));
    navigate('/safety');
  };
  const { error } = state;
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
            value={state.password}
            onChange={(e) => dispatch({ type: 'password', value: e.target.value })}
          />
        </Field>
        <Field label={t('account.confirmPassword')} error={error === 'confirmMismatch' ? error : null}>
          <input
            className="acc-input acc-code"
            type="password"
            name="tradePasswordConfirm"
            inputMode="numeric"
            autoComplete="off"
            value={state.confirm}
            onChange={(e) => dispatch({ type: 'confirm', value: e.target.value })}
          />
        </Field>
        {error === 'rule' ? (
          <span className="acc-error" role="alert">
            {t('account.security.trade.rule')}
          </span>
        ) : null}
        {security ? (
          <FactorCodeFields
            security={security}
            type="TRADE_PASSWORD"
            codes={state.codes}
            onChange={(codes) => dispatch({ type: 'codes', codes })}
          />
        ) : null}
        {error && error !== 'rule' && error !== 'confirmMismatch' ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${error}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy || !security}>
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}
