/**
 * The six code cells of the verification screen (spec shell §2, §5) as a pure state machine: typing fills the focused
 * cell and moves on, backspace on an empty cell goes back and clears it, a paste fills from the focused cell.
 */
import { CODE_LENGTH } from './validation.ts';

export interface CellsState {
  cells: readonly string[];
  /** The focused cell. */
  focus: number;
}

export function emptyCells(length = CODE_LENGTH): CellsState {
  return { cells: Array.from({ length }, () => ''), focus: 0 };
}

/** Text typed into cell `index`: its digits fill from there; focus moves past the last one filled. */
export function typeInto(state: CellsState, index: number, text: string): CellsState {
  const digits = text.replace(/\D/g, '');
  const cells = [...state.cells];
  if (!digits) {
    cells[index] = '';
    return { cells, focus: index };
  }
  let at = index;
  for (const d of digits) {
    if (at >= cells.length) break;
    cells[at] = d;
    at++;
  }
  return { cells, focus: Math.min(at, cells.length - 1) };
}

/** A paste into cell `index` fills like typing (a whole code pasted into the first cell fills all six). */
export function pasteInto(state: CellsState, index: number, text: string): CellsState {
  return typeInto(state, index, text);
}

/** Backspace in cell `index`: clears it, or when it is already empty goes back and clears the previous cell. */
export function backspace(state: CellsState, index: number): CellsState {
  const cells = [...state.cells];
  if (cells[index]) {
    cells[index] = '';
    return { cells, focus: index };
  }
  const previous = Math.max(0, index - 1);
  cells[previous] = '';
  return { cells, focus: previous };
}

export function codeOf(state: CellsState): string {
  return state.cells.join('');
}

/** Next is active only when all six cells hold a digit. */
export function isComplete(state: CellsState): boolean {
  return state.cells.every((c) => /^\d$/.test(c));
}
