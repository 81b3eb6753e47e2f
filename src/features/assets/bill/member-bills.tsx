import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Params } from '../../../api/request.ts';
import { copyTradingEnabled } from '../../../app/menu.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { WALLET_TYPES } from '../property/api.ts';
import { type BillTypeOption, loadMemberBills, type MemberBill } from './api.ts';
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

const WALLET_LABELS = {
  funds: 'assets.funds',
  spot: 'assets.spot',
  contract: 'assets.contract',
  follow: 'assets.follow',
} as const;

interface Filters {
  type: string;
  coin: string;
  wallet: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { type: '', coin: '', wallet: '', from: '', to: '' };

/**
 * The member bills tab of /bill (spec shell §7 bill-list, trading §9 bill types): every move of the user's wallets
 * with type, coin, account and time filters, 10 a page, exact signed amounts, each linked to its record where a page
 * lists it.
 */
export function MemberBills(props: { types: readonly BillTypeOption[]; coins: readonly string[] }) {
  const { t } = useTranslation();
  const shell = useShell();
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
          wallet: filters.wallet,
          startTime: range.startTime,
          endTime: range.endTime,
          pageNo,
          pageSize: BILL_PAGE_SIZE,
        };
  const { state, reload } = useBills<MemberBill>(loadMemberBills, params);
  const change = (next: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPageNo(1);
  };
  const wallets = WALLET_TYPES.filter((w) => w !== 'follow' || copyTradingEnabled(shell));
  const records = state.status === 'done' ? state.page.records : [];

  return (
    <div data-testid="member-bills">
      <div className="pty-filters">
        <FilterSelect
          name="type"
          label={t('property.bill.type')}
          value={filters.type}
          onChange={(type) => change({ type })}
        >
          <option value="">{t('property.bill.allTypes')}</option>
          {props.types
            .filter((o) => !o.contract)
            .map((o) => (
              <option key={o.type} value={String(o.type)}>
                {o.name}
              </option>
            ))}
          <optgroup label={t('property.bill.contractTypes')}>
            {props.types
              .filter((o) => o.contract)
              .map((o) => (
                <option key={o.type} value={String(o.type)}>
                  {o.name}
                </option>
              ))}
          </optgroup>
        </FilterSelect>
        <CoinFilter coins={props.coins} value={filters.coin} onChange={(coin) => change({ coin })} />
        <FilterSelect
          name="wallet"
          label={t('property.bill.wallet')}
          value={filters.wallet}
          onChange={(wallet) => change({ wallet })}
        >
          <option value="">{t('property.bill.allWallets')}</option>
          {wallets.map((w) => (
            <option key={w} value={w}>
              {t(WALLET_LABELS[w])}
            </option>
          ))}
        </FilterSelect>
        <RangeAndReset
          from={filters.from}
          to={filters.to}
          invalid={range === null}
          onChange={(r) => change(r)}
          onReset={() => change(NO_FILTERS)}
        />
      </div>
      <table className="pty-table" data-testid="bill-table" data-list="member">
        <thead>
          <tr>
            <th>{t('property.bill.time')}</th>
            <th>{t('property.bill.type')}</th>
            <th>{t('property.bill.wallet')}</th>
            <th>{t('property.bill.coin')}</th>
            <th className="num">{t('property.bill.amount')}</th>
            <th>{t('property.bill.reference')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((b) => (
            <tr key={b.id} data-type={b.type} data-txn={b.txnId}>
              <BillTime time={b.time} />
              <td>{b.typeName}</td>
              <td>{t(WALLET_LABELS[b.wallet])}</td>
              <td>{b.coin}</td>
              <BillAmount amount={b.amount} {...(b.frozen ? { note: t('property.bill.frozenPart') } : {})} />
              <BillReference txnId={b.txnId} />
            </tr>
          ))}
        </tbody>
      </table>
      <BillsFooter state={state} pageNo={pageNo} onPage={setPageNo} reload={reload} />
    </div>
  );
}
