// The headless model of the on-chain withdrawal form (spec shell §7 "/uc/withdraw/create, code"): the fields as typed,
// what each edit does, what arrives, the first problem and what a submit sends. The view (withdraw-form.tsx) renders
// it; tests/src/features/assets/withdraw/withdraw-model.test.ts checks it without React.
import { sanitizeNumericInput } from '../../../format/numeric-input.ts';
import type { NetworkInfo, WithdrawForm, WithdrawInfo } from '../common/api.ts';
import { receiveAmount, type WithdrawProblem, withdrawProblem } from '../common/model.ts';

export interface WithdrawState {
  form: WithdrawForm;
  problem: WithdrawProblem | null;
  busy: boolean;
}

/** What the form is for: the coin (its unit and decimals), the network and the user's withdrawal info. */
export interface WithdrawContext {
  coin: { unit: string; decimals: number };
  network: NetworkInfo;
  info: WithdrawInfo | null;
}

export const emptyWithdraw = (requestId: string): WithdrawState => ({
  form: {
    coin: '',
    protocol: '',
    address: '',
    tag: '',
    amount: '',
    emailCode: '',
    phoneCode: '',
    googleCode: '',
    requestId,
  },
  problem: null,
  busy: false,
});

export type WithdrawAction =
  /** Another coin or network: the address and amount belonged to the old one. */
  | { type: 'target'; coin: string; protocol: string }
  | { type: 'address'; value: string }
  /** An address picked from the book, with its memo or tag. */
  | { type: 'picked'; address: string; tag: string }
  | { type: 'tag'; value: string }
  | { type: 'amount'; raw: string; decimals: number }
  /** "Max": everything available. */
  | { type: 'max'; available: string }
  | { type: 'code'; field: 'emailCode' | 'phoneCode' | 'googleCode'; value: string }
  | { type: 'failed' }
  /** Created: a new submission gets a new key; the address stays for the next one. */
  | { type: 'created'; requestId: string };

const edit = (state: WithdrawState, patch: Partial<WithdrawForm>): WithdrawState => ({
  ...state,
  form: { ...state.form, ...patch },
  problem: null,
});

export function reduceWithdraw(state: WithdrawState, action: WithdrawAction): WithdrawState {
  switch (action.type) {
    case 'target':
      return edit(state, { coin: action.coin, protocol: action.protocol, address: '', tag: '', amount: '' });
    case 'address':
      return edit(state, { address: action.value.trim() });
    case 'picked':
      return edit(state, { address: action.address, tag: action.tag });
    case 'tag':
      return edit(state, { tag: action.value });
    case 'amount':
      return edit(state, { amount: sanitizeNumericInput(action.raw, { decimals: action.decimals }) });
    case 'max':
      return edit(state, { amount: action.available });
    case 'code':
      return edit(state, { [action.field]: action.value });
    case 'failed':
      return { ...state, busy: false };
    case 'created':
      return {
        ...state,
        busy: false,
        form: { ...state.form, amount: '', emailCode: '', phoneCode: '', googleCode: '', requestId: action.requestId },
      };
  }
}

/** Withdrawals are locked for a while after a password change. */
export const isLocked = (info: WithdrawInfo | null, now: number): boolean => info !== null && info.lockedUntil > now;

/** What arrives on chain for the amount typed, or null while it does not cover the fee. */
export const receiveOf = (state: WithdrawState, ctx: WithdrawContext): string | null =>
  receiveAmount(state.form.amount, ctx.network.withdrawFee, ctx.coin.decimals);

/** A submit: the first problem (shown under its field), or the form to send for this coin and network. */
export function planWithdraw(
  state: WithdrawState,
  ctx: WithdrawContext,
  now: number,
): { state: WithdrawState; send: WithdrawForm | null } {
  if (!ctx.info || state.busy) return { state, send: null };
  const problem = withdrawProblem(state.form, ctx.network, ctx.coin.decimals, ctx.info, now);
  if (problem) return { state: { ...state, problem }, send: null };
  return {
    state: { ...state, problem: null, busy: true },
    send: { ...state.form, coin: ctx.coin.unit, protocol: ctx.network.protocol },
  };
}

/** Which field a problem is shown under. */
export const FIELD_OF: Record<WithdrawProblem, 'address' | 'tag' | 'amount' | 'codes' | 'form'> = {
  locked: 'form',
  addressRequired: 'address',
  addressInvalid: 'address',
  memoRequired: 'tag',
  tagRequired: 'tag',
  memoInvalid: 'tag',
  tagInvalid: 'tag',
  amountRequired: 'amount',
  amountInvalid: 'amount',
  belowMin: 'amount',
  overAvailable: 'amount',
  emailCodeRequired: 'codes',
  phoneCodeRequired: 'codes',
  googleCodeRequired: 'codes',
};
