import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadSpotBills, type SpotBill } from './api.ts';
import { BillAmount, BillReference, BillTab, BillTime, FilterSelect, useBillList } from './bill-parts.tsx';

/** The spot bills tab of /bill (spec trading §7 /exchange/spot-bill/*): the spot wallet's lines, 10 a page. */
export function SpotBills(props: { types: readonly { type: string; name: string }[]; coins: readonly string[] }) {
  const { t } = useTranslation();
  const bills = useBillList<SpotBill>(loadSpotBills, false);
  const names = new Map(props.types.map((k) => [k.type, k.name]));
  return (
    <BillTab
      list="spot"
      bills={bills}
      coins={props.coins}
      typeSelect={
        <FilterSelect
          name="type"
          label={t('property.bill.type')}
          value={bills.query.filters.type}
          onChange={(type) => bills.dispatch({ type: 'filter', patch: { type } })}
        >
          <option value="">{t('property.bill.allTypes')}</option>
          {props.types.map((k) => (
            <option key={k.type} value={k.type}>
              {k.name}
            </option>
          ))}
        </FilterSelect>
      }
      head={
        <>
          <th>{t('property.bill.time')}</th>
          <th>{t('property.bill.type')}</th>
          <th>{t('property.bill.coin')}</th>
          <th className="num">{t('property.bill.amount')}</th>
          <th>{t('property.bill.reference')}</th>
        </>
      }
      rows={bills.records.map((b) => (
        <tr key={b.id} data-kind={b.type} data-txn={b.txnId}>
          <BillTime time={b.time} />
          <td>{names.get(b.type) ?? t('property.bill.otherType')}</td>
          <td>{b.coin}</td>
          <BillAmount amount={b.amount} />
          <BillReference txnId={b.txnId} />
        </tr>
      ))}
    />
  );
}
