import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { clearSession } from '../../../api/session.ts';
import { logout } from '../../../api/shell.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { updatePassword } from '../api.ts';
import { Field, PasswordChecklist, PasswordInput } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import type { RuleKey } from '../validation.ts';
import { errorAmong, initialPassword, isReady, planChange, reducePassword } from './password-model.ts';

/** spec shell §9: post-password-change logout 3 s. */
export const LOGOUT_AFTER_MS = 3000;

/**
 * /password and /resetPwd (spec shell §2, §5): old, new and confirmation with the live checklist, the codes verifyList
 * asks for, the 24-hour withdrawal-restriction agreement; success → message → logout after 3 s → /login.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { security } = useSecurity();
  const { state, dispatch, current, set } = useFormModel(reducePassword, initialPassword);
  const { form } = state;
  const setForm = (patch: Partial<typeof form>) => dispatch({ type: 'set', patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planChange(current(), security?.verifyList ?? null);
    set(plan.state);
    if (!plan.send) return;
    const { oldPassword, newPassword, emailCode, phoneCode, googleCode } = plan.send;
    const r = await updatePassword(oldPassword, newPassword, { emailCode, phoneCode, googleCode });
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    showToast('success', t('account.security.password.success'));
    setTimeout(() => {
      void logout().finally(() => {
        clearSession();
        navigate('/login', { replace: true });
      });
    }, LOGOUT_AFTER_MS);
  };

  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="change-password">
        <h1 className="acc-title">{t('account.security.password.title')}</h1>
        <Field label={t('account.security.password.old')} error={errorAmong(state, 'oldPasswordRequired')}>
          <PasswordInput
            name="oldPassword"
            autoComplete="current-password"
            value={form.password}
            onChange={(password) => setForm({ password })}
          />
        </Field>
        <Field label={t('account.newPassword')} error={errorAmong(state, 'newPasswordRequired', 'newPasswordRule')}>
          <PasswordInput
            name="newPassword"
            value={form.newPassword}
            onChange={(newPassword) => setForm({ newPassword })}
          />
        </Field>
        <PasswordChecklist password={form.newPassword} />
        <Field label={t('account.confirmPassword')} error={errorAmong(state, 'confirmMismatch')}>
          <PasswordInput
            name="reNewPassword"
            value={form.reNewPassword}
            onChange={(reNewPassword) => setForm({ reNewPassword })}
          />
        </Field>
        {security ? (
          <FactorCodeFields
            security={security}
            type="UPDATE_PASSWORD"
            codes={{ emailCode: form.code, phoneCode: form.phoneCode, googleCode: state.googleCode }}
            onChange={(c) =>
              dispatch({
                type: 'codes',
                emailCode: c.emailCode ?? '',
                phoneCode: c.phoneCode ?? '',
                googleCode: c.googleCode ?? '',
              })
            }
          />
        ) : null}
        <RuleLine rule={errorAmong(state, 'emailCodeRequired', 'phoneCodeRequired')} />
        <label className="acc-check">
          <input
            type="checkbox"
            name="agree"
            checked={form.agree}
            onChange={(e) => setForm({ agree: e.target.checked })}
          />
          <span>{t('account.security.password.agree')}</span>
        </label>
        <RuleLine rule={errorAmong(state, 'agreeRequired')} />
        <button
          type="submit"
          className={isReady(state) ? 'btn btn-primary acc-submit' : 'btn btn-primary acc-submit inactive'}
          disabled={state.busy}
        >
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}

/** A rule that failed, said under the part of the form it is about. */
function RuleLine({ rule }: { rule: RuleKey | null }) {
  const { t } = useTranslation();
  return rule ? (
    <span className="acc-error" role="alert">
      {t(`account.rules.${rule}`)}
    </span>
  ) : null;
}
