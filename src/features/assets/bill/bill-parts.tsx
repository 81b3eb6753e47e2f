import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { type ApiResult, isSuccess, type Params } from '../../../api/request.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import type { Page } from '../common/api.ts';
import { type BillQuery, type BillQueryAction, billParams, initialBillQuery, reduceBillQuery } from './filter-model.ts';
import { amountTone, pageCount, recordLink, signedAmount } from './model.ts';

export type BillsState<T> =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'error'; message: string }
  | { status: 'done'; page: Page<T> };

/**
 * One page of bills for `params` (null: the filters are invalid and nothing is asked), reloaded when they change.
 * A stale answer is dropped when the filters move on.
 */
export function useBills<T>(
  load: (params: Params, signal: AbortSignal) => Promise<ApiResult<Page<T>>>,
  params: Params | null,
): { state: BillsState<T>; reload: () => void } {
  const [state, setState] = useState<BillsState<T>>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const key = params === null ? null : JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `params`; `run` is the reload trigger.
  useEffect(() => {
    if (params === null) {
      setState({ status: 'invalid' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    void load(params, controller.signal).then((r) => {
      if (controller.signal.aborted) return; // the filters moved on
      setState(
        isSuccess(r.code) && r.data ? { status: 'done', page: r.data } : { status: 'error', message: r.message },
      );
    });
    return () => controller.abort();
  }, [key, run, load]);
  return { state, reload: () => setRun((n) => n + 1) };
}

/** A bill tab's filters and page (filter-model.ts) and the page of bills they ask for. */
export function useBillList<T>(
  load: (params: Params, signal: AbortSignal) => Promise<ApiResult<Page<T>>>,
  withWallet: boolean,
) {
  const { state: query, dispatch } = useFormModel(reduceBillQuery, initialBillQuery);
  const params = billParams(query, withWallet);
  const { state, reload } = useBills<T>(load, params);
  const records = state.status === 'done' ? state.page.records : [];
  return { query, dispatch, invalid: params === null, state, reload, records };
}

/**
 * A bill tab: its type select, the coin select, its own selects, the day range and reset; then the table with its
 * head and rows, and the footer (states and pager).
 */
export function BillTab<T>(props: {
  list: 'spot' | 'member';
  bills: {
    query: BillQuery;
    dispatch: (action: BillQueryAction) => void;
    invalid: boolean;
    state: BillsState<T>;
    reload: () => void;
  };
  coins: readonly string[];
  typeSelect: ReactNode;
  moreFilters?: ReactNode;
  head: ReactNode;
  rows: ReactNode;
}) {
  const { query, dispatch, invalid, state, reload } = props.bills;
  const { filters } = query;
  return (
    <div data-testid={`${props.list}-bills`}>
      <div className="pty-filters">
        {props.typeSelect}
        <CoinFilter
          coins={props.coins}
          value={filters.coin}
          onChange={(coin) => dispatch({ type: 'filter', patch: { coin } })}
        />
        {props.moreFilters}
        <RangeAndReset
          from={filters.from}
          to={filters.to}
          invalid={invalid}
          onChange={(patch) => dispatch({ type: 'filter', patch })}
          onReset={() => dispatch({ type: 'reset' })}
        />
      </div>
      <table className="pty-table" data-testid="bill-table" data-list={props.list}>
        <thead>
          <tr>{props.head}</tr>
        </thead>
        <tbody>{props.rows}</tbody>
      </table>
      <BillsFooter
        state={state}
        pageNo={query.pageNo}
        onPage={(pageNo) => dispatch({ type: 'page', pageNo })}
        reload={reload}
      />
    </div>
  );
}

/** The date range fields of a bill filter (yyyy-mm-dd) and the button that clears every filter. */
export function RangeAndReset(props: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  invalid: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  return (
    <>
      <div className="pty-field">
        <label htmlFor={fromId}>{t('property.bill.from')}</label>
        <input
          id={fromId}
          type="date"
          value={props.from}
          aria-invalid={props.invalid}
          onChange={(e) => props.onChange({ from: e.target.value, to: props.to })}
        />
      </div>
      <div className="pty-field">
        <label htmlFor={toId}>{t('property.bill.to')}</label>
        <input
          id={toId}
          type="date"
          value={props.to}
          aria-invalid={props.invalid}
          onChange={(e) => props.onChange({ from: props.from, to: e.target.value })}
        />
      </div>
      <button type="button" className="btn btn-ghost btn-sm" onClick={props.onReset}>
        {t('property.bill.reset')}
      </button>
    </>
  );
}

/** The coin select of a bill filter. */
export function CoinFilter(props: { coins: readonly string[]; value: string; onChange: (coin: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect name="coin" label={t('property.bill.coin')} value={props.value} onChange={props.onChange}>
      <option value="">{t('property.bill.allCoins')}</option>
      {props.coins.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </FilterSelect>
  );
}

/** A labelled select of a bill filter. */
export function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  name: string;
}) {
  const id = useId();
  return (
    <div className="pty-field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.children}
      </select>
    </div>
  );
}

/** A bill's time, amount and reference cells. */
export function BillTime({ time }: { time: number }) {
  return <td>{formatDateTime(time, true)}</td>;
}

export function BillAmount({ amount, note }: { amount: string; note?: string }) {
  return (
    <td className={`num ${amountTone(amount)}`} data-col="amount">
      {groupDigits(signedAmount(amount))}
      {note && <span className="muted small"> {note}</span>}
    </td>
  );
}

export function BillReference({ txnId }: { txnId: string }) {
  const link = recordLink(txnId);
  return <td className="pty-ref">{link ? <Link href={link}>{txnId}</Link> : txnId}</td>;
}

/** The list's states under the table: loading, bad filter, error with retry, empty, and the pager. */
export function BillsFooter<T>(props: {
  state: BillsState<T>;
  pageNo: number;
  onPage: (pageNo: number) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { state, pageNo } = props;
  if (state.status === 'loading') return <p className="pty-state muted">{t('common.loading')}</p>;
  if (state.status === 'invalid') {
    return (
      <p className="pty-state pty-error" role="alert">
        {t('property.bill.badRange')}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="pty-state" role="alert">
        <p>{state.message || t('property.bill.error')}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.reload}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.page.total === 0) return <p className="pty-state muted">{t('property.bill.empty')}</p>;
  const pages = pageCount(state.page.total, state.page.pageSize);
  return (
    <nav className="pty-pager" aria-label={t('property.bill.pages')} data-testid="bill-pager">
      <span className="muted">{t('property.bill.count', { total: state.page.total })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={pageNo <= 1}
        onClick={() => props.onPage(pageNo - 1)}
      >
        {t('property.bill.prev')}
      </button>
      <span data-testid="bill-page-no">{t('property.bill.page', { page: pageNo, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={pageNo >= pages}
        onClick={() => props.onPage(pageNo + 1)}
      >
        {t('property.bill.next')}
      </button>
    </nav>
  );
}
