import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { clearSession } from '../../../api/session.ts';
import { logout } from '../../../api/shell.ts';
import { showToast } from '../../../api/toast.ts';
import { updatePassword } from '../api.ts';
import { Field, PasswordChecklist, PasswordInput } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields } from '../security/factor-codes.tsx';
import { useSecurity } from '../security/use-security.ts';
import { type ChangePasswordForm, changePasswordError, changePasswordReady, type RuleKey } from '../validation.ts';

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
  const [form, setForm] = useState<ChangePasswordForm>({
    password: '',
    newPassword: '',
    reNewPassword: '',
    phoneCode: '',
    code: '',
    agree: false,
  });
  const [googleCode, setGoogleCode] = useState('');
  const [error, setError] = useState<RuleKey | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ChangePasswordForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!security || busy) return;
    const failed = changePasswordError(form, security.verifyList);
    setError(failed);
    if (failed) return;
    setBusy(true);
    const r = await updatePassword(form.password, form.newPassword, {
      emailCode: form.code,
      phoneCode: form.phoneCode,
      googleCode,
    });
    if (!isSuccess(r.code)) {
      setBusy(false);
      return;
    }
    showToast('success', t('account.security.password.success'));
    setTimeout(() => {
      void logout().finally(() => {
        clearSession();
        navigate('/login', { replace: true });
      });
    }, LOGOUT_AFTER_MS);
  };

  const errorOf = (...keys: RuleKey[]) => (error && keys.includes(error) ? error : null);
  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="change-password">
        <h1 className="acc-title">{t('account.security.password.title')}</h1>
        <Field label={t('account.security.password.old')} error={errorOf('oldPasswordRequired')}>
          <PasswordInput
            name="oldPassword"
            autoComplete="current-password"
            value={form.password}
            onChange={(password) => set({ password })}
          />
        </Field>
        <Field label={t('account.newPassword')} error={errorOf('newPasswordRequired', 'newPasswordRule')}>
          <PasswordInput name="newPassword" value={form.newPassword} onChange={(newPassword) => set({ newPassword })} />
        </Field>
        <PasswordChecklist password={form.newPassword} />
        <Field label={t('account.confirmPassword')} error={errorOf('confirmMismatch')}>
          <PasswordInput
            name="reNewPassword"
            value={form.reNewPassword}
            onChange={(reNewPassword) => set({ reNewPassword })}
          />
        </Field>
        {security ? (
          <FactorCodeFields
            security={security}
            type="UPDATE_PASSWORD"
            codes={{ emailCode: form.code, phoneCode: form.phoneCode, googleCode }}
            onChange={(c) => {
              set({ code: c.emailCode ?? '', phoneCode: c.phoneCode ?? '' });
              setGoogleCode(c.googleCode ?? '');
            }}
          />
        ) : null}
        {errorOf('emailCodeRequired', 'phoneCodeRequired') ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${error as 'emailCodeRequired'}`)}
          </span>
        ) : null}
        <label className="acc-check">
          <input type="checkbox" name="agree" checked={form.agree} onChange={(e) => set({ agree: e.target.checked })} />
          <span>{t('account.security.password.agree')}</span>
        </label>
        {errorOf('agreeRequired') ? (
          <span className="acc-error" role="alert">
            {t('account.rules.agreeRequired')}
          </span>
        ) : null}
        <button
          type="submit"
          className={changePasswordReady(form) ? 'btn btn-primary acc-submit' : 'btn btn-primary acc-submit inactive'}
          disabled={busy}
        >
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}
