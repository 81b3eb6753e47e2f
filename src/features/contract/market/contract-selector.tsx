import { type ReactNode, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ContractThumb } from '../../../../common/contracts/swap.ts';
import { swapMarket } from '../../../../common/market.ts';
import { useTickers } from '../../../data/hooks.ts';
import { formatChangePercent, formatPriceText } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ChevronDownIcon } from '../../../ui/icons.tsx';
import { Popover } from '../../../ui/popover.tsx';
import { SearchBox } from '../../../ui/search-box.tsx';
import { SortButton } from '../../../ui/sort-button.tsx';
import { type Favourites, useFavourites } from '../../trade/favourites.ts';
import { nextSort, type SelectorRow, type Sort, type SortKey } from '../../trade/market.ts';
import { warmOnHover } from '../../trade/market-views.ts';
import { contractPath } from '../contract-location.ts';
import { type ContractTab, contractMarkets, contractRows, filterContractRows } from './contract-rows.ts';
import { CONTRACT_FAVOURITES, useContractThumbs } from './contract-thumbs.ts';

/**
 * The contract symbol selector (spec trading §2): a 550 px popover with favourites (/swap/contract/favor/*) and the
 * USDT-margined contracts, search and sortable columns, prices live from the worker's tickers. A row opens its contract.
 */
export function ContractSelector(props: {
  symbol: string;
  thumbs: readonly ContractThumb[];
  favourites: Favourites;
  isLogin: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [base = props.symbol, quote = ''] = props.symbol.split('/');
  return (
    <div className="symbol-selector contract-selector">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="selector-popover"
        label={t('contract.selector.open')}
        sideOffset={8}
        trigger={
          <button type="button" className="selector-toggle" title={t('contract.selector.open')}>
            <h1 className="trade-symbol" data-testid="contract-symbol">
              {base}
              {quote} <small className="contract-kind">{t('contract.perpetual')}</small>
            </h1>
            <ChevronDownIcon width={14} height={14} />
          </button>
        }
      >
        {open && <SelectorBody {...props} onChosen={() => setOpen(false)} />}
      </Popover>
    </div>
  );
}

type BodyProps = Parameters<typeof ContractSelector>[0] & { onChosen: () => void };

function SelectorBody(props: BodyProps) {
  const { favourites, isLogin, thumbs } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<ContractTab>('usdt');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const markets = useMemo(() => contractMarkets(thumbs), [thumbs]);
  const tickers = useTickers(markets);
  const all = contractRows(thumbs, tickers?.values ?? null);
  const rows = filterContractRows(all, { tab, query, favourites: favourites.symbols, sort });
  const count = favourites.symbols.size;
  let empty: ReactNode = null;
  if (tab === 'favourites' && !isLogin)
    empty = (
      <div className="selector-empty" data-testid="favourites-login">
        <p>{t('contract.selector.loginPrompt')}</p>
        <button type="button" className="btn-primary" onClick={() => navigate('/login')}>
          {t('contract.selector.login')}
        </button>
      </div>
    );
  else if (rows.length === 0)
    empty = (
      <p className="selector-empty">
        {t(tab === 'favourites' && query === '' ? 'contract.selector.noFavourites' : 'contract.selector.noMatch')}
      </p>
    );
  return (
    <>
      <SearchBox className="selector-search" value={query} label={t('contract.selector.search')} onChange={setQuery} />
      <div className="selector-tabs" role="tablist">
        {(['favourites', 'usdt'] as const).map((k) => (
          <button key={k} type="button" role="tab" data-tab={k} aria-selected={tab === k} onClick={() => setTab(k)}>
            {k === 'usdt'
              ? t('contract.selector.usdtM')
              : isLogin && count > 0
                ? t('contract.selector.favouritesCount', { count })
                : t('contract.selector.favourites')}
          </button>
        ))}
      </div>
      {empty ?? <SelectorTable {...props} rows={rows} sort={sort} onSort={setSort} />}
    </>
  );
}

/**
 * The contracts as the spot selector's contract tab lists them (filtered by its search): choosing one opens the
 * contract terminal.
 */
export function ContractChoices(props: { query: string; isLogin: boolean; onChosen: () => void }) {
  const { t } = useTranslation();
  const { thumbs } = useContractThumbs();
  const favourites = useFavourites(props.isLogin, CONTRACT_FAVOURITES);
  const [sort, setSort] = useState<Sort | null>(null);
  const markets = useMemo(() => contractMarkets(thumbs), [thumbs]);
  const tickers = useTickers(markets);
  const all = contractRows(thumbs, tickers?.values ?? null);
  const rows = filterContractRows(all, { tab: 'usdt', query: props.query, favourites: favourites.symbols, sort });
  if (rows.length === 0) return <p className="selector-empty">{t('contract.selector.noMatch')}</p>;
  const body = { symbol: '', thumbs, favourites, isLogin: props.isLogin, onChosen: props.onChosen };
  return <SelectorTable {...body} rows={rows} sort={sort} onSort={setSort} />;
}

function SelectorTable(
  props: BodyProps & { rows: SelectorRow[]; sort: Sort | null; onSort: (s: Sort | null) => void },
) {
  const { symbol, favourites, rows, sort, onSort, onChosen } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const choose = (next: string) => {
    onChosen();
    if (next !== symbol) navigate(contractPath(next));
  };
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <SortButton
        sortKey={key}
        label={label}
        dir={sort?.key === key ? sort.dir : null}
        title={label}
        onClick={() => onSort(nextSort(sort, key))}
      />
    </th>
  );
  return (
    <div className="selector-list">
      <table>
        <colgroup>
          <col className="star-col" />
          <col />
          <col className="change-col" />
          <col className="price-col" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="star-col" />
            {header('pair', t('contract.selector.contract'))}
            {header('change', t('contract.selector.change'))}
            {header('price', t('contract.selector.lastPrice'))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <ContractRow
              key={r.symbol}
              row={r}
              current={r.symbol === symbol}
              starred={favourites.symbols.has(r.symbol)}
              onStar={favourites.toggle}
              onChoose={choose}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContractRow(props: {
  row: SelectorRow;
  current: boolean;
  starred: boolean;
  onStar: (symbol: string) => void;
  onChoose: (symbol: string) => void;
}) {
  const { row: r, starred, onChoose } = props;
  const { t } = useTranslation();
  const label = t(starred ? 'contract.selector.unfavourite' : 'contract.selector.favourite');
  return (
    <tr
      data-symbol={r.symbol}
      aria-current={props.current}
      onClick={() => onChoose(r.symbol)}
      {...warmOnHover(swapMarket(r.symbol), true)}
    >
      <td className="star-col">
        <button
          type="button"
          className={`star${starred ? ' on' : ''}`}
          aria-pressed={starred}
          aria-label={label}
          title={label}
          onClick={(e) => {
            e.stopPropagation();
            props.onStar(r.symbol);
          }}
        >
          {starred ? '★' : '☆'}
        </button>
      </td>
      <th scope="row">
        <a
          className="pair"
          href={contractPath(r.symbol)}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            onChoose(r.symbol);
          }}
        >
          <span className="base">
            {r.coin}
            {r.unit}
          </span>
          {/* The pair is a flex row: whitespace between its parts collapses. */}
          <span className="quote" style={{ marginLeft: 4 }}>
            {t('contract.perpetual')}
          </span>
        </a>
      </th>
      <td className={r.chg < 0 ? 'down' : 'up'}>{formatChangePercent(r.chg)}</td>
      <td>{formatPriceText(r.price, r.priceScale)}</td>
    </tr>
  );
}
