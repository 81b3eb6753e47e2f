import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { backspace, type CellsState, pasteInto, typeInto } from '../code-cells.ts';

/** Six single-digit cells (spec shell §5): auto-advance, backspace back, paste fills. */
export function CodeCells({ state, onChange }: { state: CellsState; onChange: (s: CellsState) => void }) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    refs.current[state.focus]?.focus();
  }, [state.focus]);
  const onKey = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const next = backspace(state, i);
      onChange(next);
      refs.current[next.focus]?.focus();
    }
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
