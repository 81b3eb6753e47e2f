// The headless model of /verification (spec shell §2, §4, §5, §9): the six cells, the server's message under them,
// the 60 s resend countdown and the slider a resend needs. The view (verification-page.tsx) renders it;
// tests/src/features/account/verification-model.test.ts checks it without React.
import { type CellsState, codeOf, emptyCells, isComplete } from '../code-cells.ts';

/** spec shell §9: resend countdown 60 s. */
export const RESEND_SECONDS = 60;

export interface VerificationState {
  cells: CellsState;
  /** The server's message about the code, shown under the cells. */
  message: string;
  /** Seconds until a resend is allowed (it starts counting at once: a code was just sent). */
  left: number;
  slider: boolean;
  busy: boolean;
  /** Refused codes so far: each one gives the cells the focus back on the last digit. */
  refusals: number;
}

export const initialVerification = (): VerificationState => ({
  cells: emptyCells(),
  message: '',
  left: RESEND_SECONDS,
  slider: false,
  busy: false,
  refusals: 0,
});

export type VerificationAction =
  | { type: 'cells'; cells: CellsState }
  | { type: 'tick' }
  | { type: 'slider'; open: boolean }
  /** A new code was sent: the countdown starts again. */
  | { type: 'sent' }
  | { type: 'refused'; message: string };

export function reduceVerification(state: VerificationState, action: VerificationAction): VerificationState {
  switch (action.type) {
    case 'cells':
      return { ...state, cells: action.cells, message: '' };
    case 'tick':
      return state.left > 0 ? { ...state, left: state.left - 1 } : state;
    case 'slider':
      return { ...state, slider: action.open };
    case 'sent':
      return { ...state, left: RESEND_SECONDS };
    case 'refused': {
      const cells = { ...state.cells, focus: state.cells.cells.length - 1 };
      return { ...state, cells, busy: false, message: action.message, refusals: state.refusals + 1 };
    }
  }
}

/** Next is active only at six digits (spec shell §5). */
export const isReady = (state: VerificationState): boolean => isComplete(state.cells);

/** Next: the code to check, or 'empty' (a warning: the code is not complete). */
export function planNext(state: VerificationState): { state: VerificationState; check: string | 'empty' } {
  if (!isReady(state)) return { state, check: 'empty' };
  return { state: { ...state, busy: true }, check: codeOf(state.cells) };
}

/** Resend: 'wait' during the countdown (a warning, spec shell §4), else the slider opens for a new code. */
export function planResend(state: VerificationState): { state: VerificationState; outcome: 'wait' | 'slider' } {
  if (state.left > 0) return { state, outcome: 'wait' };
  return { state: { ...state, slider: true }, outcome: 'slider' };
}
