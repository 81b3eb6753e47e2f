import type { FormEvent } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { useFormModel } from '../../../ui/form-store.ts';
import { storedAreaCode, useCountries } from '../../account/countries.ts';
import { PhoneInput } from '../../account/form/fields.tsx';
import { type AddressEntry, addEntry, type CoinInfo, editEntry } from '../common/api.ts';
import { CoinPicker } from '../common/coin-picker.tsx';
import { MAX_REMARK, memoKind } from '../common/model.ts';
import { NetworkPicker } from '../common/network-picker.tsx';
import {
  type AddressAction,
  type AddressState,
  initialAddress,
  isChain,
  MEMBER_KINDS,
  planSave,
  reduceAddress,
  targetOf,
} from './address-model.ts';
import '../../account/account.css';

type Dispatch = (action: AddressAction) => void;

/**
 * Adds or edits an address-book entry (spec shell §7 "address book: add, edit"): an on-chain address on a coin's
 * network (with memo or tag where needed), or a member for internal transfers (UID, e-mail or mobile with area code).
 * The rules are address-model.ts.
 */
export function AddressForm(props: {
  coins: readonly CoinInfo[];
  entry: AddressEntry | null;
  transferType: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const withdrawable = props.coins.filter((c) => c.canWithdraw);
  const { state, dispatch, current, set } = useFormModel(reduceAddress, () =>
    initialAddress(props.entry, props.transferType, withdrawable[0]?.unit ?? '', storedAreaCode()),
  );
  const { network } = targetOf(state, withdrawable);
  const memoWord = t(`recharge.memoInSentence.${memoKind(network?.memoType ?? null)}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planSave(current(), withdrawable);
    set(plan.state);
    if (!plan.send) return;
    const r = props.entry ? await editEntry(props.entry.id, plan.send) : await addEntry(plan.send);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    showToast('success', t('recharge.book.saved'));
    props.onSaved();
  };

  return (
    <Dialog className="ast-dialog" onClose={props.onClose} testId="address-form">
      <DialogHeader
        title={t(props.entry ? 'recharge.book.edit' : 'recharge.book.add')}
        closeLabel={t('recharge.close')}
      />
      <form className="ast-form" onSubmit={(e) => void submit(e)} noValidate>
        {isChain(state) ? (
          <ChainFields state={state} coins={withdrawable} dispatch={dispatch} />
        ) : (
          <MemberFields state={state} coins={props.coins} dispatch={dispatch} />
        )}
        <label className="ast-field">
          <span className="ast-label">{t('recharge.book.remark')}</span>
          <input
            className="ast-input"
            name="remark"
            maxLength={MAX_REMARK}
            placeholder={t('recharge.book.remarkPlaceholder')}
            value={state.draft.remark}
            onChange={(e) => dispatch({ type: 'set', patch: { remark: e.target.value } })}
          />
        </label>
        {state.problem ? (
          <span className="ast-error" role="alert" data-testid="entry-problem">
            {t(`recharge.book.problems.${state.problem}`, {
              network: network?.protocol ?? '',
              label: memoWord,
              max: MAX_REMARK,
            })}
          </span>
        ) : null}
        <div className="ast-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onClose}>
            {t('recharge.back')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={state.busy}>
            {t('recharge.book.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** An on-chain entry: the coin, its network, the address and the memo or tag where the network needs one. */
function ChainFields(props: { state: AddressState; coins: readonly CoinInfo[]; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  const { coin, network } = targetOf(state, props.coins);
  const set = (patch: Partial<AddressState['draft']>) => dispatch({ type: 'set', patch });
  return (
    <>
      <div className="ast-field">
        <span className="ast-label">{t('recharge.coin')}</span>
        <CoinPicker
          coins={props.coins}
          value={state.draft.coin}
          onChange={(next) => set({ coin: next, protocol: '' })}
        />
      </div>
      {coin && network ? (
        <div className="ast-field">
          <span className="ast-label">{t('recharge.network')}</span>
          <NetworkPicker
            networks={coin.networks}
            value={network.protocol}
            purpose="withdraw"
            onChange={(protocol) => set({ protocol })}
          />
        </div>
      ) : null}
      <label className="ast-field">
        <span className="ast-label">{t('recharge.book.address')}</span>
        <input
          className="ast-input ast-mono"
          name="address"
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          placeholder={t('recharge.withdraw.addressPlaceholder', { network: network?.protocol ?? '' })}
          value={state.draft.address}
          onChange={(e) => set({ address: e.target.value.trim() })}
        />
      </label>
      {network?.needMemo ? (
        <label className="ast-field">
          <span className="ast-label">{t(`recharge.memo.${memoKind(network.memoType)}`)}</span>
          <input
            className="ast-input ast-mono"
            name="tag"
            autoComplete="off"
            value={state.draft.tag}
            onChange={(e) => set({ tag: e.target.value })}
          />
        </label>
      ) : null}
    </>
  );
}

/** A member for internal transfers: by UID, e-mail or mobile, and the coin it is for (any by default). */
function MemberFields(props: { state: AddressState; coins: readonly CoinInfo[]; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { state, dispatch } = props;
  const { draft, member } = state;
  const set = (patch: Partial<AddressState['draft']>) => dispatch({ type: 'set', patch });
  return (
    <>
      <div className="ast-field">
        <span className="ast-label">{t('recharge.book.memberBy')}</span>
        <div className="ast-chips" role="radiogroup" aria-label={t('recharge.book.memberBy')}>
          {MEMBER_KINDS.map((k) => (
            // biome-ignore lint/a11y/useSemanticElements: chips are buttons styled as a radio group.
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={member === k}
              className={member === k ? 'ast-chip active' : 'ast-chip'}
              onClick={() => dispatch({ type: 'member', member: k })}
            >
              <strong>{t(`recharge.book.${k}`)}</strong>
            </button>
          ))}
        </div>
      </div>
      {member === 'uid' ? (
        <label className="ast-field">
          <span className="ast-label">{t('recharge.book.uid')}</span>
          <input
            className="ast-input"
            name="uid"
            inputMode="numeric"
            maxLength={8}
            value={draft.uid}
            onChange={(e) => set({ uid: e.target.value.replace(/\D/g, '') })}
          />
        </label>
      ) : null}
      {member === 'email' ? (
        <label className="ast-field">
          <span className="ast-label">{t('recharge.book.email')}</span>
          <input
            className="ast-input"
            name="email"
            type="email"
            maxLength={40}
            value={draft.email}
            onChange={(e) => set({ email: e.target.value.trim() })}
          />
        </label>
      ) : null}
      {member === 'mobile' ? (
        <div className="ast-field">
          <span className="ast-label">{t('recharge.book.mobile')}</span>
          <PhoneInput
            countries={countries}
            areaCode={draft.areaCode}
            onArea={(c) => set({ areaCode: c.areaCode })}
            phone={draft.mobile}
            onPhone={(mobile) => set({ mobile })}
          />
        </div>
      ) : null}
      <div className="ast-field">
        <span className="ast-label">{t('recharge.coin')}</span>
        <select className="ast-input" name="coin" value={draft.coin} onChange={(e) => set({ coin: e.target.value })}>
          <option value="">{t('recharge.book.anyCoin')}</option>
          {props.coins.map((c) => (
            <option key={c.unit} value={c.unit}>
              {c.unit}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
