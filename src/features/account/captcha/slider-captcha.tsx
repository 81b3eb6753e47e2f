import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogClose, DialogTitle } from '../../../ui/dialog.tsx';
import { checkSlider, loadChallenge, type SliderChallenge, type SliderType } from '../api.ts';
import { pieceLeft, positionRatio, RESULT_MS, SLIDER_START, SLIDER_WIDTH } from './slider-math.ts';

type Result = { ok: boolean; text: string } | null;

/**
 * The slider captcha (spec shell §2, §4): a 300 px puzzle from the server's images; release submits the position as
 * a ratio; success or failure shows for 1 s, then success hands the verify token on and failure loads a new challenge.
 */
export function SliderCaptcha(props: {
  type: SliderType;
  target: string;
  onSuccess: (verifyToken: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { type, target, onSuccess, onClose } = props;
  const [challenge, setChallenge] = useState<SliderChallenge | null>(null);
  const [left, setLeft] = useState(SLIDER_START);
  const [result, setResult] = useState<Result>(null);
  const drag = useRef<{ x: number; pointer: number } | null>(null);
  const busy = useRef(false);

  const refresh = useCallback(async () => {
    setResult(null);
    setLeft(SLIDER_START);
    setChallenge(null);
    const r = await loadChallenge(type, target);
    if (isSuccess(r.code) && r.data) setChallenge(r.data);
    else showToast('error', r.msg || t('account.captcha.loadFailed'));
  }, [type, target, t]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const piece = challenge?.pieceSize ?? 50;
  const onDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!challenge || result || busy.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, pointer: e.pointerId };
  };
  const onMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    setLeft(pieceLeft(e.clientX - drag.current.x, piece));
  };
  const onUp = async (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current || !challenge) return;
    const at = pieceLeft(e.clientX - drag.current.x, piece);
    drag.current = null;
    busy.current = true;
    const r = await checkSlider(type, target, positionRatio(at), challenge.captchaId);
    const ok = isSuccess(r.code) && typeof r.data === 'string';
    setResult({ ok, text: ok ? t('account.captcha.success') : r.msg || t('account.captcha.failure') });
    setTimeout(() => {
      busy.current = false;
      if (ok) onSuccess(r.data as string);
      else void refresh();
    }, RESULT_MS);
  };

  return (
    <Dialog className="acc-captcha" onClose={onClose} dismissOnOutside={false} testId="slider-captcha">
      <div className="acc-captcha-head">
        <DialogTitle as="span">{t('account.captcha.title')}</DialogTitle>
        <span className="acc-captcha-tools">
          <button type="button" onClick={() => void refresh()} aria-label={t('account.captcha.refresh')}>
            ↻
          </button>
          <DialogClose label={t('common.close')}>✕</DialogClose>
        </span>
      </div>
      <div className="acc-puzzle" style={{ width: SLIDER_WIDTH, height: challenge?.height ?? 150 }}>
        {challenge ? (
          <>
            <img src={challenge.backgroundImage} alt="" width={SLIDER_WIDTH} draggable={false} />
            <img
              className="acc-piece"
              src={challenge.sliderImage}
              alt=""
              draggable={false}
              style={{ left, height: challenge.height }}
            />
          </>
        ) : null}
        {result ? (
          <div className={result.ok ? 'acc-result ok' : 'acc-result fail'} role="status">
            {result.text}
          </div>
        ) : null}
      </div>
      <div className="acc-track" style={{ width: SLIDER_WIDTH }}>
        <span className="acc-track-hint">{t('account.captcha.hint')}</span>
        <button
          type="button"
          className="acc-handle"
          data-testid="slider-handle"
          aria-label={t('account.captcha.hint')}
          style={{ left, width: piece }}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={(e) => void onUp(e)}
        >
          ⇢
        </button>
      </div>
    </Dialog>
  );
}
