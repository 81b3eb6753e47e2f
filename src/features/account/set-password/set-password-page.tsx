import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { setUser } from '../../../api/session.ts';
import { checkLoginAndLoadUser } from '../../../api/shell.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { register, resetPassword } from '../api.ts';
import { Field, PasswordChecklist, PasswordInput } from '../form/fields.tsx';
import { type PasswordTicket, purposeOfFromType, takePasswordTicket } from '../registration-cache.ts';
import { initialSetPassword, planSetPassword, reduceSetPassword } from './set-password-model.ts';
import '../account.css';

let held: PasswordTicket | null = null;

/**
 * /personal/setPassword (spec shell §2): fromType 1 finishes a registration and signs in; any other value finishes a
 * reset and goes to /resetPwdSuccess. The checked code's ticket comes from the verification screen.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const purpose = purposeOfFromType(new URLSearchParams(useSearch()).get('fromType'));
  const [ticket] = useState<PasswordTicket | null>(() => {
    const read = takePasswordTicket();
    if (read) held = read;
    return read ?? held;
  });
  const { state, dispatch, current, set } = useFormModel(reduceSetPassword, initialSetPassword);
  const { error } = state;

  useEffect(() => {
    if (!ticket || ticket.purpose !== purpose) navigate('/', { replace: true });
  }, [ticket, purpose, navigate]);
  if (!ticket) return null;

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
