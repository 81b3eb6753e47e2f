import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from '../../../api/request.ts';
import { loadSpotBills, type SpotBill } from './api.ts';
import {
  BillAmount,
  BillReference,
  BillsFooter,
  BillTime,
  CoinFilter,
  FilterSelect,
  RangeAndReset,
  useBills,
} from './bill-parts.tsx';
import { BILL_PAGE_SIZE, dayRange } from './model.ts';

interface Filters {
  type: string;
  coin: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { type: '', coin: '', from: '', to: '' };

/** The spot bills tab of /bill (spec trading §7 /exchange/spot-bill/*): the spot wallet's lines, 10 a page. */
export function SpotBills(props: { types: readonly { type: string; name: string }[]; coins: readonly string[] }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const range = dayRange(filters.from, filters.to);
  // Filters change the query; useBills asks again only when its content changes.
  const params: Params | null =
    range === null
      ? null
      : {
          type: filters.type,
          coin: filters.coin,
          startTime: range.startTime,
          endTime: range.endTime,
          pageNo,
          pageSize: BILL_PAGE_SIZE,
        };
  const { state, reload } = useBills<SpotBill>(loadSpotBills, params);
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPageNo(1);
  };
  const names = new Map(props.types.map((k) => [k.type, k.name]));
  const records = state.status === 'done' ? state.page.records : [];

  return (
    <div data-testid="spot-bills">
      <div className="pty-filters">
        <FilterSelect
          name="type"
          label={t('property.bill.type')}
          value={filters.type}
          onChange={(type) => change({ type })}
        >
          <option value="">{t('property.bill.allTypes')}</option>
          {props.types.map((k) => (
            <option key={k.type} value={k.type}>
              {k.name}
            </option>
          ))}
        </FilterSelect>
        <CoinFilter coins={props.coins} value={filters.coin} onChange={(coin) => change({ coin })} />
        <RangeAndReset
          from={filters.from}
          to={filters.to}
          invalid={range === null}
          onChange={(r) => change(r)}
          onReset={() => change(NO_FILTERS)}
        />
      </div>
      <table className="pty-table" data-testid="bill-table" data-list="spot">
        <thead>
          <tr>
            <th>{t('property.bill.time')}</th>
            <th>{t('property.bill.type')}</th>
            <th>{t('property.bill.coin')}</th>
            <th className="num">{t('property.bill.amount')}</th>
            <th>{t('property.bill.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((b) => (
            <tr key={b.id} data-kind={b.type} data-txn={b.txnId}>
              <BillTime time={b.time} />
              <td>{names.get(b.type) ?? t('property.bill.otherType')}</td>
              <td>{b.coin}</td>
              <BillAmount amount={b.amount} />
              <BillReference txnId={b.txnId} />
            </tr>
          ))}
        </tbody>
      </table>
      <BillsFooter state={state} pageNo={pageNo} onPage={setPageNo} reload={reload} />
    </div>
  );
}
