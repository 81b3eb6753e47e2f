// The headless model of the chat's message box: the draft, its problem (nothing to send, too long) and the send.
// The view (composer.tsx) renders it; tests/src/features/support/form-models.test.ts checks it without React.
import { type DraftProblem, draftProblem } from './chat-model.ts';

export interface ComposerState {
  text: string;
  error: DraftProblem;
  busy: boolean;
}

export const initialComposer = (): ComposerState => ({ text: '', error: null, busy: false });

export type ComposerAction = { type: 'text'; text: string } | { type: 'sent'; accepted: boolean };

export function reduceComposer(state: ComposerState, action: ComposerAction): ComposerState {
  // Typing clears the problem; only an accepted message clears the box.
  if (action.type === 'text') return { ...state, text: action.text, error: null };
  return action.accepted ? { ...state, busy: false, text: '' } : { ...state, busy: false };
}

/** A send: the draft's problem shows; else the trimmed text goes, once at a time. */
export function planSend(state: ComposerState): { state: ComposerState; send: string | null } {
  if (state.busy) return { state, send: null };
  const error = draftProblem(state.text);
  if (error) return { state: { ...state, error }, send: null };
  return { state: { ...state, error: null, busy: true }, send: state.text.trim() };
}
