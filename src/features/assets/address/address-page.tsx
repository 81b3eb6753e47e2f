import { useCallback, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type AddressEntry, deleteEntry, loadBook, TRANSFER_TYPE } from '../common/api.ts';
import { AssetsFrame } from '../common/assets-frame.tsx';
import { RECORDS_PAGE_SIZE, shortText } from '../common/model.ts';
import { PagedStatus } from '../common/paged-status.tsx';
import { Pager } from '../common/pager.tsx';
import { useCoins } from '../common/use-coins.ts';
import { usePaged } from '../common/use-paged.ts';
import { AddressForm } from './address-form.tsx';

const never = () => false;

/** How an internal entry's member reads: the UID, the e-mail, or +area mobile. */
function memberText(e: AddressEntry): string {
  if (e.uid) return `UID ${e.uid}`;
  if (e.email) return e.email;
  return `+${e.areaCode} ${e.mobile}`;
}

/**
 * /withdraw/address, the withdrawal address book (spec shell §2, §7 "address book: page, add, edit, delete"): on-chain
 * addresses and internal entries (members), 10 a page, with an add/edit dialog and delete after a confirmation.
 */
export function AddressPage() {
  const { t } = useTranslation();
  const { state: coinsState } = useCoins();
  const coins = coinsState.status === 'done' ? coinsState.coins : [];
  const [transferType, setTransferType] = useState<number>(TRANSFER_TYPE.chain);
  const load = useCallback((pageNo: number) => loadBook(pageNo, RECORDS_PAGE_SIZE, { transferType }), [transferType]);
  const book = usePaged(load, never);
  const [editing, setEditing] = useState<AddressEntry | 'new' | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const chain = transferType === TRANSFER_TYPE.chain;

  const remove = async (id: number) => {
    setAsking(null);
    const r = await deleteEntry(id);
    if (!isSuccess(r.code)) return;
    showToast('success', t('recharge.book.deleted'));
    // The last entry of a page gone: the page before it.
    const { state } = book;
    if (state.status === 'done' && state.page.records.length === 1 && book.pageNo > 1) book.setPageNo(book.pageNo - 1);
    else book.reload();
  };

  const { state } = book;
  return (
    <AssetsFrame title={t('recharge.book.title')}>
      <div className="ast-toolbar">
        <div className="ast-tabs" role="tablist">
          {[TRANSFER_TYPE.chain, TRANSFER_TYPE.internal].map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              aria-selected={transferType === type}
              className={transferType === type ? 'ast-tab active' : 'ast-tab'}
              onClick={() => {
                setTransferType(type);
                book.setPageNo(1);
              }}
            >
              {t(type === TRANSFER_TYPE.chain ? 'recharge.book.onChain' : 'recharge.book.internal')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={coins.length === 0}
          onClick={() => setEditing('new')}
          data-testid="add-address"
        >
          {t('recharge.book.add')}
        </button>
      </div>
      <section className="ast-card" data-testid="address-book">
        <PagedStatus state={state} onRetry={book.reload} empty={t('recharge.book.empty')} />
        {state.status === 'done' && state.page.records.length > 0 ? (
          <div className="ast-table-wrap">
            <table className="ast-table">
              <thead>
                <tr>
                  <th>{t('recharge.coin')}</th>
                  {chain ? <th>{t('recharge.network')}</th> : null}
                  <th>{t(chain ? 'recharge.book.address' : 'recharge.book.member')}</th>
                  {chain ? <th>{t('recharge.memo.either')}</th> : null}
                  <th>{t('recharge.book.remark')}</th>
                  <th>{t('recharge.history.time')}</th>
                  <th>{t('recharge.history.action')}</th>
                </tr>
              </thead>
              <tbody>
                {state.page.records.map((e) => (
                  <tr key={e.id} data-testid="address-row">
                    <td>{e.coin || t('recharge.book.anyCoin')}</td>
                    {chain ? <td>{e.protocol}</td> : null}
                    <td className={chain ? 'ast-mono' : ''} title={chain ? e.address : memberText(e)}>
                      {chain ? shortText(e.address, 12, 10) : memberText(e)}
                    </td>
                    {chain ? <td className="ast-mono">{e.tag || '--'}</td> : null}
                    <td className="ast-remark">{e.remark || '--'}</td>
                    <td className="ast-muted">{formatDateTime(e.time)}</td>
                    <td className="ast-actions">
                      {asking === e.id ? (
                        <span className="ast-confirm" role="alertdialog" aria-label={t('recharge.book.delete')}>
                          {t('recharge.book.deleteConfirm')}
                          <button type="button" className="btn btn-primary btn-sm" onClick={() => void remove(e.id)}>
                            {t('recharge.confirm')}
                          </button>
                          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(null)}>
                            {t('recharge.back')}
                          </button>
                        </span>
                      ) : (
                        <>
                          <button type="button" className="ast-link" onClick={() => setEditing(e)}>
                            {t('recharge.book.editAction')}
                          </button>
                          <button type="button" className="ast-link" onClick={() => setAsking(e.id)}>
                            {t('recharge.book.delete')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {state.status === 'done' ? (
          <Pager pageNo={book.pageNo} total={state.page.total} pageSize={RECORDS_PAGE_SIZE} onPage={book.setPageNo} />
        ) : null}
      </section>
      {editing ? (
        <AddressForm
          coins={coins}
          entry={editing === 'new' ? null : editing}
          transferType={editing === 'new' ? transferType : editing.transferType}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            book.reload();
          }}
        />
      ) : null}
    </AssetsFrame>
  );
}
