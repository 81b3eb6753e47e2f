import { type ReactNode, useState } from 'react';
import { type ApiResult, isSuccess } from '../../../api/request.ts';
import type { Page } from './api.ts';
import { RECORDS_PAGE_SIZE } from './model.ts';
import { PagedStatus } from './paged-status.tsx';
import { Pager } from './pager.tsx';
import type { PagedState } from './use-paged.ts';

/** The record whose details are open: shown at once from the table, then read fresh (the table may be behind). */
export function useRecordDetail<R extends { id: number }>(load: (id: number) => Promise<ApiResult<R>>) {
  const [detail, setDetail] = useState<R | null>(null);
  const open = async (record: R) => {
    setDetail(record);
    const r = await load(record.id);
    if (isSuccess(r.code) && r.data) setDetail(r.data);
  };
  return { detail, open, close: () => setDetail(null) };
}

/**
 * A history of records (deposits, withdrawals; 10 a page): title and tools, the list's state, the table's head and
 * rows, the pager, and whatever the screen opens over it (its detail dialog).
 */
export function RecordHistory<R>(props: {
  testId: string;
  title: string;
  toolbar?: ReactNode;
  state: PagedState<Page<R>>;
  empty: string;
  onRetry: () => void;
  pageNo: number;
  onPage: (pageNo: number) => void;
  head: ReactNode;
  rows: (records: readonly R[]) => ReactNode;
  children?: ReactNode;
}) {
  const { state } = props;
  return (
    <section className="ast-card" data-testid={props.testId}>
      <div className="ast-card-head">
        <h2 className="ast-subtitle">{props.title}</h2>
        {props.toolbar}
      </div>
      <PagedStatus state={state} onRetry={props.onRetry} empty={props.empty} />
      {state.status === 'done' && state.page.records.length > 0 ? (
        <div className="ast-table-wrap">
          <table className="ast-table">
            <thead>
              <tr>{props.head}</tr>
            </thead>
            <tbody>{props.rows(state.page.records)}</tbody>
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
      {props.children}
    </section>
  );
}
