import { useState } from 'react';
import { useLocation } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { type AccountAddress, sendCode } from '../api.ts';
import { SliderCaptcha } from '../captcha/slider-captcha.tsx';
import { storeAreaCode } from '../countries.ts';
import { type Purpose, saveRegistrationCache } from '../registration-cache.ts';
import type { RuleKey } from '../validation.ts';
import { type AccountValue, accountError } from './account-form.tsx';

export interface SendTarget extends AccountAddress {
  areaCode: string;
  /** Referral code of a registration. */
  referral: string;
}

/** The slider target of an address: the phone digits or the e-mail (what the server binds the token to). */
export function sliderTarget(a: AccountAddress): string {
  return (a.tel || a.mail).trim().toLowerCase();
}

/** What the code is sent to: the chosen channel's address only. */
export function sendTargetOf(value: AccountValue, referral = ''): SendTarget {
  return {
    country: value.country,
    areaCode: value.areaCode,
    tel: value.mode === 'phone' ? value.phone : '',
    mail: value.mode === 'email' ? value.email : '',
    referral: referral.trim(),
  };
}

/**
 * Account → slider → code sent → /verification (spec shell §4): success of the slider yields the verify token the code
 * is sent with; the registration cache carries the address to the verification screen.
 */
export function useSendFlow(purpose: Purpose) {
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<SendTarget | null>(null);
  const start = (t: SendTarget) => setTarget(t);
  /** The register and forget forms' submit: the rule the account breaks, else null and the slider opens. */
  const submit = (value: AccountValue, referral = ''): RuleKey | null => {
    const failed = accountError(value);
    if (!failed) start(sendTargetOf(value, referral));
    return failed;
  };
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
  return { start, submit, captcha };
}
