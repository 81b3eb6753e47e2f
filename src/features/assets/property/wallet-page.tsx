import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { ApiCode } from '../../../../common/api.ts';
import { isSuccess } from '../../../api/request.ts';
import { useBalancesShown } from '../../../app/preferences.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { formatCurrency } from '../../../format/currency.ts';
import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useVirtualRows } from '../../../ui/virtual-rows.ts';
import { NotFound } from '../../shell/not-found.tsx';
import { loadWallet, type WalletRow, type WalletType, type WalletView } from './api.ts';
import { BalancesEye } from './balances-eye.tsx';
import {
  DEFAULT_SORT,
  masked,
  nextSort,
  rowActions,
  type Sort,
  type SortKey,
  usdtInCurrency,
  visibleRows,
} from './model.ts';
import { PropertyLayout } from './property-layout.tsx';

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'missing' }
  | { status: 'done'; view: WalletView };

const LABELS = {
  funds: 'assets.funds',
  spot: 'assets.spot',
  contract: 'assets.contract',
  follow: 'assets.follow',
} as const satisfies Record<WalletType, string>;

const COLUMNS: readonly { key: SortKey; label: 'coin' | 'total' | 'available' | 'frozen' | 'usdtValue' }[] = [
  { key: 'coin', label: 'coin' },
  { key: 'total', label: 'total' },
  { key: 'available', label: 'available' },
  { key: 'frozen', label: 'frozen' },
  { key: 'value', label: 'usdtValue' },
];

/**
 * `/property/funds|spot|contract|follow`: one wallet's coins (spec shell §2, §3 "Balance rows") with total, available,
 * frozen and USDT value, a search, the hide-small-balances switch and sortable columns; deposit and withdraw on the
 * funds wallet (where deposits land), transfer everywhere, trade on spot. The follow wallet exists only while copy
 * trading is enabled: the server refuses it otherwise and the page is not found.
 */
export function WalletPage({ wallet }: { wallet: WalletType }) {
  const { t } = useTranslation();
  const shell = useShell();
  const shown = useBalancesShown();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useState(false);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const searchId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    void loadWallet(wallet, controller.signal).then((r) => {
      if (controller.signal.aborted) return; // the page moved on
      const view = r.data?.wallets[0];
      if (isSuccess(r.code) && view) setLoad({ status: 'done', view });
      // The follow wallet while copy trading is disabled.
      else if (r.code === ApiCode.notFound) setLoad({ status: 'missing' });
      else setLoad({ status: 'error', message: r.message });
    });
    return () => controller.abort();
  }, [wallet, run]);

  if (load.status === 'missing') return <NotFound />;
  const view = load.status === 'done' ? load.view : null;
  const rows = view ? visibleRows(view.balances, { search, hideSmall, sort }) : [];
  const hide = (text: string) => masked(text, shown);
  const inCurrency = (usdt: string) => usdtInCurrency(usdt, shell.rate, shell.currency);

  return (
    <PropertyLayout>
      <div className="pty-panel" data-testid="wallet-page" data-wallet={wallet}>
        <div className="pty-head">
          <div>
            <h1 className="pty-title">{t(LABELS[wallet])}</h1>
            <div className="pty-label">
              {t('property.walletTotal')} <BalancesEye />
            </div>
            <div className="pty-total" data-testid="wallet-total">
              {view ? hide(inCurrency(view.totalUsdt)) : t('common.loading')}
            </div>
            {view && (
              <div className="pty-sub muted">
                {t('property.usable')}: {hide(inCurrency(view.usableUsdt))}
              </div>
            )}
          </div>
          <div className="pty-actions">
            {wallet === 'funds' && (
              <>
                <Link href="/recharge" className="btn btn-primary btn-sm">
                  {t('property.actions.deposit')}
                </Link>
                <Link href="/withdraw" className="btn btn-ghost btn-sm">
                  {t('property.actions.withdraw')}
                </Link>
              </>
            )}
            <Link href={`/transfer?from=${wallet}`} className="btn btn-ghost btn-sm">
              {t('property.actions.transfer')}
            </Link>
            <Link href="/bill" className="btn btn-ghost btn-sm">
              {t('property.actions.bills')}
            </Link>
          </div>
        </div>

        <div className="pty-tools">
          <label className="pty-search" htmlFor={searchId}>
            <span className="visually-hidden">{t('property.search')}</span>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('property.search')}
              maxLength={20}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <label className="pty-check">
            <input type="checkbox" checked={hideSmall} onChange={(e) => setHideSmall(e.target.checked)} />
            {t('property.hideSmall')}
          </label>
        </div>

        {load.status === 'error' && (
          <div className="pty-state" role="alert">
            <p>{load.message || t('assets.unavailable')}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRun((n) => n + 1)}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {load.status === 'loading' && <p className="pty-state muted">{t('common.loading')}</p>}

        {view && (
          <WalletTable wallet={wallet} rows={rows} sort={sort} onSort={(key) => setSort((s) => nextSort(s, key))} />
        )}
        {view && rows.length === 0 && <p className="pty-state muted">{t('property.noCoins')}</p>}
      </div>
    </PropertyLayout>
  );
}

/** Fixed height of a coin row (property.css); the table is virtualised, as a wallet holds every coin listed. */
const ROW_HEIGHT = 56;
const VIEWPORT = 560;

/** The coins of a wallet: sortable headers that stay on top, and only the rows in view rendered. */
function WalletTable(props: {
  wallet: WalletType;
  rows: readonly WalletRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation();
  const { wallet, rows, sort } = props;
  const shown = useBalancesShown();
  const hide = (text: string) => masked(text, shown);
  const view = useVirtualRows(rows.length, ROW_HEIGHT, VIEWPORT);
  return (
    <div className="pty-table-scroll" ref={view.scrollerRef}>
      <table className="pty-table" data-testid="wallet-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                className={c.key === 'coin' ? '' : 'num'}
                aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
              >
                <button type="button" className="pty-sort" onClick={() => props.onSort(c.key)}>
                  {t(`property.${c.label}`)}
                  <span aria-hidden="true">{sort.key === c.key ? (sort.desc ? ' ↓' : ' ↑') : ''}</span>
                </button>
              </th>
            ))}
            <th className="num">{t('property.action')}</th>
          </tr>
        </thead>
        <tbody ref={view.bodyRef}>
          {view.before > 0 && <tr className="pty-spacer" style={{ height: view.before }} />}
          {rows.slice(view.start, view.end).map((r) => (
            <WalletRowView key={r.unit} wallet={wallet} row={r} hide={hide} />
          ))}
          {view.after > 0 && <tr className="pty-spacer" style={{ height: view.after }} />}
        </tbody>
      </table>
    </div>
  );
}

function WalletRowView({
  wallet,
  row: r,
  hide,
}: {
  wallet: WalletType;
  row: WalletRow;
  hide: (text: string) => string;
}) {
  const { t } = useTranslation();
  const actions = rowActions(wallet, r);
  return (
    <tr data-coin={r.unit}>
      <td>
        <span className="pty-coin">
          <img src={r.coin.logoUrl} alt="" width={22} height={22} loading="lazy" />
          <span>
            <b>{r.unit}</b>
            <span className="muted small">{r.coin.name}</span>
          </span>
        </span>
      </td>
      <td className="num" data-col="total">
        {hide(groupDigits(r.total))}
      </td>
      <td className="num" data-col="available">
        {hide(groupDigits(r.balance))}
      </td>
      <td className="num" data-col="frozen">
        {hide(groupDigits(r.frozenBalance))}
      </td>
      <td className="num" data-col="value">
        {hide(formatCurrency(r.usdtValue, 'USDT'))}
      </td>
      <td className="num pty-row-actions">
        {actions.deposit && <Link href={`/recharge?coin=${r.unit}`}>{t('property.actions.deposit')}</Link>}
        {actions.withdraw && <Link href={`/withdraw?coin=${r.unit}`}>{t('property.actions.withdraw')}</Link>}
        {actions.transfer && (
          <Link href={`/transfer?coin=${r.unit}&from=${wallet}`}>{t('property.actions.transfer')}</Link>
        )}
        {actions.trade && <Link href={actions.trade}>{t('property.actions.trade')}</Link>}
      </td>
    </tr>
  );
}
