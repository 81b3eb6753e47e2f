import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { checkCode, sendCode } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { codeOf, emptyCells, isComplete } from '../code-cells.ts';
import { sliderTarget } from '../form/account-model.ts';
import { type RegistrationCache, savePasswordTicket, takeRegistrationCache } from '../registration-cache.ts';
import { CodeCells } from './code-cells-input.tsx';
import '../account.css';

/** spec shell §9: resend countdown 60 s. */
export const RESEND_SECONDS = 60;

/** Read once per page: the cache is removed when read (spec shell §4), and a remount must not lose it. */
let held: RegistrationCache | null = null;

/**
 * /verification (spec shell §2, §4): six cells, a resend widget with a 60 s countdown, next active only at six
 * digits; the server's message shows under the cells. Without the registration cache the user is sent home.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [cache] = useState<RegistrationCache | null>(() => {
    const read = takeRegistrationCache();
    if (read) held = read;
    return read ?? held;
  });
  const [cells, setCells] = useState(emptyCells);
  const [message, setMessage] = useState('');
  const [left, setLeft] = useState(RESEND_SECONDS);
  const [slider, setSlider] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!cache) navigate('/', { replace: true });
  }, [cache, navigate]);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  if (!cache) return null;
  const target = cache.tel ? `+${cache.areaCode} ${cache.tel}` : cache.mail;
  const complete = isComplete(cells);

  const next = async () => {
    if (!complete) {
      showToast('warning', t('account.verification.codeEmpty'));
      return;
    }
    setBusy(true);
    const r = await checkCode(cache.purpose, cache, codeOf(cells));
    setBusy(false);
    if (!isSuccess(r.code) || !r.data?.verifyCode) {
      setMessage(r.msg);
      return;
    }
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
    if (left > 0) {
      showToast('warning', t('account.verification.delayGetRegCode'));
      return;
    }
    setSlider(true);
  };

  return (
    <div className="acc-page">
      <div className="acc-card" data-testid="verification">
        <h1 className="acc-title">{t('account.verification.title')}</h1>
        <p className="acc-muted">{t('account.verification.sentTo', { target })}</p>
        <CodeCells
          state={cells}
          onChange={(s) => {
            setCells(s);
            setMessage('');
          }}
        />
        <div className="acc-inline-error" role="alert" data-testid="code-message">
          {message}
        </div>
        <div className="acc-resend">
          <button
            type="button"
            className={left > 0 ? 'acc-link disabled' : 'acc-link'}
            data-counting={left > 0}
            onClick={resend}
            data-testid="resend"
          >
            {left > 0 ? t('account.verification.resendIn', { seconds: left }) : t('account.verification.resend')}
          </button>
        </div>
        <button
          type="button"
          className={complete ? 'btn btn-primary acc-submit' : 'btn btn-primary acc-submit inactive'}
          aria-disabled={!complete}
          data-testid="verification-next"
          disabled={busy}
          onClick={() => void next()}
        >
          {t('account.next')}
        </button>
      </div>
      {slider ? (
        <SliderCaptcha
          type={cache.purpose === 'register' ? 'REGISTER' : 'RESET'}
          target={sliderTarget(cache)}
          onClose={() => setSlider(false)}
          onSuccess={async (verifyToken) => {
            setSlider(false);
            const r = await sendCode(cache.purpose, cache, verifyToken);
            if (isSuccess(r.code)) {
              showToast('success', t('account.verification.sent'));
              setLeft(RESEND_SECONDS);
            }
          }}
        />
      ) : null}
    </div>
  );
}
