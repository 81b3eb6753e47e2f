import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { getToken, setUser } from '../../../api/session.ts';
import { checkLoginAndLoadUser } from '../../../api/shell.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { register, resetPassword } from '../api.ts';
import { Field, PasswordChecklist, PasswordInput } from '../form/fields.tsx';
import { type PasswordTicket, purposeOfFromType, takePasswordTicket } from '../registration-cache.ts';
import { initialSetPassword, planSetPassword, reduceSetPassword, setPasswordAccess } from './set-password-model.ts';
import '../account.css';

let held: PasswordTicket | null = null;

/**
 * /personal/setPassword (spec shell §2): fromType 1 finishes a registration and signs in; any other value finishes a
 * reset and goes to /resetPwdSuccess. The checked code's ticket comes from the verification screen; without it the
 * page sends a signed-in user to /password and anyone else to login (setPasswordAccess).
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const purpose = purposeOfFromType(new URLSearchParams(search).get('fromType'));
  const [ticket] = useState<PasswordTicket | null>(() => {
    const read = takePasswordTicket();
    if (read) held = read;
    return read ?? held;
  });
  const { state, dispatch, current, set } = useFormModel(reduceSetPassword, initialSetPassword);
  const { error } = state;

  const access = setPasswordAccess(
    ticket,
    purpose,
    getToken() !== null,
    `/personal/setPassword${search ? `?${search}` : ''}`,
  );
  const redirect = access.kind === 'redirect' ? access.to : null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  if (!ticket || redirect) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planSetPassword(current());
    set(plan.state);
    const password = plan.send;
    if (password === null) return;
    if (purpose === 'register') {
      const r = await register(ticket, ticket.ticket, password, ticket.code);
      if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
      held = null;
      const user = await checkLoginAndLoadUser();
      if (user) setUser(user);
      navigate('/', { replace: true });
      return;
    }
    const r = await resetPassword(ticket, ticket.ticket, password);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    held = null;
    navigate('/resetPwdSuccess', { replace: true });
  };

  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={(e) => void submit(e)} noValidate data-testid="set-password">
        <h1 className="acc-title">
          {purpose === 'register' ? t('account.setPassword.titleRegister') : t('account.setPassword.titleReset')}
        </h1>
        <p className="acc-muted">{ticket.tel || ticket.mail}</p>
        <Field label={t('account.newPassword')} error={error === 'confirmMismatch' ? null : error}>
          <PasswordInput
            name="newPassword"
            value={state.password}
            onChange={(value) => dispatch({ type: 'password', value })}
          />
        </Field>
        <PasswordChecklist password={state.password} />
        <Field label={t('account.confirmPassword')} error={error === 'confirmMismatch' ? error : null}>
          <PasswordInput
            name="confirmPassword"
            value={state.confirm}
            onChange={(value) => dispatch({ type: 'confirm', value })}
          />
        </Field>
        <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy}>
          {t('account.submit')}
        </button>
      </form>
    </div>
  );
}
