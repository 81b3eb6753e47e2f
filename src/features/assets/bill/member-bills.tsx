import { copyTradingEnabled } from '../../../app/menu.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { WALLET_TYPES } from '../property/api.ts';
import { type BillTypeOption, loadMemberBills, type MemberBill } from './api.ts';
import { BillAmount, BillReference, BillTab, BillTime, FilterSelect, useBillList } from './bill-parts.tsx';

const WALLET_LABELS = {
  funds: 'assets.funds',
  spot: 'assets.spot',
  contract: 'assets.contract',
  follow: 'assets.follow',
} as const;

/**
 * The member bills tab of /bill (spec shell §7 bill-list, trading §9 bill types): every move of the user's wallets
 * with type, coin, account and time filters, 10 a page, exact signed amounts, each linked to its record where a page
 * lists it.
 */
export function MemberBills(props: { types: readonly BillTypeOption[]; coins: readonly string[] }) {
  const { t } = useTranslation();
  const shell = useShell();
  const bills = useBillList<MemberBill>(loadMemberBills, true);
  const { filters } = bills.query;
  const wallets = WALLET_TYPES.filter((w) => w !== 'follow' || copyTradingEnabled(shell));
  const option = (o: BillTypeOption) => (
    <option key={o.type} value={String(o.type)}>
      {o.name}
    </option>
  );
  return (
    <BillTab
      list="member"
      bills={bills}
      coins={props.coins}
      typeSelect={
        <FilterSelect
          name="type"
          label={t('property.bill.type')}
          value={filters.type}
          onChange={(type) => bills.dispatch({ type: 'filter', patch: { type } })}
        >
          <option value="">{t('property.bill.allTypes')}</option>
          {props.types.filter((o) => !o.contract).map(option)}
          <optgroup label={t('property.bill.contractTypes')}>
            {props.types.filter((o) => o.contract).map(option)}
          </optgroup>
        </FilterSelect>
      }
      moreFilters={
        <FilterSelect
          name="wallet"
          label={t('property.bill.wallet')}
          value={filters.wallet}
          onChange={(wallet) => bills.dispatch({ type: 'filter', patch: { wallet } })}
        >
          <option value="">{t('property.bill.allWallets')}</option>
          {wallets.map((w) => (
            <option key={w} value={w}>
              {t(WALLET_LABELS[w])}
            </option>
          ))}
        </FilterSelect>
      }
      head={
        <>
          <th>{t('property.bill.time')}</th>
          <th>{t('property.bill.type')}</th>
          <th>{t('property.bill.wallet')}</th>
          <th>{t('property.bill.coin')}</th>
          <th className="num">{t('property.bill.amount')}</th>
          <th>{t('property.bill.reference')}</th>
        </>
      }
      rows={bills.records.map((b) => (
        <tr key={b.id} data-type={b.type} data-txn={b.txnId}>
          <BillTime time={b.time} />
          <td>{b.typeName}</td>
          <td>{t(WALLET_LABELS[b.wallet])}</td>
          <td>{b.coin}</td>
          <BillAmount amount={b.amount} {...(b.frozen ? { note: t('property.bill.frozenPart') } : {})} />
          <BillReference txnId={b.txnId} />
        </tr>
      ))}
    />
  );
}
