import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { cancelWithdrawal, loadWithdrawal, type Page, type WithdrawRecord } from '../common/api.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { RECORDS_PAGE_SIZE, shortText } from '../common/model.ts';
import { PagedStatus } from '../common/paged-status.tsx';
import { Pager } from '../common/pager.tsx';
import { RecordDetail } from '../common/record-detail.tsx';
import type { PagedState } from '../common/use-paged.ts';

const statusKey = (status: number) => `recharge.withdrawStatus.${status as 0 | 1 | 2 | 3 | 4}` as const;
const REASONS = ['user', 'review', 'chain'] as const;
const reasonKey = (reason: string) =>
  (REASONS as readonly string[]).includes(reason) ? (`recharge.reasons.${reason as 'user'}` as const) : null;

/**
 * Withdrawal history (spec shell §7 "/uc/withdraw/list, detail, cancel"; 10 a page): status of each, cancel while it
 * is under review (with a confirmation), and the details of one.
 */
export function WithdrawHistory(props: {
  state: PagedState<Page<WithdrawRecord>>;
  pageNo: number;
  onPage: (pageNo: number) => void;
  onRetry: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<WithdrawRecord | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { state } = props;

  const open = async (record: WithdrawRecord) => {
    setDetail(record);
    const r = await loadWithdrawal(record.id);
    if (isSuccess(r.code) && r.data) setDetail(r.data);
  };
  const cancel = async (id: number) => {
    if (busy) return;
    setBusy(true);
    const r = await cancelWithdrawal(id);
    setBusy(false);
    setAsking(null);
    if (isSuccess(r.code)) showToast('success', t('recharge.history.cancelled'));
    // Refreshed either way: a refusal means the record moved on (processing) meanwhile.
    props.onChanged();
  };

  return (
    <section className="ast-card" data-testid="withdraw-history">
      <h2 className="ast-subtitle">{t('recharge.history.withdrawTitle')}</h2>
      <PagedStatus state={state} onRetry={props.onRetry} empty={t('recharge.history.withdrawEmpty')} />
      {state.status === 'done' && state.page.records.length > 0 ? (
        <div className="ast-table-wrap">
          <table className="ast-table">
            <thead>
              <tr>
                <th>{t('recharge.history.time')}</th>
                <th>{t('recharge.coin')}</th>
                <th>{t('recharge.network')}</th>
                <th>{t('recharge.history.address')}</th>
                <th className="num">{t('recharge.history.amount')}</th>
                <th className="num">{t('recharge.withdraw.fee')}</th>
                <th>{t('recharge.history.status')}</th>
                <th>{t('recharge.history.action')}</th>
              </tr>
            </thead>
            <tbody>
              {state.page.records.map((w) => (
                <tr key={w.id} data-testid="withdraw-row" data-status={w.status}>
                  <td className="ast-muted">{formatDateTime(w.createTime)}</td>
                  <td>{w.coin}</td>
                  <td>{w.protocol}</td>
                  <td className="ast-mono" title={w.address}>
                    {shortText(w.address)}
                  </td>
                  <td className="num">{w.amount}</td>
                  <td className="num">{w.fee}</td>
                  <td>
                    <span className={`ast-badge w${w.status}`}>{t(statusKey(w.status))}</span>
                  </td>
                  <td className="ast-actions">
                    <button type="button" className="ast-link" onClick={() => void open(w)}>
                      {t('recharge.history.details')}
                    </button>
                    {w.cancellable && asking !== w.id ? (
                      <button type="button" className="ast-link" onClick={() => setAsking(w.id)}>
                        {t('recharge.history.cancel')}
                      </button>
                    ) : null}
                    {w.cancellable && asking === w.id ? (
                      <span className="ast-confirm" role="alertdialog" aria-label={t('recharge.history.cancel')}>
                        {t('recharge.history.cancelConfirm')}
                        <button
                          type="button"
                          className="btn btn-primary btn-sm"
                          disabled={busy}
                          onClick={() => void cancel(w.id)}
                        >
                          {t('recharge.confirm')}
                        </button>
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(null)}>
                          {t('recharge.back')}
                        </button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {state.status === 'done' ? (
        <Pager
          pageNo={props.pageNo}
          total={state.page.total}
          pageSize={state.page.pageSize || RECORDS_PAGE_SIZE}
          onPage={props.onPage}
        />
      ) : null}
      {detail ? (
        <RecordDetail
          title={t('recharge.history.withdrawDetail')}
          testId="withdraw-detail"
          onClose={() => setDetail(null)}
          facts={[
            [
              t('recharge.history.status'),
              <span key="s" className={`ast-badge w${detail.status}`}>
                {t(statusKey(detail.status))}
              </span>,
            ],
            [t('recharge.history.amount'), `${detail.amount} ${detail.coin}`],
            [t('recharge.withdraw.fee'), `${detail.fee} ${detail.coin}`],
            [t('recharge.withdraw.receive'), `${detail.arrivedAmount} ${detail.coin}`],
            [t('recharge.network'), detail.protocol],
            [t('recharge.history.address'), detail.address, 'ast-mono ast-break'],
            detail.tag ? [t('recharge.memo.either'), detail.tag, 'ast-mono'] : null,
            [
              t('recharge.history.txHash'),
              detail.txHash ? (
                <>
                  {detail.txHash} <CopyButton value={detail.txHash} />
                </>
              ) : (
                '--'
              ),
              'ast-mono ast-break',
            ],
            detail.reason && reasonKey(detail.reason)
              ? [t('recharge.history.reason'), t(reasonKey(detail.reason) ?? 'recharge.reasons.user')]
              : null,
            [t('recharge.history.time'), formatDateTime(detail.createTime, true)],
            [t('recharge.history.finishTime'), formatDateTime(detail.finishTime, true)],
          ]}
        />
      ) : null}
    </section>
  );
}
