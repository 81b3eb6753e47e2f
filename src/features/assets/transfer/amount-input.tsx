import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { NumberInput } from '../../../ui/number-input.tsx';

/**
 * An amount in a coin (spec shell §5 numeric input: digits and one dot, at most the coin's decimals), with "Max" that
 * fills what is available, the available amount underneath and the rule that failed.
 */
export function AmountInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  coin: string;
  decimals: number;
  available: string | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  return (
    <div className="mv-field">
      <label className="mv-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="mv-amount">
        <NumberInput
          id={id}
          className="mv-input"
          name={props.name}
          decimals={props.decimals}
          placeholder={t('moves.amountPlaceholder')}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onValueChange={props.onChange}
        />
        <span className="mv-amount-coin">{props.coin}</span>
        <button
          type="button"
          className="mv-max"
          disabled={props.available === null}
          onClick={() => props.available !== null && props.onChange(props.available)}
        >
          {t('moves.max')}
        </button>
      </div>
      <div className="mv-hint">
        <span data-testid={`${props.name}-available`}>
          {t('moves.availableOf', { amount: props.available ?? '--', coin: props.coin })}
        </span>
        {props.error ? (
          <span className="mv-error" role="alert" id={errorId}>
            {props.error}
          </span>
        ) : null}
      </div>
    </div>
  );
}
