// The headless model of /bind and /change (spec shell §2, §5, §7): the new e-mail or phone with its code, the old
// address's code (change), the bound channels' codes (bind), the first rule that fails and the request it makes.
// The view (bind-page.tsx) renders it; tests/src/features/account/bind-model.test.ts checks it without React.
import type { Channel, FactorCodes, SecuritySetting, SendCodePayload } from '../api.ts';
import { codeError, emailError, missingFactor, phoneError, type RuleKey } from '../validation.ts';

export interface BindState {
  areaCode: string;
  phone: string;
  email: string;
  code: string;
  oldCode: string;
  codes: FactorCodes;
  error: { field: 'address' | 'code' | 'oldCode' | 'factors'; rule: RuleKey } | null;
  busy: boolean;
}

/** Bind a new channel, or change a verified one; `country` is the two-letter code of the area code chosen. */
export interface BindContext {
  channel: Channel;
  change: boolean;
  country: string;
  security: SecuritySetting | null;
}

export const initialBind = (areaCode: string): BindState => ({
  areaCode,
  phone: '',
  email: '',
  code: '',
  oldCode: '',
  codes: {},
  error: null,
  busy: false,
});

export type BindAction =
  | { type: 'set'; patch: Partial<Pick<BindState, 'areaCode' | 'phone' | 'email' | 'code' | 'oldCode' | 'codes'>> }
  | { type: 'failed' };

export function reduceBind(state: BindState, action: BindAction): BindState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.patch };
    case 'failed':
      return { ...state, busy: false };
  }
}

const addressOf = (state: BindState, ctx: BindContext) => (ctx.channel === 'email' ? state.email : state.phone);
const addressError = (state: BindState, ctx: BindContext) =>
  ctx.channel === 'email' ? emailError(state.email) : phoneError(state.phone);

/** The bound channels other than the one being bound: their codes are asked for besides its own. */
export const otherFactors = (security: SecuritySetting, channel: Channel): SecuritySetting => ({
  ...security,
  verifyList: security.verifyList.filter((c) => c !== channel),
});

/** spec shell §5: bind mode needs a non-empty phone or e-mail before a code is sent to it. */
export function planSendNew(state: BindState, ctx: BindContext): { state: BindState; send: SendCodePayload | null } {
  const rule = addressError(state, ctx);
  if (rule) return { state: { ...state, error: { field: 'address', rule } }, send: null };
  const send: SendCodePayload = {
    type: ctx.change ? 'CHANGE' : 'BIND',
    value: addressOf(state, ctx),
    country: ctx.country,
  };
  // spec shell §3: a new phone goes with its area code.
  return { state, send: ctx.channel === 'phone' ? { ...send, areaCode: state.areaCode } : send };
}

/** What a submit asks of the server: bind or change, e-mail or phone. */
export type BindRequest =
  | { kind: 'bindEmail'; email: string; code: string; codes: FactorCodes }
  | { kind: 'bindPhone'; country: string; phone: string; code: string; codes: FactorCodes }
  | { kind: 'changeEmail'; email: string; code: string; oldCode: string; googleCode: string | undefined }
  | {
      kind: 'changePhone';
      country: string;
      phone: string;
      code: string;
      oldCode: string;
      googleCode: string | undefined;
    };

/** A submit: the address, its code, the old address's code (change) and the other channels' codes (bind). */
export function planBind(state: BindState, ctx: BindContext): { state: BindState; request: BindRequest | null } {
  const { security } = ctx;
  if (!security || state.busy) return { state, request: null };
  const fail = (field: NonNullable<BindState['error']>['field'], rule: RuleKey) => ({
    state: { ...state, error: { field, rule } },
    request: null,
  });
  const address = addressError(state, ctx);
  if (address) return fail('address', address);
  const code = codeError(state.code);
  if (code) return fail('code', code);
  if (ctx.change && !state.oldCode) return fail('oldCode', 'codeRequired');
  const missing = ctx.change ? null : missingFactor(otherFactors(security, ctx.channel), state.codes);
  if (missing) return fail('factors', missing);
  const { email, phone, oldCode, codes } = state;
  const googleCode = codes.googleCode;
  let request: BindRequest;
  if (ctx.change) {
    request =
      ctx.channel === 'email'
        ? { kind: 'changeEmail', email, code: state.code, oldCode, googleCode }
        : { kind: 'changePhone', country: ctx.country, phone, code: state.code, oldCode, googleCode };
  } else {
    request =
      ctx.channel === 'email'
        ? { kind: 'bindEmail', email, code: state.code, codes }
        : { kind: 'bindPhone', country: ctx.country, phone, code: state.code, codes };
  }
  return { state: { ...state, busy: true }, request };
}
