import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { ApiCode } from '../../../../common/api.ts';
import { isSuccess } from '../../../api/request.ts';
import { setUser } from '../../../api/session.ts';
import { checkLoginAndLoadUser } from '../../../api/shell.ts';
import type { ShellUser } from '../../../app/shell-state.tsx';
import { login, loginSecondStep, syncUpDown } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { AccountFields, accountError, useAccountValue } from '../form/account-form.tsx';
import { Field, PasswordInput } from '../form/fields.tsx';
import { CODE_LENGTH, cleanCode, codeError, type RuleKey } from '../validation.ts';
import { afterLoginPath } from './redirect.ts';
import '../account.css';

/**
 * /login (spec shell §2): phone or e-mail and password; a second step with the Google code when the server asks for
 * it; then fromUrl, from or home, with the user loaded so the header shows them.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const showTip = new URLSearchParams(search).get('showLoginTip') === '1';
  const [value, update] = useAccountValue(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field: 'account' | 'password' | 'code'; rule: RuleKey } | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  /** The account name the server asked a slider for (after repeated failures of that name). */
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);

  const finish = async () => {
    const user = await checkLoginAndLoadUser<ShellUser>();
    if (user) setUser(user);
    void syncUpDown();
    navigate(afterLoginPath(search), { replace: true });
  };

  const username = value.mode === 'phone' ? value.phone : value.email;
  const attempt = async (verifyToken?: string) => {
    setBusy(true);
    const r = await login(username, password, value.mode === 'phone' ? value.country : '', verifyToken);
    setBusy(false);
    if (r.code === ApiCode.captchaRequired || r.code === ApiCode.verifyTokenInvalid) {
      // The slider's target is the account name as the server normalises it.
      setCaptchaFor(username.trim().toLowerCase());
      return;
    }
    if (!isSuccess(r.code) || !r.data) return;
    if (r.data.needSecondFactor && r.data.ticket) {
      setTicket(r.data.ticket);
      return;
    }
    await finish();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const accountRule = accountError(value);
    if (accountRule) return setError({ field: 'account', rule: accountRule });
    if (!password) return setError({ field: 'password', rule: 'passwordRequired' });
    setError(null);
    void attempt();
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !ticket) return;
    const rule = codeError(code);
    if (rule) return setError({ field: 'code', rule });
    setError(null);
    setBusy(true);
    const r = await loginSecondStep(ticket, code);
    setBusy(false);
    if (!isSuccess(r.code)) {
      setCode('');
      return;
    }
    await finish();
  };

  if (ticket) {
    return (
      <div className="acc-page">
        <form className="acc-card" onSubmit={(e) => void submitCode(e)} noValidate data-testid="login-google">
          <h1 className="acc-title">{t('account.login.googleTitle')}</h1>
          <p className="acc-muted">{t('account.login.googleHint')}</p>
          <Field label={t('account.login.googleCode')} error={error?.field === 'code' ? error.rule : null}>
            <input
              className="acc-input acc-code"
              name="googleCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(cleanCode(e.target.value))}
            />
          </Field>
          <button type="submit" className="btn btn-primary acc-submit" disabled={busy}>
            {t('account.login.submit')}
          </button>
          <button type="button" className="acc-link" onClick={() => setTicket(null)}>
            {t('account.login.back')}
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className="acc-page">
      {captchaFor ? (
        <SliderCaptcha
          type="LOGIN"
          target={captchaFor}
          onClose={() => setCaptchaFor(null)}
          onSuccess={(verifyToken) => {
            setCaptchaFor(null);
            void attempt(verifyToken);
          }}
        />
      ) : null}
      <form className="acc-card" onSubmit={submit} noValidate data-testid="login-form">
        <h1 className="acc-title">{t('account.login.title')}</h1>
        {showTip ? (
          <div className="acc-tip" role="status" data-testid="login-tip">
            {t('account.login.loginTip')}
          </div>
        ) : null}
        <AccountFields
          value={value}
          onChange={(v) => {
            update(v);
            setError(null);
          }}
          error={error?.field === 'account' ? error.rule : null}
        />
        <Field label={t('account.password')} error={error?.field === 'password' ? error.rule : null}>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            placeholder={t('account.passwordPlaceholder')}
            value={password}
            onChange={(p) => {
              setPassword(p);
              setError(null);
            }}
          />
        </Field>
        <div className="acc-row-end">
          <Link href="/forget" className="acc-link">
            {t('account.login.forgot')}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary acc-submit" disabled={busy}>
          {t('account.login.submit')}
        </button>
        <p className="acc-foot">
          {t('account.login.noAccount')} <Link href="/register">{t('account.login.registerNow')}</Link>
        </p>
      </form>
    </div>
  );
}
