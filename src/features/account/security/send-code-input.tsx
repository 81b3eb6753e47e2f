import { useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Field } from '../form/fields.tsx';
import { CODE_LENGTH, cleanCode, type RuleKey } from '../validation.ts';

/** spec shell §9: resend countdown 60 s (send-code widget). */
export const SEND_COUNTDOWN = 60;

/**
 * A code input with its send button (spec shell §5: max 6): sending starts a 60 s countdown; `send` answers whether the
 * server accepted, and may refuse before calling (bind mode needs an address: it shows its own error).
 */
export function SendCodeInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  send: () => Promise<{ code: number } | null>;
  error?: RuleKey | null;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const onSend = async () => {
    if (left > 0 || busy) return;
    setBusy(true);
    const r = await props.send();
    setBusy(false);
    if (r && isSuccess(r.code)) {
      setLeft(SEND_COUNTDOWN);
      showToast('success', t('account.security.sentTo'));
    }
  };
  return (
    <Field label={props.label} error={props.error ?? null}>
      <div className="acc-code-row">
        <input
          className="acc-input"
          name={props.name}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          placeholder={t('account.security.codePlaceholder')}
          value={props.value}
          onChange={(e) => props.onChange(cleanCode(e.target.value))}
        />
        <button
          type="button"
          className="acc-send"
          disabled={left > 0 || busy}
          onClick={() => void onSend()}
          data-testid={`send-${props.name}`}
        >
          {left > 0 ? t('account.security.sendIn', { seconds: left }) : t('account.security.send')}
        </button>
      </div>
    </Field>
  );
}

/** A plain six-digit code input (the Google code). */
export function CodeInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: RuleKey | null;
}) {
  const { t } = useTranslation();
  return (
    <Field label={props.label} error={props.error ?? null}>
      <input
        className="acc-input acc-code"
        name={props.name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        placeholder={t('account.security.codePlaceholder')}
        value={props.value}
        onChange={(e) => props.onChange(cleanCode(e.target.value))}
      />
    </Field>
  );
}
