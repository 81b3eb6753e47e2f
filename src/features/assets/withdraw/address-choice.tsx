import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Popover } from '../../../ui/popover.tsx';
import { type AddressEntry, type LatestAddress, loadBook, loadLatest, TRANSFER_TYPE } from '../common/api.ts';
import { shortText } from '../common/model.ts';

/** The book holds at most this many entries (server MAX_BOOK_ENTRIES): one request lists a network's. */
const BOOK_LIMIT = 100;

/**
 * Picks a withdrawal address from the address book (entries of this coin and network) or from the recent ones
 * (spec shell §7 "address book: page, latest"); the choice fills the address and the memo or tag.
 */
export function AddressChoice(props: {
  coin: string;
  protocol: string;
  onPick: (address: string, tag: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<AddressEntry[] | null>(null);
  const [recent, setRecent] = useState<LatestAddress[]>([]);
  const { coin, protocol } = props;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setSaved(null);
    void loadBook(1, BOOK_LIMIT, { coin, protocol, transferType: TRANSFER_TYPE.chain }).then((r) => {
      if (live) setSaved(isSuccess(r.code) && r.data ? r.data.records : []);
    });
    void loadLatest(coin, protocol).then((r) => {
      if (live) setRecent(isSuccess(r.code) && r.data ? r.data : []);
    });
    return () => {
      live = false;
    };
  }, [open, coin, protocol]);

  const pick = (address: string, tag: string) => {
    props.onPick(address, tag);
    setOpen(false);
  };

  return (
    <div className="ast-picker ast-book-choice">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="ast-popover ast-popover-end"
        label={t('recharge.withdraw.fromBook')}
        align="end"
        trigger={
          <button type="button" className="btn btn-ghost btn-sm" data-testid="address-book-choice">
            {t('recharge.withdraw.fromBook')}
          </button>
        }
      >
        <p className="ast-label">{t('recharge.withdraw.saved')}</p>
        {saved === null ? <p className="ast-muted ast-small">{t('recharge.loading')}</p> : null}
        {saved?.length === 0 ? (
          <p className="ast-muted ast-small">{t('recharge.withdraw.noSaved', { coin, network: protocol })}</p>
        ) : null}
        <ul className="ast-options">
          {saved?.map((e) => (
            <li key={e.id}>
              <button type="button" onClick={() => pick(e.address, e.tag)} title={e.address}>
                <span className="ast-mono">{shortText(e.address, 10, 8)}</span>
                {e.tag ? <span className="ast-muted">· {e.tag}</span> : null}
                {e.remark ? <span className="ast-muted ast-remark">{e.remark}</span> : null}
              </button>
            </li>
          ))}
        </ul>
        {recent.length > 0 ? (
          <>
            <p className="ast-label">{t('recharge.withdraw.recent')}</p>
            <ul className="ast-options">
              {recent.map((r) => (
                <li key={`${r.address}\u0000${r.tag}`}>
                  <button type="button" onClick={() => pick(r.address, r.tag)} title={r.address}>
                    <span className="ast-mono">{shortText(r.address, 10, 8)}</span>
                    {r.tag ? <span className="ast-muted">· {r.tag}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Link href="/withdraw/address" className="ast-link ast-small">
          {t('recharge.withdraw.manageBook')}
        </Link>
      </Popover>
    </div>
  );
}
