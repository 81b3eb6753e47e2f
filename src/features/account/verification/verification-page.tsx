import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { checkCode, sendCode } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { sliderTarget } from '../form/account-model.ts';
import { type RegistrationCache, savePasswordTicket, takeRegistrationCache } from '../registration-cache.ts';
import { CodeCells } from './code-cells-input.tsx';
import {
  initialVerification,
  isReady,
  planNext,
  planResend,
  reduceVerification,
  type VerificationAction,
  type VerificationState,
} from './verification-model.ts';
import '../account.css';

/** Read once per page: the cache is removed when read (spec shell §4), and a remount must not lose it. */
let held: RegistrationCache | null = null;

/**
 * /verification (spec shell §2, §4): six cells, a resend widget with a 60 s countdown, next active only at six
 * digits; the server's message shows under the cells. Without the registration cache the user is sent home. The
 * rules are verification-model.ts.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [cache] = useState<RegistrationCache | null>(() => {
    const read = takeRegistrationCache();
    if (read) held = read;
    return read ?? held;
  });
  const { state, dispatch, current, set } = useFormModel(reduceVerification, initialVerification);

  useEffect(() => {
    if (!cache) navigate('/', { replace: true });
  }, [cache, navigate]);

  useEffect(() => {
    if (state.left <= 0) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
  }, [state.left, dispatch]);

  if (!cache) return null;
  const next = async () => {
    const plan = planNext(current());
    if (plan.check === 'empty') return showToast('warning', t('account.verification.codeEmpty'));
    set(plan.state);
    const r = await checkCode(cache.purpose, cache, plan.check);
    if (!isSuccess(r.code) || !r.data?.verifyCode) return dispatch({ type: 'refused', message: r.msg });
    held = null;
    savePasswordTicket({
      purpose: cache.purpose,
      country: cache.country,
      tel: cache.tel,
      mail: cache.mail,
      code: cache.code,
      ticket: r.data.verifyCode,
    });
    navigate(`/personal/setPassword?fromType=${cache.purpose === 'register' ? 1 : 2}`);
  };
  const resend = () => {
    const plan = planResend(current());
    if (plan.outcome === 'wait') return showToast('warning', t('account.verification.delayGetRegCode'));
    set(plan.state);
  };

  return (
    <div className="acc-page">
      <VerificationCard cache={cache} state={state} dispatch={dispatch} onNext={() => void next()} onResend={resend} />
      {state.slider ? (
        <SliderCaptcha
          type={cache.purpose === 'register' ? 'REGISTER' : 'RESET'}
          target={sliderTarget(cache)}
          onClose={() => dispatch({ type: 'slider', open: false })}
          onSuccess={async (verifyToken) => {
            dispatch({ type: 'slider', open: false });
            const r = await sendCode(cache.purpose, cache, verifyToken);
            if (!isSuccess(r.code)) return;
            showToast('success', t('account.verification.sent'));
            dispatch({ type: 'sent' });
          }}
        />
      ) : null}
    </div>
  );
}

function VerificationCard(props: {
  cache: RegistrationCache;
  state: VerificationState;
  dispatch: (action: VerificationAction) => void;
  onNext: () => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const { cache, state, dispatch } = props;
  const target = cache.tel ? `+${cache.areaCode} ${cache.tel}` : cache.mail;
  const complete = isReady(state);
  const counting = state.left > 0;
  return (
    <div className="acc-card" data-testid="verification">
      <h1 className="acc-title">{t('account.verification.title')}</h1>
      <p className="acc-muted">{t('account.verification.sentTo', { target })}</p>
      <CodeCells
        state={state.cells}
        onChange={(cells) => dispatch({ type: 'cells', cells })}
        focusSignal={state.refusals}
      />
      <div className="acc-inline-error" role="alert" data-testid="code-message">
        {state.message}
      </div>
      <div className="acc-resend">
        <button
          type="button"
          className={counting ? 'acc-link disabled' : 'acc-link'}
          data-counting={counting}
          onClick={props.onResend}
          data-testid="resend"
        >
          {counting ? t('account.verification.resendIn', { seconds: state.left }) : t('account.verification.resend')}
        </button>
      </div>
      <button
        type="button"
        className={complete ? 'btn btn-primary acc-submit' : 'btn btn-primary acc-submit inactive'}
        aria-disabled={!complete}
        data-testid="verification-next"
        disabled={state.busy}
        onClick={props.onNext}
      >
        {t('account.next')}
      </button>
    </div>
  );
}
