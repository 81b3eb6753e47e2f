import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { clampPage, HISTORY_PAGE_SIZE } from './rules.ts';

/** `t` with keys built at run time (statuses, action codes): the typed keys are checked in the locale files. */
export type Tx = (key: string, options?: Record<string, unknown>) => string;

export function useTx(): Tx {
  return useTranslation().t as unknown as Tx;
}

/** One column: its header (a contractOrders.orders key) and what a row shows in it. */
export interface Column<T> {
  key: string;
  cell: (row: T) => ReactNode;
  className?: (row: T) => string;
}

/** A list as the spot orders panel draws it (its table styles), with the rows' ids for tests and tools. */
export function Table<T>(props: {
  list: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <table className="orders-table cp-orders-table" data-list={props.list}>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.key}>{t(`contractOrders.orders.${c.key}` as 'contractOrders.orders.time')}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)} data-id={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td key={c.key} className={c.className?.(row)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {props.empty && <p className="orders-none">{t('contractOrders.empty')}</p>}
    </>
  );
}

/** Previous / next over pages of {@link HISTORY_PAGE_SIZE}. */
export function Pager(props: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / HISTORY_PAGE_SIZE));
  const page = clampPage(props.page, props.total);
  if (pages <= 1) return null;
  return (
    <nav className="cp-pager" aria-label={t('contractOrders.pager')}>
      <button type="button" className="link-button" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
        {t('contractOrders.prev')}
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className="link-button" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
        {t('contractOrders.next')}
      </button>
    </nav>
  );
}
