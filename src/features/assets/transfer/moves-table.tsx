import type { ReactNode } from 'react';
import { Pager } from './pager.tsx';

/** A column of a moves history: its head, how a record fills it, and the class both share (alignment). */
export interface MovesColumn<R> {
  head: string;
  cell: (record: R) => ReactNode;
  className?: string;
}

/** A page of a moves history (wallet or internal transfers): the table and its pager. */
export function MovesTable<R extends { id: number }>(props: {
  testId: string;
  columns: readonly MovesColumn<R>[];
  page: { records: readonly R[]; total: number; pageSize: number };
  pageNo: number;
  onPage: (page: number) => void;
}) {
  const { columns, page } = props;
  return (
    <>
      <div className="mv-table-wrap">
        <table className="mv-table" data-testid={props.testId}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.head} className={c.className?.replace('mv-num', '').trim() || undefined}>
                  {c.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.records.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.head} className={c.className}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pageNo={props.pageNo} total={page.total} pageSize={page.pageSize} onPage={props.onPage} />
    </>
  );
}
