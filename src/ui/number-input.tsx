import type { InputHTMLAttributes } from 'react';
import {
  isNumberDirectiveKey,
  type NumberDirectiveOptions,
  sanitizeNumberDirective,
} from '../format/number-directive.ts';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'max'>;

export interface NumberInputProps extends NativeProps, NumberDirectiveOptions {
  value: string;
  /** The cleaned text after each edit (typed, pasted, dropped). */
  onValueChange: (text: string) => void;
}

/** The field's text as it will be once the selection is replaced: a selected dot or minus may be typed again. */
function unselected(el: HTMLInputElement): string {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  return el.value.slice(0, start) + el.value.slice(end);
}

/**
 * Every numeric field of the product: the number directive of spec trading §5 (keys refused as they are typed;
 * pasted text cleaned: commas stripped, one dot, a minus only with `negative`, `decimals` default 10, capped at
 * `max`). The rules are src/format/number-directive.ts.
 */
export function NumberInput(props: NumberInputProps) {
  const { value, onValueChange, negative, decimals, thousands, max, onKeyDown, ...native } = props;
  const options: NumberDirectiveOptions = { negative, decimals, thousands, max };
  return (
    <input
      inputMode={decimals === 0 && !negative ? 'numeric' : 'decimal'}
      autoComplete="off"
      spellCheck={false}
      {...native}
      type="text"
      value={value}
      onKeyDown={(e) => {
        if (!isNumberDirectiveKey(e, options, unselected(e.currentTarget))) e.preventDefault();
        onKeyDown?.(e);
      }}
      onChange={(e) => onValueChange(sanitizeNumberDirective(e.target.value, options))}
    />
  );
}
