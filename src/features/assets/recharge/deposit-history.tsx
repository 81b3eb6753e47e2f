import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { DEPOSIT_STATUS, type DepositPage, type DepositRecord, loadDeposit } from '../common/api.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { confirmationText, RECORDS_PAGE_SIZE, shortText } from '../common/model.ts';
import { PagedStatus } from '../common/paged-status.tsx';
import { Pager } from '../common/pager.tsx';
import { RecordDetail } from '../common/record-detail.tsx';
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
  const [detail, setDetail] = useState<DepositRecord | null>(null);
  const open = async (record: DepositRecord) => {
    setDetail(record);
    // The table may be a refresh behind: the details are read fresh.
    const r = await loadDeposit(record.id);
    if (isSuccess(r.code) && r.data) setDetail(r.data);
  };
  const { state } = props;

  return (
    <section className="ast-card" data-testid="deposit-history">
      <div className="ast-card-head">
        <h2 className="ast-subtitle">{t('recharge.history.title')}</h2>
        {props.toolbar}
      </div>
      <PagedStatus state={state} onRetry={props.onRetry} empty={t('recharge.history.empty')} />
      {state.status === 'done' && state.page.records.length > 0 ? (
        <div className="ast-table-wrap">
          <table className="ast-table">
            <thead>
              <tr>
                <th>{t('recharge.history.time')}</th>
                <th>{t('recharge.coin')}</th>
                <th>{t('recharge.network')}</th>
                <th className="num">{t('recharge.history.amount')}</th>
                <th className="num">{t('recharge.confirmations')}</th>
                <th>{t('recharge.history.status')}</th>
                <th>{t('recharge.history.txHash')}</th>
                <th aria-label={t('recharge.history.action')} />
              </tr>
            </thead>
            <tbody>
              {state.page.records.map((d) => (
                <tr key={d.id} data-testid="deposit-row" data-status={d.status}>
                  <td className="ast-muted">{formatDateTime(d.createTime)}</td>
                  <td>{d.coin}</td>
                  <td>{d.protocol}</td>
                  <td className="num">{d.amount}</td>
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
          title={t('recharge.history.detailTitle')}
          testId="deposit-detail"
          onClose={() => setDetail(null)}
          facts={[
            [
              t('recharge.history.status'),
              <span key="s" className={`ast-badge d${detail.status}`}>
                {t(statusKey(detail.status))}
              </span>,
            ],
            [t('recharge.history.amount'), `${detail.amount} ${detail.coin}`],
            [t('recharge.network'), detail.protocol],
            [t('recharge.confirmations'), confirmationText(detail.confirmations, detail.requiredConfirmations)],
            [t('recharge.history.address'), detail.address, 'ast-mono ast-break'],
            detail.memo ? [t('recharge.memo.either'), detail.memo, 'ast-mono'] : null,
            [
              t('recharge.history.txHash'),
              <>
                {detail.txHash} <CopyButton value={detail.txHash} />
              </>,
              'ast-mono ast-break',
            ],
            [t('recharge.history.time'), formatDateTime(detail.createTime, true)],
            [
              t('recharge.history.confirmTime'),
              detail.status === DEPOSIT_STATUS.confirmed ? formatDateTime(detail.confirmTime, true) : '--',
            ],
          ]}
        />
      ) : null}
    </section>
  );
}
