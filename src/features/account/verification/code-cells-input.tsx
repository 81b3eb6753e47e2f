import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { backspace, type CellsState, pasteInto, typeInto } from '../code-cells.ts';

/** Six single-digit cells (spec shell §5): auto-advance, backspace back, paste fills. */
export function CodeCells(props: {
  state: CellsState;
  onChange: (s: CellsState) => void;
  /** Changes when the cells must take the focus back (a refused code), even if the focused cell is the same. */
  focusSignal?: number;
}) {
  const { state, onChange, focusSignal } = props;
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusSignal is the reason to run again.
  useEffect(() => {
    refs.current[state.focus]?.focus();
  }, [state.focus, focusSignal]);
  const onKey = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    const typed = /^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (e.key !== 'Backspace' && !typed) return;
    // A digit is taken from the key, not from the change event: typing the digit a cell already holds changes
    // nothing, so React fires no change and the focus would stay behind.
    e.preventDefault();
    const next = typed ? typeInto(state, i, e.key) : backspace(state, i);
    onChange(next);
    refs.current[next.focus]?.focus();
  };
  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const next = pasteInto(state, i, e.clipboardData.getData('text'));
    onChange(next);
    refs.current[next.focus]?.focus();
  };
  return (
    <div className="acc-cells" data-testid="code-cells">
      {state.cells.map((cell, i) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six cells are positions.
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className="acc-cell"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`${i + 1}`}
          value={cell}
          onChange={(e) => {
            const typed = e.target.value.replace(cell, '') || e.target.value;
            const next = typeInto(state, i, typed);
            onChange(next);
            refs.current[next.focus]?.focus();
          }}
          onKeyDown={onKey(i)}
          onPaste={onPaste(i)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
