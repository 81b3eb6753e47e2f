import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { setUser } from '../../../api/session.ts';
import { checkLoginAndLoadUser } from '../../../api/shell.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { login, loginSecondStep, syncUpDown } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { storedAreaCode } from '../countries.ts';
import { AccountFields } from '../form/account-form.tsx';
import { initialAccount } from '../form/account-model.ts';
import { Field, PasswordInput } from '../form/fields.tsx';
import { CODE_LENGTH } from '../validation.ts';
import {
  afterPassword,
  codeRefused,
  initialLogin,
  type LoginAction,
  type LoginSend,
  type LoginState,
  loginOutcome,
  loginRequest,
  planCode,
  planLogin,
  planResend,
  reduceLogin,
} from './login-model.ts';
import { QrLogin } from './qr-login.tsx';
import { afterLoginPath } from './redirect.ts';
import '../account.css';
import './login.css';

/**
 * /login (spec shell §2): phone or e-mail and password; a second step with the Google code when the server asks for
 * it; then fromUrl, from or home, with the user loaded so the header shows them. The rules are login-model.ts.
 */
export function LoginPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { state, dispatch, current, set } = useFormModel(reduceLogin, () =>
    initialLogin(initialAccount(null, storedAreaCode())),
  );

  const finish = async () => {
    const user = await checkLoginAndLoadUser();
    if (user) setUser(user);
    void syncUpDown();
    navigate(afterLoginPath(search), { replace: true });
  };
  const attempt = async (send: LoginSend, verifyToken?: string) => {
    dispatch({ type: 'sending' });
    const r = await login(send.username, send.password, send.country, verifyToken, send.code);
    // The Google step's answer carries a ticket; a session answer signs in at once.
    const second = r.data && 'needSecondFactor' in r.data ? r.data : undefined;
    const outcome = loginOutcome({
      code: r.code,
      ok: isSuccess(r.code) && !!r.data,
      ticket: second?.ticket,
      needSecondFactor: second?.needSecondFactor,
    });
    set(afterPassword(current(), outcome, second?.ticket));
    if (outcome === 'done') await finish();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const plan = planLogin(current());
    set(plan.state);
    if (plan.send) void attempt(plan.send);
  };
  const resend = () => {
    const plan = planResend(current());
    set(plan.state);
    if (plan.send) void attempt(plan.send);
  };
  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planCode(current());
    set(plan.state);
    if (!plan.send) return;
    const r = await loginSecondStep(plan.send.ticket, plan.send.code);
    if (!isSuccess(r.code)) return set(codeRefused(current()));
    await finish();
  };

  if (state.ticket) return <GoogleStep state={state} dispatch={dispatch} onSubmit={(e) => void submitCode(e)} />;
  return (
    <div className="acc-page login-layout">
      {state.captchaFor ? (
        <SliderCaptcha
          type="LOGIN"
          target={state.captchaFor}
          onClose={() => dispatch({ type: 'closeCaptcha' })}
          onSuccess={(verifyToken) => void attempt(loginRequest(current()), verifyToken)}
        />
      ) : null}
      <PasswordStep state={state} dispatch={dispatch} onSubmit={submit} onResend={resend} search={search} />
      <QrLogin onSession={() => void finish()} />
    </div>
  );
}

function PasswordStep(props: {
  state: LoginState;
  dispatch: (action: LoginAction) => void;
  onSubmit: (e: FormEvent) => void;
  onResend: () => void;
  search: string;
}) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  const showTip = new URLSearchParams(props.search).get('showLoginTip') === '1';
  return (
    <form className="acc-card" onSubmit={props.onSubmit} noValidate data-testid="login-form">
      <h1 className="acc-title">{t('account.login.title')}</h1>
      {showTip ? (
        <div className="acc-tip" role="status" data-testid="login-tip">
          {t('account.login.loginTip')}
        </div>
      ) : null}
      <AccountFields
        value={state.account}
        onChange={(patch) => dispatch({ type: 'account', patch })}
        error={state.error?.field === 'account' ? state.error.rule : null}
      />
      <Field label={t('account.password')} error={state.error?.field === 'password' ? state.error.rule : null}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          placeholder={t('account.passwordPlaceholder')}
          value={state.password}
          onChange={(value) => dispatch({ type: 'password', value })}
        />
      </Field>
      {state.deviceStep ? <DeviceStep state={state} dispatch={dispatch} onResend={props.onResend} /> : null}
      <div className="acc-row-end">
        <Link href="/forget" className="acc-link">
          {t('account.login.forgot')}
        </Link>
      </div>
      <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy}>
        {t('account.login.submit')}
      </button>
      <p className="acc-foot">
        {t('account.login.noAccount')} <Link href="/register">{t('account.login.registerNow')}</Link>
      </p>
    </form>
  );
}

function GoogleStep(props: {
  state: LoginState;
  dispatch: (action: LoginAction) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  return (
    <div className="acc-page">
      <form className="acc-card" onSubmit={props.onSubmit} noValidate data-testid="login-google">
        <h1 className="acc-title">{t('account.login.googleTitle')}</h1>
        <p className="acc-muted">{t('account.login.googleHint')}</p>
        <Field label={t('account.login.googleCode')} error={state.error?.field === 'code' ? state.error.rule : null}>
          <input
            className="acc-input acc-code"
            name="googleCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={state.code}
            onChange={(e) => dispatch({ type: 'code', value: e.target.value })}
          />
        </Field>
        <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy}>
          {t('account.login.submit')}
        </button>
        <button type="button" className="acc-link" onClick={() => dispatch({ type: 'back' })}>
          {t('account.login.back')}
        </button>
      </form>
    </div>
  );
}

/** Device authorisation (spec shell §7 `code`): the code the server sent because this browser is a new device. */
function DeviceStep(props: { state: LoginState; dispatch: (action: LoginAction) => void; onResend: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  return (
    <fieldset className="login-device" data-testid="login-device">
      <legend className="acc-subtitle">{t('account.qrLogin.deviceTitle')}</legend>
      <p className="acc-muted">{t('account.qrLogin.deviceHint')}</p>
      <Field
        label={t('account.qrLogin.deviceCode')}
        error={state.error?.field === 'deviceCode' ? state.error.rule : null}
      >
        <input
          className="acc-input acc-code"
          name="deviceCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          value={state.deviceCode}
          onChange={(e) => dispatch({ type: 'deviceCode', value: e.target.value })}
        />
      </Field>
      <button type="button" className="acc-link" onClick={props.onResend} disabled={state.busy}>
        {t('account.qrLogin.resend')}
      </button>
    </fieldset>
  );
}
