import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { storedAreaCode, useCountries } from '../../account/countries.ts';
import { PhoneInput } from '../../account/form/fields.tsx';
import {
  type AddressEntry,
  addEntry,
  type CoinInfo,
  type EntryDraft,
  editEntry,
  TRANSFER_TYPE,
} from '../common/api.ts';
import { CoinPicker } from '../common/coin-picker.tsx';
import { type EntryProblem, entryProblem, MAX_REMARK, type MemberKind, memoKind } from '../common/model.ts';
import { NetworkPicker } from '../common/network-picker.tsx';
import '../../account/account.css';

const MEMBER_KINDS: readonly MemberKind[] = ['uid', 'email', 'mobile'];

function draftOf(entry: AddressEntry | null, transferType: number, coin: string): EntryDraft {
  if (entry) {
    const { id: _id, time: _time, updateTime: _updateTime, ...draft } = entry;
    return draft;
  }
  return {
    transferType,
    coin: transferType === TRANSFER_TYPE.chain ? coin : '',
    protocol: '',
    address: '',
    tag: '',
    uid: '',
    email: '',
    mobile: '',
    areaCode: storedAreaCode(),
    remark: '',
  };
}

const memberOf = (draft: EntryDraft): MemberKind => (draft.email ? 'email' : draft.mobile ? 'mobile' : 'uid');

/**
 * Adds or edits an address-book entry (spec shell §7 "address book: add, edit"): an on-chain address on a coin's
 * network (with memo or tag where needed), or a member for internal transfers (UID, e-mail or mobile with area code).
 */
export function AddressForm(props: {
  coins: readonly CoinInfo[];
  entry: AddressEntry | null;
  transferType: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const withdrawable = props.coins.filter((c) => c.canWithdraw);
  const [draft, setDraft] = useState<EntryDraft>(() =>
    draftOf(props.entry, props.transferType, withdrawable[0]?.unit ?? ''),
  );
  const [member, setMember] = useState<MemberKind>(() => memberOf(draft));
  const [problem, setProblem] = useState<EntryProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<EntryDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };

  const chain = draft.transferType === TRANSFER_TYPE.chain;
  const coin = withdrawable.find((c) => c.unit === draft.coin);
  const network =
    coin?.networks.find((n) => n.protocol === draft.protocol && n.canWithdraw) ??
    coin?.networks.find((n) => n.canWithdraw);
  const memoLabel = t(`recharge.memo.${memoKind(network?.memoType ?? null)}`);
  const memoWord = t(`recharge.memoInSentence.${memoKind(network?.memoType ?? null)}`);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || (chain && !network)) return;
    const found = entryProblem(draft, chain && network ? { network } : { member });
    setProblem(found);
    if (found) return;
    // Only what the entry is: a network's address, or one way to name the member.
    const body: EntryDraft = chain
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
    if (chain && !network?.needMemo) body.tag = '';
    setBusy(true);
    const r = props.entry ? await editEntry(props.entry.id, body) : await addEntry(body);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('recharge.book.saved'));
    props.onSaved();
  };

  const problemLine = problem ? (
    <span className="ast-error" role="alert" data-testid="entry-problem">
      {t(`recharge.book.problems.${problem}`, { network: network?.protocol ?? '', label: memoWord, max: MAX_REMARK })}
    </span>
  ) : null;

  return (
    <Dialog className="ast-dialog" onClose={props.onClose} testId="address-form">
      <DialogHeader
        title={t(props.entry ? 'recharge.book.edit' : 'recharge.book.add')}
        closeLabel={t('recharge.close')}
      />
      <form className="ast-form" onSubmit={(e) => void submit(e)} noValidate>
        {chain ? (
          <>
            <div className="ast-field">
              <span className="ast-label">{t('recharge.coin')}</span>
              <CoinPicker
                coins={withdrawable}
                value={draft.coin}
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
                value={draft.address}
                onChange={(e) => set({ address: e.target.value.trim() })}
              />
            </label>
            {network?.needMemo ? (
              <label className="ast-field">
                <span className="ast-label">{memoLabel}</span>
                <input
                  className="ast-input ast-mono"
                  name="tag"
                  autoComplete="off"
                  value={draft.tag}
                  onChange={(e) => set({ tag: e.target.value })}
                />
              </label>
            ) : null}
          </>
        ) : (
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
                    onClick={() => {
                      setMember(k);
                      setProblem(null);
                    }}
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
              <select
                className="ast-input"
                name="coin"
                value={draft.coin}
                onChange={(e) => set({ coin: e.target.value })}
              >
                <option value="">{t('recharge.book.anyCoin')}</option>
                {props.coins.map((c) => (
                  <option key={c.unit} value={c.unit}>
                    {c.unit}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <label className="ast-field">
          <span className="ast-label">{t('recharge.book.remark')}</span>
          <input
            className="ast-input"
            name="remark"
            maxLength={MAX_REMARK}
            placeholder={t('recharge.book.remarkPlaceholder')}
            value={draft.remark}
            onChange={(e) => set({ remark: e.target.value })}
          />
        </label>
        {problemLine}
        <div className="ast-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={props.onClose}>
            {t('recharge.back')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('recharge.book.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
