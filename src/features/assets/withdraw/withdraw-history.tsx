import { useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { cancelWithdrawal, loadWithdrawal, type Page, type WithdrawRecord } from '../common/api.ts';
import { shortText } from '../common/model.ts';
import { chainFacts, RecordDetail } from '../common/record-detail.tsx';
import { RecordHistory, useRecordDetail } from '../common/record-history.tsx';
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
  const { detail, open, close } = useRecordDetail(loadWithdrawal);
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

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
    <RecordHistory
      testId="withdraw-history"
      title={t('recharge.history.withdrawTitle')}
      state={props.state}
      empty={t('recharge.history.withdrawEmpty')}
      onRetry={props.onRetry}
      pageNo={props.pageNo}
      onPage={props.onPage}
      head={
        <>
          <th>{t('recharge.history.time')}</th>
          <th>{t('recharge.coin')}</th>
          <th>{t('recharge.network')}</th>
          <th>{t('recharge.history.address')}</th>
          <th className="num">{t('recharge.history.amount')}</th>
          <th className="num">{t('recharge.withdraw.fee')}</th>
          <th>{t('recharge.history.status')}</th>
          <th>{t('recharge.history.action')}</th>
        </>
      }
      rows={(records) =>
        records.map((w) => (
          <tr key={w.id} data-testid="withdraw-row" data-status={w.status}>
            <td className="ast-muted">{formatDateTime(w.createTime)}</td>
            <td>{w.coin}</td>
            <td>{w.protocol}</td>
            <td className="ast-mono" title={w.address}>
              {shortText(w.address)}
            </td>
            <td className="num">{groupDigits(w.amount)}</td>
            <td className="num">{groupDigits(w.fee)}</td>
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
        ))
      }
    >
      {detail ? (
        <RecordDetail
          title={t('recharge.history.withdrawDetail')}
          testId="withdraw-detail"
          onClose={close}
          facts={[
            [
              t('recharge.history.status'),
              <span key="s" className={`ast-badge w${detail.status}`}>
                {t(statusKey(detail.status))}
              </span>,
            ],
            [t('recharge.history.amount'), `${groupDigits(detail.amount)} ${detail.coin}`],
            [t('recharge.withdraw.fee'), `${groupDigits(detail.fee)} ${detail.coin}`],
            [t('recharge.withdraw.receive'), `${groupDigits(detail.arrivedAmount)} ${detail.coin}`],
            [t('recharge.network'), detail.protocol],
            ...chainFacts(t, { ...detail, memo: detail.tag }),
            detail.reason && reasonKey(detail.reason)
              ? [t('recharge.history.reason'), t(reasonKey(detail.reason) ?? 'recharge.reasons.user')]
              : null,
            [t('recharge.history.time'), formatDateTime(detail.createTime, true)],
            [t('recharge.history.finishTime'), formatDateTime(detail.finishTime, true)],
          ]}
        />
      ) : null}
    </RecordHistory>
  );
}
