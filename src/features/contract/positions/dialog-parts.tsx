import { useTranslation } from '../../../i18n/use-translation.ts';
import { NumberInput } from '../../../ui/number-input.tsx';

/** A form dialog's error line (translated), read out when it appears. */
export function FieldError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="cp-error" role="alert">
      {error}
    </p>
  );
}

/** Cancel and confirm at the foot of a form dialog. */
export function DialogButtons(props: { onCancel: () => void; onConfirm: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="cp-buttons">
      <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
        {t('contractOrders.cancel')}
      </button>
      <button type="button" className="btn btn-primary" disabled={props.busy} onClick={props.onConfirm}>
        {t('contractOrders.confirm')}
      </button>
    </div>
  );
}

/** A labelled text input of a form dialog; `onChange` gets the trimmed text. */
export function TextField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
}) {
  return (
    <label className="cp-field">
      <span>{props.label}</span>
      <NumberInput
        name={props.name}
        decimals={props.numeric ? 0 : undefined}
        value={props.value}
        onValueChange={props.onChange}
      />
    </label>
  );
}
