import type { ReactNode } from 'react';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { DEPOSIT_STATUS, type DepositPage, loadDeposit } from '../common/api.ts';
import { confirmationText, shortText } from '../common/model.ts';
import { chainFacts, RecordDetail } from '../common/record-detail.tsx';
import { RecordHistory, useRecordDetail } from '../common/record-history.tsx';
import type { PagedState } from '../common/use-paged.ts';

const statusKey = (status: number) => `recharge.depositStatus.${status as 0 | 1 | 2}` as const;

/** Deposit history (spec shell §7 "/uc/recharge/list", 10 a page, newest first) with each record's details. */
export function DepositHistory(props: {
  state: PagedState<DepositPage>;
  pageNo: number;
  onPage: (pageNo: number) => void;
  onRetry: () => void;
  /** Filters shown beside the title. */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const { detail, open, close } = useRecordDetail(loadDeposit);

  return (
    <RecordHistory
      testId="deposit-history"
      title={t('recharge.history.title')}
      toolbar={props.toolbar}
      state={props.state}
      empty={t('recharge.history.empty')}
      onRetry={props.onRetry}
      pageNo={props.pageNo}
      onPage={props.onPage}
      head={
        <>
          <th>{t('recharge.history.time')}</th>
          <th>{t('recharge.coin')}</th>
          <th>{t('recharge.network')}</th>
          <th className="num">{t('recharge.history.amount')}</th>
          <th className="num">{t('recharge.confirmations')}</th>
          <th>{t('recharge.history.status')}</th>
          <th>{t('recharge.history.txHash')}</th>
          <th aria-label={t('recharge.history.action')} />
        </>
      }
      rows={(records) =>
        records.map((d) => (
          <tr key={d.id} data-testid="deposit-row" data-status={d.status}>
            <td className="ast-muted">{formatDateTime(d.createTime)}</td>
            <td>{d.coin}</td>
            <td>{d.protocol}</td>
            <td className="num">{groupDigits(d.amount)}</td>
            <td className="num">{confirmationText(d.confirmations, d.requiredConfirmations)}</td>
            <td>
              <span className={`ast-badge d${d.status}`}>{t(statusKey(d.status))}</span>
            </td>
            <td className="ast-mono" title={d.txHash}>
              {shortText(d.txHash)}
            </td>
            <td>
              <button type="button" className="ast-link" onClick={() => void open(d)}>
                {t('recharge.history.details')}
              </button>
            </td>
          </tr>
        ))
      }
    >
      {detail ? (
        <RecordDetail
          title={t('recharge.history.detailTitle')}
          testId="deposit-detail"
          onClose={close}
          facts={[
            [
              t('recharge.history.status'),
              <span key="s" className={`ast-badge d${detail.status}`}>
                {t(statusKey(detail.status))}
              </span>,
            ],
            [t('recharge.history.amount'), `${groupDigits(detail.amount)} ${detail.coin}`],
            [t('recharge.network'), detail.protocol],
            [t('recharge.confirmations'), confirmationText(detail.confirmations, detail.requiredConfirmations)],
            ...chainFacts(t, detail),
            [t('recharge.history.time'), formatDateTime(detail.createTime, true)],
            [
              t('recharge.history.confirmTime'),
              detail.status === DEPOSIT_STATUS.confirmed ? formatDateTime(detail.confirmTime, true) : '--',
            ],
          ]}
        />
      ) : null}
    </RecordHistory>
  );
}
