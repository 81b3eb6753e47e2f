// The headless model of an address-book entry (spec shell §7 "address book: add, edit"): an on-chain address on a
// coin's network, or a member for internal transfers. The view (address-form.tsx) renders it;
// tests/src/features/assets/address/address-model.test.ts checks it without React.
import { type AddressEntry, type CoinInfo, type EntryDraft, type NetworkInfo, TRANSFER_TYPE } from '../common/api.ts';
import { type EntryProblem, entryProblem, type MemberKind } from '../common/model.ts';

export interface AddressState {
  draft: EntryDraft;
  /** How an internal entry names the member. */
  member: MemberKind;
  problem: EntryProblem | null;
  busy: boolean;
}

export const MEMBER_KINDS: readonly MemberKind[] = ['uid', 'email', 'mobile'];

/** The form for an entry being edited, or a new one of `transferType` (on-chain starts at the first coin). */
export function initialAddress(
  entry: AddressEntry | null,
  transferType: number,
  firstCoin: string,
  areaCode: string,
): AddressState {
  let draft: EntryDraft;
  if (entry) {
    const { id: _id, time: _time, updateTime: _updateTime, ...fields } = entry;
    draft = fields;
  } else {
    draft = {
      transferType,
      coin: transferType === TRANSFER_TYPE.chain ? firstCoin : '',
      protocol: '',
      address: '',
      tag: '',
      uid: '',
      email: '',
      mobile: '',
      areaCode,
      remark: '',
    };
  }
  const member: MemberKind = draft.email ? 'email' : draft.mobile ? 'mobile' : 'uid';
  return { draft, member, problem: null, busy: false };
}

export type AddressAction =
  | { type: 'set'; patch: Partial<EntryDraft> }
  | { type: 'member'; member: MemberKind }
  | { type: 'failed' };

export function reduceAddress(state: AddressState, action: AddressAction): AddressState {
  switch (action.type) {
    case 'set':
      return { ...state, draft: { ...state.draft, ...action.patch }, problem: null };
    case 'member':
      return { ...state, member: action.member, problem: null };
    case 'failed':
      return { ...state, busy: false };
  }
}

export const isChain = (state: AddressState): boolean => state.draft.transferType === TRANSFER_TYPE.chain;

/** The chosen coin among those that can be withdrawn, and its network (the chosen one, else the first open one). */
export function targetOf(
  state: AddressState,
  coins: readonly CoinInfo[],
): { coin: CoinInfo | undefined; network: NetworkInfo | undefined } {
  const coin = coins.find((c) => c.unit === state.draft.coin);
  const network =
    coin?.networks.find((n) => n.protocol === state.draft.protocol && n.canWithdraw) ??
    coin?.networks.find((n) => n.canWithdraw);
  return { coin, network };
}

/**
 * A save: the entry's first problem, or the body to send — only what the entry is (a network's address and its memo
 * where the network needs one, or one way to name the member).
 */
export function planSave(
  state: AddressState,
  coins: readonly CoinInfo[],
): { state: AddressState; send: EntryDraft | null } {
  const chain = isChain(state);
  const { network } = targetOf(state, coins);
  if (state.busy || (chain && !network)) return { state, send: null };
  const problem = entryProblem(state.draft, chain && network ? { network } : { member: state.member });
  if (problem) return { state: { ...state, problem }, send: null };
  const { draft, member } = state;
  const send: EntryDraft = chain
    ? { ...draft, protocol: network?.protocol ?? '', uid: '', email: '', mobile: '', areaCode: '' }
    : {
        ...draft,
        protocol: '',
        address: '',
        tag: '',
        uid: member === 'uid' ? draft.uid.trim() : '',
        email: member === 'email' ? draft.email.trim() : '',
        mobile: member === 'mobile' ? draft.mobile.trim() : '',
        areaCode: member === 'mobile' ? draft.areaCode : '',
      };
  if (chain && !network?.needMemo) send.tag = '';
  return { state: { ...state, problem: null, busy: true }, send };
}
