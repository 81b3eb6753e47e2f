// The headless model of the simulated deposit (non-production /recharge): an amount at the coin's decimals, checked
// as the server will, sent once at a time. The view (deposit-address.tsx) renders it;
// tests/src/features/assets/recharge/simulate-model.test.ts checks it without React.
import { sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { validAmount } from '../common/model.ts';

export interface SimulateState {
  amount: string;
  busy: boolean;
}

/** Starts at the network's deposit minimum, the smallest amount that is credited. */
export const initialSimulate = (depositMin: string): SimulateState => ({ amount: depositMin, busy: false });

export type SimulateAction =
  | { type: 'amount'; text: string; decimals: number }
  | { type: 'network'; depositMin: string }
  | { type: 'done' };

export function reduceSimulate(state: SimulateState, action: SimulateAction): SimulateState {
  switch (action.type) {
    case 'amount':
      return { ...state, amount: sanitizeNumericInput(action.text, { decimals: action.decimals }) };
    case 'network':
      return { ...state, amount: action.depositMin };
    case 'done':
      return { ...state, busy: false };
  }
}

/** A submit: 'invalid' when the amount is not a positive amount of the coin; else the amount to send. */
export function planSimulate(
  state: SimulateState,
  decimals: number,
): { state: SimulateState; send: string | null; invalid: boolean } {
  if (state.busy) return { state, send: null, invalid: false };
  const amount = validAmount(state.amount, decimals);
  if (amount === null) return { state, send: null, invalid: true };
  return { state: { ...state, busy: true }, send: state.amount, invalid: false };
}
