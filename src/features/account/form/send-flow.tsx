import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { sendCode } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { storeAreaCode } from '../countries.ts';
import { type Purpose, saveRegistrationCache } from '../registration-cache.ts';
import { planSend, reduceSendForm, type SendFormState, type SendTarget, sliderTarget } from './account-model.ts';

/**
 * Account → slider → code sent → /verification (spec shell §4): success of the slider yields the verify token the code
 * is sent with; the registration cache carries the address to the verification screen.
 */
export function useSendFlow(purpose: Purpose) {
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<SendTarget | null>(null);
  /** Opens the slider for a code to `t` (the model's submit decided where it goes). */
  const start = (t: SendTarget) => setTarget(t);
  const captcha = target ? (
    <SliderCaptcha
      type={purpose === 'register' ? 'REGISTER' : 'RESET'}
      target={sliderTarget(target)}
      onClose={() => setTarget(null)}
      onSuccess={async (verifyToken) => {
        const sent = await sendCode(purpose, target, verifyToken);
        setTarget(null);
        if (!isSuccess(sent.code)) return;
        if (target.tel) storeAreaCode(target.areaCode);
        saveRegistrationCache({
          purpose,
          country: target.country,
          areaCode: target.areaCode,
          tel: target.tel,
          mail: target.mail,
          code: target.referral,
          verifyCode: verifyToken,
        });
        navigate(`/verification?fromType=${purpose === 'register' ? 1 : 2}`);
      }}
    />
  ) : null;
  return { start, captcha };
}

/** The register and forget forms: the account model, its submit (the rule, or the slider for a code) and the slider. */
export function useSendForm(purpose: Purpose, init: () => SendFormState) {
  const { state, dispatch, current, set } = useFormModel(reduceSendForm, init);
  const flow = useSendFlow(purpose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const plan = planSend(current());
    set(plan.state);
    if (plan.target) flow.start(plan.target);
  };
  return { state, dispatch, submit, captcha: flow.captcha };
}
