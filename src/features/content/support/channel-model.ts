// The headless model of /support-center/channel-verification: the value typed, its rule (something to check), the
// server's verdict or refusal. The view (channel-page.tsx) renders it; tests/src/features/content/channel-model.test.ts
// checks it without React.
import { ApiCode } from '../../../../common/api.ts';
import type { ChannelVerdict } from '../api.ts';

/** 'empty': nothing typed; 'invalid': the server could not read it; a message: the server's own refusal. */
export type ChannelError = 'empty' | 'invalid' | { message: string } | null;

export interface ChannelState {
  value: string;
  error: ChannelError;
  verdict: ChannelVerdict | null;
  busy: boolean;
}

export const initialChannel = (): ChannelState => ({ value: '', error: null, verdict: null, busy: false });

export type ChannelAction =
  | { type: 'value'; value: string }
  | { type: 'answer'; ok: boolean; code: number; data: ChannelVerdict | null | undefined; message: string };

export function reduceChannel(state: ChannelState, action: ChannelAction): ChannelState {
  if (action.type === 'value') return { ...state, value: action.value };
  const { ok, code, data, message } = action;
  if (ok && data) return { ...state, busy: false, error: null, verdict: data };
  return { ...state, busy: false, error: code === ApiCode.badRequest ? 'invalid' : { message } };
}

/** A check: the old verdict goes; the trimmed value is sent when there is one. */
export function planCheck(state: ChannelState): { state: ChannelState; send: string | null } {
  const text = state.value.trim();
  const cleared = { ...state, verdict: null };
  if (!text) return { state: { ...cleared, error: 'empty' }, send: null };
  if (state.busy) return { state, send: null };
  return { state: { ...cleared, busy: true }, send: text };
}
